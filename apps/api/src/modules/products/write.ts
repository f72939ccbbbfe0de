/**
 * Selling writes (spec §4, §7): create, edit, draft, publish and delete listings. Owns writes to `products`,
 * `offers` and `product_photos`. Every write runs in one transaction and keeps `min_price`, `search_text`,
 * `published_at` and `updated_at` correct. Money: kopecks in the database, rubles in and out.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Listing, ListingInput } from '@vitrina/contract/products';
import type { Tx } from '../../db/client.js';
import { offers, orderItems, productPhotos, products } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { toKopecks, toRubles } from '../../lib/money.js';
import { takeUserLimit } from '../../plugins/user-limits.js';
import type { StoredImage } from '../media/index.js';
import { publishedStatus } from './authenticity.js';
import { lockOwnedListing } from './write-lock.js';
import { checkFlags, isTrue, validateListing, type RawFields } from './fields.js';
import { applyPhotoEdit, planPhotoEdit } from './photos.js';
import { getListing } from './read.js';
import { resolveRefs, type Resolved } from './refs.js';
import { slugify } from './slug.js';

/** The `products` columns a valid listing with resolved references sets (create and edit alike). */
const listingColumns = (v: ListingInput, refs: Resolved) => ({
  title: v.title,
  description: v.description,
  brandId: refs.brandId,
  brandText: refs.brandId === null ? (v.brand_text ?? null) : null,
  noBrand: refs.brandId === null && !v.brand_text && v.no_brand === true,
  categoryId: v.category,
  type: refs.type,
  condition: v.condition,
  color: v.color,
  searchText: refs.searchText,
});

/** Replaces a listing's offers by size; offers already ordered are kept with count 0 instead of deleted. */
async function writeOffers(tx: Tx, productId: number, v: ListingInput, sizeIds: Map<string, number | null>) {
  const existing = await tx.select().from(offers).where(eq(offers.productId, productId));
  const bySize = new Map(existing.map((o) => [o.size.toLowerCase(), o]));
  const keep = new Set<number>();
  for (const s of v.sizes) {
    const old = bySize.get(s.size.toLowerCase());
    if (old) {
      keep.add(old.id);
      await tx
        .update(offers)
        .set({ size: s.size, price: toKopecks(s.price), count: s.count, sizeId: sizeIds.get(s.size) ?? null })
        .where(eq(offers.id, old.id));
    } else {
      await tx.insert(offers).values({
        productId,
        size: s.size,
        sizeId: sizeIds.get(s.size) ?? null,
        price: toKopecks(s.price),
        count: s.count,
      });
    }
  }
  const gone = existing.filter((o) => !keep.has(o.id)).map((o) => o.id);
  if (gone.length) {
    const ordered = await tx
      .selectDistinct({ id: orderItems.offerId })
      .from(orderItems)
      .where(inArray(orderItems.offerId, gone));
    const orderedIds = new Set(ordered.map((o) => o.id));
    const del = gone.filter((id) => !orderedIds.has(id));
    if (del.length) await tx.delete(offers).where(inArray(offers.id, del));
    if (orderedIds.size)
      await tx
        .update(offers)
        .set({ count: 0 })
        .where(inArray(offers.id, [...orderedIds]));
  }
}

/**
 * Recomputes `min_price` (lowest price of sizes in stock, else of any size, else 0).
 * @returns the new `min_price` (kopecks)
 */
async function refreshMinPrice(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({
      minPrice: sql`coalesce(
      (select min(price) from offers where product_id = ${productId} and count > 0),
      (select min(price) from offers where product_id = ${productId}), 0)`,
    })
    .where(eq(products.id, productId))
    .returning({ minPrice: products.minPrice });
  return row?.minPrice ?? 0;
}

/**
 * Creates a listing from the multipart fields and the already stored photos (`POST /v1/products/`).
 * `draft=true` saves a draft (photos may be missing); otherwise it is published at once.
 * @throws ApiError 400 naming every invalid field (the caller removes the stored photos)
 */
