/**
 * Domain events that notify people. Each is an `app.events` subscriber: its job runs once per event
 * on some process, inside the claiming transaction, and makes the notifications in it (so they and the job's
 * `done` commit together; a failure rolls both back and the job is retried).
 *
 * | event | payload | who | type |
 * |---|---|---|---|
 * | `social.subscribed` | `{subscriberId, targetId}` | target | `new_subscriber` |
 * | `order.paid` | `{orderId}` | seller (+ SMS) / buyer | `order_paid` / `payment_succeeded` |
 * | `order.payment_failed` | `{orderId}` | buyer | `payment_failed` |
 * | `order.refunded` | `{orderId, claim?}` | buyer | `payment_refunded` |
 * | `order.cancelled` | `{orderId, reason?, by?}` | seller of a paid order; buyer unless `by` is `buyer` or `payment` (+ SMS when `by` is `deadline` or `seller`) | `order_cancelled` |
 * | `order.ship_reminder` | `{orderId, days}` | seller | `ship_reminder` |
 * | `order.delivered` | `{orderId, by}` | buyer | `order_delivered` |
 * | `order.shipped` | `{orderId}` | buyer | `order_shipped` |
 * | `order.completed` | `{orderId, by}` | seller | `order_completed` |
 * | `payout.sent` | `{orderId}` | seller | `payout_sent` |
 * | `listing.published` | `{listingId, ownerId}` | followers, one per seller per hour | `new_listing` |
 *
 * Facts are read from the tables when the job runs (the payload carries ids only).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REFUND_NOTE } from '@vitrina/contract/orders';
import { plural } from '@vitrina/contract/plural';
import type { Tx } from '../../db/client.js';
import { notificationSettings, productPhotos, products, subscriptions, users } from '../../db/schema/index.js';
import { formatMoscowDate, shipByDeadline } from '../../lib/moscow-time.js';
import { imageUrls } from '../media/index.js';
import { avatarImage, hasPublicPageSql } from '../social/index.js';
import { notify, notifyGrouped } from './service.js';
import { queueSms } from './sms.js';
import { formatRub, orderPage, personName } from './texts.js';
import { loadOrder, subscribeOrderNotices } from './order-notices.js';

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

const orderId = (p: Record<string, unknown>) => {
  const id = Number(p.orderId);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`bad orderId in event payload: ${String(p.orderId)}`);
  return id;
};

/** Subscribes the notification handlers to their events. */
export function subscribeNotifications(app: FastifyInstance): void {
  const on = app.events.subscribe.bind(app.events);
  subscribeOrderNotices(app);

  on<{ subscriberId: number; targetId: number }>(
    'social.subscribed',
    'notifications.new-subscriber',
    async ({ tx, event }) => {
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
    },
  );

  on('order.paid', 'notifications.order-paid', async ({ tx, event, afterCommit }) => {
    const order = await loadOrder(tx, orderId(event.payload));
    if (!order) return;
    const { o, what, image } = order;
    const paidAt = o.paidAt ?? event.createdAt;
    const by = formatMoscowDate(shipByDeadline(paidAt));
    await notify(app, tx, o.sellerId, {
      type: 'order_paid',
      title: `Продано: ${what} — отправьте до ${by}`,
      text: `Заказ ${o.number} оплачен. Отправьте его до конца дня ${by} (по Москве) и укажите трек-номер.`,
      link: orderPage('seller', o.id),
      image,
    });
    await queueSms(app, tx, afterCommit, o.sellerId, 'order_paid', {
      text: `Витрина: продано «${what}». Отправьте заказ ${o.number} до ${by}.`,
    });
    await notify(app, tx, o.buyerId, {
      type: 'payment_succeeded',
      title: 'Оплата прошла',
      text: `Заказ ${o.number}: ${what}, ${formatRub(o.total)}. Продавец отправит его до ${by}.`,
      link: orderPage('buyer', o.id),
      image,
    });
  });

  on('order.payment_failed', 'notifications.payment-failed', async ({ tx, event }) => {
    const order = await loadOrder(tx, orderId(event.payload));
    if (!order) return;
    const { o, what, image } = order;
    await notify(app, tx, o.buyerId, {
      type: 'payment_failed',
      title: 'Оплата не прошла',
      text: `Банк отклонил оплату заказа ${o.number} (${what}). Попробуйте оформить его ещё раз другой картой.`,
      link: orderPage('buyer', o.id),
      image,
    });
  });

  on('order.refunded', 'notifications.order-refunded', async ({ tx, event }) => {
    const order = await loadOrder(tx, orderId(event.payload));
    if (!order) return;
    const { o, what, image } = order;
    await notify(app, tx, o.buyerId, {
      type: 'payment_refunded',
      title: `Возврат: ${formatRub(o.refundedAmount ?? o.total)}`,
      // A dispute's refund (the order `refunded`, or a partial refund of a completed one) says so.
      text:
        o.status === 'refunded' || event.payload.claim
          ? `По спору о заказе ${o.number} (${what}) возвращено ${formatRub(o.refundedAmount ?? o.total)}. ${REFUND_NOTE}.`
          : `Заказ ${o.number} (${what}) не может быть выполнен, оплата возвращена. ${REFUND_NOTE}.`,
      link: orderPage('buyer', o.id),
      image,
    });
  });

  on('order.shipped', 'notifications.order-shipped', async ({ tx, event }) => {
    const order = await loadOrder(tx, orderId(event.payload));
    if (!order) return;
    const { o, what, image } = order;
    await notify(app, tx, o.buyerId, {
      type: 'order_shipped',
      title: `Заказ отправлен: ${what}`,
      text: o.trackingNumber
        ? `Продавец отправил заказ ${o.number}. Трек-номер: ${o.trackingNumber}.`
        : `Продавец отправил заказ ${o.number}.`,
      link: orderPage('buyer', o.id),
      image,
    });
  });

  on('order.completed', 'notifications.order-completed', async ({ tx, event }) => {
    const order = await loadOrder(tx, orderId(event.payload));
    if (!order) return;
    const { o, what, image } = order;
    await notify(app, tx, o.sellerId, {
      type: 'order_completed',
      title: `Сделка завершена: ${what}`,
      text:
        event.payload.by === 'deadline'
          ? `Покупатель не сообщил о проблемах с заказом ${o.number} за 48 часов после доставки — сделка завершена. К выплате: ${formatRub(o.payout)}.`
          : event.payload.by === 'dispute'
            ? `Спор о заказе ${o.number} закрыт, сделка завершена. К выплате: ${formatRub(o.payout)}.`
            : `Покупатель подтвердил получение заказа ${o.number}. К выплате: ${formatRub(o.payout)}.`,
      link: orderPage('seller', o.id),
      image,
    });
  });

  on('payout.sent', 'notifications.payout-sent', async ({ tx, event }) => {
    const order = await loadOrder(tx, orderId(event.payload));
    if (!order) return;
    const { o, what, image } = order;
    await notify(app, tx, o.sellerId, {
      type: 'payout_sent',
      title: `Выплата отправлена: ${formatRub(o.payout)}`,
      text: `Деньги за заказ ${o.number} (${what}) отправлены на вашу карту для выплат.`,
      link: orderPage('seller', o.id),
      image,
    });
  });

  on<{ listingId: number; ownerId: number }>(
    'listing.published',
    'notifications.new-listing',
    async ({ tx, event }) => {
      const listing = await loadListing(tx, Number(event.payload.listingId));
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
      if (followers.length <= FOLLOWERS_PER_JOB) return notifyFollowers(tx, listing, followers);
      // A seller with many followers: one job per chunk, shared by every process, each short.
      for (let i = 0; i < followers.length; i += FOLLOWERS_PER_JOB) {
        await app.jobs.enqueue(tx, FOLLOWERS_JOB, {
          listingId: listing.id,
          followers: followers.slice(i, i + FOLLOWERS_PER_JOB),
        });
      }
    },
  );
  app.jobs.define(FOLLOWERS_JOB, async ({ tx, job }) => {
    const listing = await loadListing(tx, Number(job.payload.listingId));
    if (listing) await notifyFollowers(tx, listing, (job.payload.followers as number[]).map(Number));
  });

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
  async function notifyFollowers(tx: Tx, p: NonNullable<Awaited<ReturnType<typeof loadListing>>>, ids: number[]) {
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
}
