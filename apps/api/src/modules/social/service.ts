/**
 * Subscriptions to sellers (spec §1, §7 `/v1/social/*`): subscribe/unsubscribe (idempotent; a new
 * subscription emits the domain event `social.subscribed`), the
 * caller's subscribers and subscriptions as DRF pages of user cards (12 per page, spec §9).
 */
import { and, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { UserCard } from '@vitrina/contract/products';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../db/client.js';
import { subscriptions, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { makePage, pageWindow, type PageQuery } from '../../lib/pagination.js';
import { imageUrls } from '../media/index.js';
import { AVATAR_WIDTHS } from '../users/index.js';

/** Display name of a user: «Имя Фамилия», or «Продавец» when empty (as the catalog's seller card). */
export const displayName = (u: { id: number; firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || 'Продавец';

/** Avatar image of a media key (square), or null. */
export const avatarImage = (key: string | null) =>
  key ? { ...imageUrls(key, AVATAR_WIDTHS), width: 512, height: 512 } : null;

/**
 * Whether a user has a public seller page: a live account that has published at least one listing (a
 * buyer who never sold anything is not on show). SQL over `users u` unless other columns are given; the
 * catalog's seller page and the subscriber lists use it.
 */
export const hasPublicPageSql = (id: SQLWrapper = sql`u.id`, deletedAt: SQLWrapper = sql`u.deleted_at`) =>
  sql<boolean>`(${deletedAt} is null and exists (
    select 1 from products p where p.owner_id = ${id} and p.published_at is not null))`;

/**
 * Whom `me` may (un)subscribe: never themselves (400); otherwise a user with a public seller page, as the seller
 * page itself (404 for anyone else, so the calls do not reveal which ids exist and nobody without a page is
 * notified). Unsubscribing also works from someone followed before they lost their page.
 */
async function checkTarget(db: Db, me: number, target: number, action: 'subscribe' | 'unsubscribe') {
  if (me === target)
    throw badRequest(
      action === 'subscribe' ? 'Нельзя подписаться на самого себя.' : 'Нельзя отписаться от самого себя.',
    );
  const [row] = await queryRows<{ shown: boolean; following: boolean }>(
    db,
    sql`select ${hasPublicPageSql()} as shown,
               exists (select 1 from subscriptions s where s.subscriber_id = ${me} and s.seller_id = u.id) as following
        from users u where u.id = ${target}`,
  );
  if (!row?.shown && !(action === 'unsubscribe' && row?.following)) throw notFound('Пользователь не найден.');
}

/** Domain event of a new subscription: `{subscriberId, targetId}` (notifications tell the target). */
export const SUBSCRIBED_EVENT = 'social.subscribed';

/**
 * Subscribes `me` to `target` (idempotent). A new subscription emits {@link SUBSCRIBED_EVENT} in its
 * transaction; a repeat changes nothing and emits nothing.
 * @throws ApiError 400 (self), 404 (unknown user, or one without a public seller page)
 */
export async function subscribe(app: FastifyInstance, me: number, target: number): Promise<void> {
  await checkTarget(app.db, me, target, 'subscribe');
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const made = await tx
      .insert(subscriptions)
      .values({ subscriberId: me, sellerId: target, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: subscriptions.subscriberId });
    if (made.length) await app.events.emit(tx, SUBSCRIBED_EVENT, { subscriberId: me, targetId: target });
  });
}

/**
 * Unsubscribes (idempotent).
 * @throws ApiError 400 (self), 404 (unknown user)
 */
export async function unsubscribe(db: Db, me: number, target: number): Promise<void> {
  await checkTarget(db, me, target, 'unsubscribe');
  await db.delete(subscriptions).where(and(eq(subscriptions.subscriberId, me), eq(subscriptions.sellerId, target)));
}

/** Whether `me` follows `target`. */
export async function isSubscribed(db: Db, me: number, target: number): Promise<boolean> {
  const [row] = await db
    .select({ x: subscriptions.sellerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, me), eq(subscriptions.sellerId, target)));
  return Boolean(row);
}

/**
 * A DRF page of user cards: who follows `me` (`which = 'subscribers'`) or whom `me` follows
 * (`'subscribes'`), newest first.
 * @throws ApiError 404 (page past the end)
 */
export async function userPage(db: Db, me: number, which: 'subscribers' | 'subscribes', q: PageQuery, url: string) {
  const mine = which === 'subscribers' ? eq(subscriptions.sellerId, me) : eq(subscriptions.subscriberId, me);
  const other = which === 'subscribers' ? subscriptions.subscriberId : subscriptions.sellerId;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(mine);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({
      u: users,
      products: sql<number>`(select count(*)::int from products p where p.owner_id = ${users.id} and p.status = 'active')`,
      subscribers: sql<number>`(select count(*)::int from subscriptions s where s.seller_id = ${users.id})`,
      shown: hasPublicPageSql(users.id, users.deletedAt),
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, other))
    .where(mine)
    .orderBy(desc(subscriptions.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const results: UserCard[] = rows.map(({ u, products, subscribers, shown }) => ({
    id: u.id,
    name: displayName(u),
    avatar: avatarImage(u.avatar),
    city: u.city,
    products_count: Number(products),
    subscribers_count: Number(subscribers),
    has_public_page: Boolean(shown),
  }));
  return makePage(url, q, Number(n), results);
}