export async function createListing(
  app: FastifyInstance,
  ownerId: number,
  raw: RawFields,
  photos: StoredImage[],
): Promise<Listing> {
  checkFlags(raw, ['draft']);
  if (raw.status !== undefined && raw.status !== 'active' && raw.status !== 'draft')
    throw badRequest({ status: ['Допустимые значения: active, draft.'] });
  const publish = !isTrue(raw.draft) && raw.status !== 'draft';
  const v = validateListing(raw, null, publish, photos.length);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await takeUserLimit(app, ownerId, 'listingCreates', 1, tx);
    // The photos count with the listing's commit: a refused or failed upload uses none of the hour's allowance.
    if (photos.length) await takeUserLimit(app, ownerId, 'photos', photos.length, tx);
    const refs = await resolveRefs(tx, v);
    // A luxury brand's listing waits for staff's authenticity check before it is public.
    const status = publish ? await publishedStatus(tx, refs.brandId, null) : 'draft';
    const tmpSlug = `new-${ownerId}-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await tx
      .insert(products)
      .values({
        slug: tmpSlug,
        ownerId,
        ...listingColumns(v, refs),
        status,
        createdAt: now,
        updatedAt: now,
        publishedAt: status === 'active' ? now : null,
      })
      .returning({ id: products.id });
    const id = row!.id;
    await tx
      .update(products)
      .set({ slug: slugify(v.title, id) })
      .where(eq(products.id, id));
    await writeOffers(tx, id, v, refs.sizeIds);
    if (photos.length) {
      await tx
        .insert(productPhotos)
        .values(photos.map((p, i) => ({ productId: id, key: p.key, width: p.width, height: p.height, position: i })));
    }
    await refreshMinPrice(tx, id);
    if (status === 'active') await app.events.emit(tx, 'listing.published', { listingId: id, ownerId });
    return getListing(tx, ownerId, id);
  });
}

/**
 * Edits a listing (`PATCH /v1/products/{id}/`): any subset of fields; `photos` files are appended,
 * `remove_photos` (JSON ids) removed, `photo_order` (JSON ids) sets the order. `status=active` or
 * `publish=true` publishes a draft (every rule applies: ≥1 photo, sizes, brand); `status=draft` or
 * `draft=true` hides it. Reserved and sold listings cannot be edited.
 * @returns the listing and the media keys of removed photos (delete them after the answer)
 * @throws ApiError 404 (not the caller's), 400 (invalid fields / state)
 */
export async function updateListing(
  app: FastifyInstance,
  ownerId: number,
  id: number,
  raw: RawFields,
  added: StoredImage[],
): Promise<{ listing: Listing; removedKeys: string[] }> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const p = await lockOwnedListing(tx, ownerId, id);
    refuseBlocked(p);
    if (p.status === 'reserved' || p.status === 'sold') {
      throw badRequest(`Товар ${p.status === 'sold' ? 'продан' : 'забронирован покупателем'} — изменить его нельзя.`);
    }
    await takeUserLimit(app, ownerId, 'listingEdits', 1, tx);
    if (added.length) await takeUserLimit(app, ownerId, 'photos', added.length, tx);
    checkFlags(raw, ['draft', 'publish']);
    const photoEdit = await planPhotoEdit(tx, id, raw);
    const photoCount = photoEdit.kept.length + added.length;

    let target = p.status;
    if (raw.status !== undefined) {
      if (raw.status !== 'active' && raw.status !== 'draft')
        throw badRequest({ status: ['Допустимые значения: active, draft.'] });
      target = raw.status;
    }
    if (isTrue(raw.publish)) target = 'active';
    if (isTrue(raw.draft)) target = 'draft';

    const current: ListingInput = {
      publish: false,
      title: p.title,
      description: p.description,
      brand: p.brandId,
      brand_text: p.brandText,
      no_brand: p.noBrand,
      category: p.categoryId ?? 0,
      condition: p.condition,
      color: p.color,
      sizes: (await tx.select().from(offers).where(eq(offers.productId, id)).orderBy(asc(offers.id)))
        .filter((o) => o.count > 0)
        .map((o) => ({ size: o.size, price: toRubles(o.price), count: o.count })),
      photo_count: 0,
    };
    const wantsPublic = target === 'active' || target === 'pending_review';
    const v = validateListing(raw, current, wantsPublic, photoCount);
    const refs = await resolveRefs(tx, v);
    // Published (or kept so): a luxury brand's listing not yet verified waits for the check.
    if (wantsPublic) target = await publishedStatus(tx, refs.brandId, p.verifiedAt);
    await tx
      .update(products)
      .set({
        ...listingColumns(v, refs),
        status: target,
        updatedAt: now,
        publishedAt: target === 'active' && p.status !== 'active' ? now : p.publishedAt,
      })
      .where(eq(products.id, id));
    if (raw.sizes !== undefined) await writeOffers(tx, id, v, refs.sizeIds);
    const minPrice = await refreshMinPrice(tx, id);
    // Those who keep it in favorites hear of a lower price of a listing on sale (kopecks).
    if (target === 'active' && p.status === 'active' && minPrice > 0 && minPrice < p.minPrice)
      await app.events.emit(tx, 'listing.price_dropped', {
        listingId: id,
        oldPrice: p.minPrice,
        newPrice: minPrice,
      });
    const removedKeys = await applyPhotoEdit(tx, id, photoEdit, added);
    // Followers hear of a listing once: when it is first published, not when a draft is republished.
    if (target === 'active' && p.status !== 'active' && p.publishedAt === null)
      await app.events.emit(tx, 'listing.published', { listingId: id, ownerId });
    return { listing: await getListing(tx, ownerId, id), removedKeys };
  });
}

/**
 * A listing blocked by staff stays as they left it until they unblock it: its owner may only delete it.
 * @throws ApiError 400 naming the block's reason
 */
function refuseBlocked(p: { status: string; blockReason: string | null }): void {
  if (p.status === 'blocked')
    throw badRequest(`Объявление заблокировано модератором: ${p.blockReason ?? 'без причины'}. Изменить его нельзя.`);
}

/**
 * Soft-deletes a listing (`DELETE /v1/products/{id}/`): status `deleted`; it disappears everywhere.
 * A reserved listing cannot be deleted (a buyer is paying for it). The listing is locked first
 * ({@link lockOwnedListing}): a delete racing a buyer's order ends either deleted (the order is refused) or
 * reserved by the order (the delete is refused).
 * @throws ApiError 404 (not the caller's), 400 (reserved)
 */
export async function deleteListing(app: FastifyInstance, ownerId: number, id: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const p = await lockOwnedListing(tx, ownerId, id);
    if (p.status === 'reserved') throw badRequest('Товар забронирован покупателем — удалить его сейчас нельзя.');
    await tx.update(products).set({ status: 'deleted', updatedAt: app.clock.now() }).where(eq(products.id, id));
  });
}

/**
 * Turns an active listing into a draft (`POST /v1/products/{id}/make_draft/`); a draft stays a draft. Locked like
 * {@link deleteListing}, so it cannot slip in between a buyer's order and the listing becoming reserved.
 * @throws ApiError 404 (not the caller's), 400 (reserved or sold)
 */
export async function makeDraft(app: FastifyInstance, ownerId: number, id: number): Promise<Listing> {
  return app.db.transaction(async (tx) => {
    const p = await lockOwnedListing(tx, ownerId, id);
    refuseBlocked(p);
    if (p.status === 'reserved' || p.status === 'sold') {
      throw badRequest(
        `Товар ${p.status === 'sold' ? 'продан' : 'забронирован покупателем'} — в черновики его не перенести.`,
      );
    }
    if (p.status !== 'draft')
      await tx.update(products).set({ status: 'draft', updatedAt: app.clock.now() }).where(eq(products.id, id));
    return getListing(tx, ownerId, id);
  });
}
