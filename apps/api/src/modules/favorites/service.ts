/**
 * Favorites (spec §3, §4, §7): a signed-in user's kept listings. Every change answers the caller's
 * whole list (spec §4: it replaces the client's local favorites). Adding and removing write a domain event in
 * their transaction — `favorite.added` / `favorite.removed` `{userId, listingId, sellerId, at}` (ISO time) —
 * which seller statistics count. Sold, withdrawn and deleted listings stay in the list with `available: false`.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FAVORITES_MAX, type FavoriteItem } from '@vitrina/contract/favorites';
import type { Db, Tx } from '../../db/client.js';
import { favorites, products } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { cardOf, cardRows } from '../catalog/index.js';

/** Event of a listing added to someone's favorites (not on a repeat): `{userId, listingId, sellerId, at}`. */
export const FAVORITE_ADDED = 'favorite.added';
/** Event of a listing taken out of someone's favorites: `{userId, listingId, sellerId, at}`. */
export const FAVORITE_REMOVED = 'favorite.removed';

const newestFirst = [desc(favorites.createdAt), desc(favorites.productId)];

/** The caller's favorite listing ids, newest first. */
export async function favoriteIds(db: Db | Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...newestFirst)
    .limit(FAVORITES_MAX);
  return rows.map((r) => r.id);
}

/**
 * The caller's favorites, newest first: the catalog's cards (one query for all of them) plus `added_at`,
 * `available` (on sale with a size in stock) and `old_price` (the price when added, rubles, when it is lower now).
 */
export async function favoriteList(db: Db, userId: number): Promise<FavoriteItem[]> {
  const kept = await db
    .select({ id: favorites.productId, at: favorites.createdAt, price: favorites.priceAtAdd })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(...newestFirst)
    .limit(FAVORITES_MAX);
  const added = new Map(kept.map((k) => [k.id, k]));
  const rows = await cardRows(db, [...added.keys()]);
  return rows.map((r) => {
    const card = cardOf(r);
    const { at, price: then } = added.get(r.id)!;
    const available = (r.status === 'active' || r.status === 'reserved') && r.offers.length > 0;
    // Kopecks then against the card's rubles now: struck through only when it got cheaper since.
    const oldPrice = then !== null && available && toRubles(then) > card.price ? toRubles(then) : null;
    return { ...card, added_at: at.toISOString(), available, old_price: oldPrice };
  });
}

/** The listing a favorites call names, or 404 (a draft is only the owner's to keep). */
async function listingFor(tx: Tx, userId: number, id: number, forAdd: boolean) {
  const [p] = await tx
    .select({ id: products.id, ownerId: products.ownerId, status: products.status, minPrice: products.minPrice })
    .from(products)
    .where(eq(products.id, id));
  const hidden =
    p &&
    forAdd &&
    (p.status === 'deleted' ||
      ((p.status === 'draft' || p.status === 'blocked' || p.status === 'pending_review') && p.ownerId !== userId));
  if (!p || hidden) throw notFound('Товар не найден.');
  return p;
}

/** Serialises one user's favorites changes (the cap is counted under it). */
const lockUser = (tx: Tx, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`favorites:${userId}`}))`);

/**
 * `POST /v1/favorites/{id}/add-to-favorites/`: keeps a listing (adding twice keeps one and emits nothing).
 * @returns the caller's whole list after the change
 * @throws ApiError 404 (unknown, deleted or someone else's draft), 400 (past {@link FAVORITES_MAX})
 */
export async function addFavorite(app: FastifyInstance, userId: number, id: number): Promise<FavoriteItem[]> {
  await app.db.transaction(async (tx) => {
    const p = await listingFor(tx, userId, id, true);
    await lockUser(tx, userId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .where(eq(favorites.userId, userId));
    const now = app.clock.now();
    const made = await tx
      .insert(favorites)
      .values({ userId, productId: id, createdAt: now, priceAtAdd: p.minPrice })
      .onConflictDoNothing()
      .returning({ id: favorites.productId });
    if (made.length && Number(n) >= FAVORITES_MAX)
      throw badRequest(`В избранном может быть не больше ${FAVORITES_MAX} вещей. Уберите что-нибудь из списка.`);
    if (made.length)
      await app.events.emit(tx, FAVORITE_ADDED, {
        userId,
        listingId: id,
        sellerId: p.ownerId,
        at: now.toISOString(),
      });
  });
  // Read after the commit: the cards come from a prepared statement on the pool, outside the transaction.
  return favoriteList(app.db, userId);
}

/**
 * `POST /v1/favorites/{id}/remove-favorite/`: takes a listing out (nothing to take out is not an error).
 * @returns the caller's whole list after the change
 * @throws ApiError 404 (no such listing)
 */
export async function removeFavorite(app: FastifyInstance, userId: number, id: number): Promise<FavoriteItem[]> {
  await app.db.transaction(async (tx) => {
    const p = await listingFor(tx, userId, id, false);
    await lockUser(tx, userId);
    const gone = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.productId, id)))
      .returning({ id: favorites.productId });
    if (gone.length)
      await app.events.emit(tx, FAVORITE_REMOVED, {
        userId,
        listingId: id,
        sellerId: p.ownerId,
        at: app.clock.now().toISOString(),
      });
  });
  // Read after the commit: the cards come from a prepared statement on the pool, outside the transaction.
  return favoriteList(app.db, userId);
}

/**
 * `GET /v1/favorites/{id}/count/`: how many people keep the caller's listing («В избранном у N»).
 * @throws ApiError 404 when the listing isn't the caller's
 */
export async function favoriteCount(db: Db, userId: number, id: number): Promise<number> {
  const [p] = await db.select({ ownerId: products.ownerId }).from(products).where(eq(products.id, id));
  if (!p || p.ownerId !== userId) throw notFound('Товар не найден.');
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .where(eq(favorites.productId, id));
  return Number(n);
}
