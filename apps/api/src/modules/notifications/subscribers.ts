/**
 * Domain events that notify people: one `app.events` subscriber per event (those of orders in order-notices.ts).
 * Each one's job runs once per event on some process, inside the claiming transaction, and makes the notifications
 * in it (so they and the job's `done` commit together; a failure rolls both back and the job is retried). The
 * payloads are parsed by the event catalogue (jobs module) before a subscriber runs.
 *
 * | event | payload | who | type |
 * |---|---|---|---|
 * | `social.subscribed` | `{subscriberId, targetId}` | target | `new_subscriber` |
 * | `order.paid` | `{orderId}` | seller (+ SMS) / buyer | `order_paid` / `payment_succeeded` |
 * | `order.payment_failed` | `{orderId}` | buyer | `payment_failed` |
 * | `order.refunded` | `{orderId, claim?}` | buyer | `payment_refunded` |
 * | `order.cancelled` | `{orderId, reason?, by}` | seller of a paid order; buyer unless `by` is `buyer` or `payment` (+ SMS when `by` is `deadline` or `seller`) | `order_cancelled` |
 * | `order.ship_reminder` | `{orderId, days}` | seller | `ship_reminder` |
 * | `order.delivered` | `{orderId, by}` | buyer | `order_delivered` |
 * | `order.shipped` | `{orderId}` | buyer | `order_shipped` |
 * | `order.completed` | `{orderId, by}` | seller | `order_completed` |
 * | `payout.sent` | `{orderId}` | seller | `payout_sent` |
 * | `listing.published` | `{listingId, ownerId}` | followers, one per seller per hour | `new_listing` |
 * | `listing.moderated` | `{listingId, action, reason?}` | owner (listing-notices.ts) | `listing_moderated` |
 * | `brand.merged` | `{brandId, listingIds, reviewIds}` | each listing's owner (listing-notices.ts) | `listing_moderated` |
 *
 * Facts are read from the tables when the job runs (the payload carries ids only).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { plural } from '@vitrina/contract/plural';
import type { Tx } from '../../db/client.js';
import { notificationSettings, productPhotos, products, subscriptions, users } from '../../db/schema/index.js';
import type { DomainEventName, EventSubscriber } from '../jobs/index.js';
import { imageUrls } from '../media/index.js';
import { avatarImage, hasPublicPageSql } from '../social/index.js';
import { notifyGrouped } from './service.js';
import { formatRub, personName } from './texts.js';
import {
  orderCancelled,
  orderCompleted,
  orderDelivered,
  orderPaid,
  orderRefunded,
  orderShipped,
  paymentFailed,
  payoutSent,
  shipReminder,
} from './order-notices.js';
import { subscribeListingNotices } from './listing-notices.js';

/** A followed seller's listings within this window after the first make one notification. */
export const LISTING_GROUP_MS = 60 * 60_000;
/** The same person subscribing again within this window (unsubscribe, subscribe) notifies nobody again. */
export const SUBSCRIBER_REPEAT_MS = 24 * 60 * 60_000;

/** Followers notified in one job; a seller with more gets one job per chunk. */
export const FOLLOWERS_PER_JOB = 200;
const FOLLOWERS_JOB = 'notifications.new-listing-followers';

/** Thumbnail URL of a media key. */
const thumb = (key: string | null | undefined) => (key ? imageUrls(key).url_small : null);

async function userName(tx: Tx, id: number, fallback: string) {
  const [u] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, id));
  return { name: u ? personName(u, fallback) : fallback, avatar: u?.avatar ?? null };
}

/** `social.subscribed`: the followed person (once a day per follower). */
const newSubscriber: EventSubscriber<'social.subscribed'> = async ({ app, tx, event }) => {
  const { subscriberId, targetId } = event.payload;
  const who = await userName(tx, subscriberId, '');
  // Only a person who has published a listing has a seller page; otherwise the list of subscribers.
  const [page] = await tx
    .execute(sql`select ${hasPublicPageSql()} as shown from users u where u.id = ${subscriberId}`)
    .then((r) => (r as unknown as { rows: { shown: boolean }[] }).rows);
  await notifyGrouped(
    app,
    tx,
    targetId,
    'new_subscriber',
    { key: `subscriber:${subscriberId}`, windowMs: SUBSCRIBER_REPEAT_MS },
    (count) =>
      count > 1
        ? null
        : {
            title: 'У вас новый подписчик',
            text: who.name
              ? `${who.name} теперь следит за вашими вещами.`
              : 'Теперь за вашими вещами следит ещё один человек.',
            link: page?.shown ? `/seller/${subscriberId}` : '/account/sales-center',
            image: avatarImage(who.avatar)?.url_small ?? null,
          },
  );
};

/** `listing.published`: the seller's followers (in chunks of {@link FOLLOWERS_PER_JOB}, each its own job). */
const newListing: EventSubscriber<'listing.published'> = async ({ app, tx, event }) => {
  const listing = await loadListing(tx, event.payload.listingId);
  if (!listing) return;
  // Followers who didn't turn these off.
  const rows = await tx
    .select({ id: subscriptions.subscriberId })
    .from(subscriptions)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, subscriptions.subscriberId))
    .where(
      and(
        eq(subscriptions.sellerId, listing.ownerId),
        sql`not ('new_listing' = any(coalesce(${notificationSettings.siteOff}, '{}'::text[])))`,
      ),
    )
    .orderBy(asc(subscriptions.subscriberId));
  const followers = rows.map((r) => r.id);
  if (followers.length <= FOLLOWERS_PER_JOB) return notifyFollowers(app, tx, listing, followers);
  // A seller with many followers: one job per chunk, shared by every process, each short.
  for (let i = 0; i < followers.length; i += FOLLOWERS_PER_JOB) {
    await app.jobs.enqueue(tx, FOLLOWERS_JOB, {
      listingId: listing.id,
      followers: followers.slice(i, i + FOLLOWERS_PER_JOB),
    });
  }
};

/** Subscribes the notification handlers, one per event (subscriber names are job kinds: stable across releases). */
export function subscribeNotifications(app: FastifyInstance): void {
  const on = <N extends DomainEventName>(type: N, name: string, handler: EventSubscriber<N>) =>
    app.events.subscribe(type, `notifications.${name}`, handler);
  on('social.subscribed', 'new-subscriber', newSubscriber);
  on('order.paid', 'order-paid', orderPaid);
  on('order.payment_failed', 'payment-failed', paymentFailed);
  on('order.refunded', 'order-refunded', orderRefunded);
  on('order.shipped', 'order-shipped', orderShipped);
  on('order.completed', 'order-completed', orderCompleted);
  on('payout.sent', 'payout-sent', payoutSent);
  on('order.cancelled', 'order-cancelled', orderCancelled);
  on('order.ship_reminder', 'ship-reminder', shipReminder);
  on('order.delivered', 'order-delivered', orderDelivered);
  on('listing.published', 'new-listing', newListing);
  subscribeListingNotices(app);
  app.jobs.define(FOLLOWERS_JOB, async ({ tx, job }) => {
    const listing = await loadListing(tx, Number(job.payload.listingId));
    if (listing) await notifyFollowers(app, tx, listing, (job.payload.followers as number[]).map(Number));
  });
}

/** A listing still on sale, with what the notification shows. */
async function loadListing(tx: Tx, listingId: number) {
  const [p] = await tx
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      ownerId: products.ownerId,
      status: products.status,
      minPrice: products.minPrice,
    })
    .from(products)
    .where(eq(products.id, listingId));
  // Gone or hidden again before the job ran: nothing to show the followers.
  if (!p || p.status !== 'active') return null;
  const [photo] = await tx
    .select({ key: productPhotos.key })
    .from(productPhotos)
    .where(eq(productPhotos.productId, p.id))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .limit(1);
  const seller = await userName(tx, p.ownerId, 'Продавец');
  return { ...p, image: thumb(photo?.key), sellerName: seller.name };
}

/** Makes or renews each follower's «new listings of this seller» notification of the hour. */
async function notifyFollowers(
  app: FastifyInstance,
  tx: Tx,
  p: NonNullable<Awaited<ReturnType<typeof loadListing>>>,
  ids: number[],
) {
  for (const id of ids) {
    await notifyGrouped(
      app,
      tx,
      id,
      'new_listing',
      { key: `listings:${p.ownerId}`, windowMs: LISTING_GROUP_MS },
      (count) =>
        count === 1
          ? {
              title: `${p.sellerName}: новая вещь`,
              text: `${p.title} — ${formatRub(p.minPrice)}`,
              link: `/product/${p.slug}`,
              image: p.image,
            }
          : {
              title: `${p.sellerName} выставляет ещё ${count - 1} ${plural(count - 1, ['вещь', 'вещи', 'вещей'])}`,
              text: `Новых вещей за час: ${count}. Последняя — ${p.title}, ${formatRub(p.minPrice)}.`,
              link: `/seller/${p.ownerId}`,
              image: p.image,
            },
    );
  }
}
