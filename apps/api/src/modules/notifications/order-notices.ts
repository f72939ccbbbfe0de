/**
 * Notices of an order's cancellation and deadlines (docs/architecture.md «Order deadlines»): `order.cancelled`
 * (the seller only of an order that was paid; the buyer too, also by SMS, under the SMS rules of sms.ts, when the
 * seller or the ship-by deadline cancelled a paid order), `order.ship_reminder` (the seller, on the 3rd and 4th
 * day after payment) and `order.delivered` (the buyer: confirm or report a problem by the time given). Facts are
 * read from the tables when the job runs (the payload carries ids only).
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BUYER_PROTECTION } from '@vitrina/contract/orders';
import type { Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { formatMoscowDate, MOSCOW_TZ, shipByDeadline } from '../../lib/moscow-time.js';
import { imageUrls } from '../media/index.js';
import { notify } from './service.js';
import { queueSms } from './sms.js';
import { itemsTitle, orderPage } from './texts.js';

/** Hours a delivered order waits for the buyer's confirmation or claim (as the orders module's deadline). */
const CONFIRM_HOURS = BUYER_PROTECTION.confirmWithinHours;

/** An order with its items' title and first photo, as the notices show them; null when gone. */
export async function loadOrder(tx: Tx, orderId: number) {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!o) return null;
  const items = await tx
    .select({ title: orderItems.title, slug: orderItems.slug, photo: orderItems.photo })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const photo = items[0]?.photo;
  return { o, items, what: itemsTitle(items), image: photo ? imageUrls(photo).url_small : null };
}

const orderIdOf = (p: Record<string, unknown>) => {
  const id = Number(p.orderId);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`bad orderId in event payload: ${String(p.orderId)}`);
  return id;
};

const dayTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TZ,
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
/** «3 декабря, 14:20» — a Moscow time in texts. */
const formatMoscowDayTime = (d: Date) => dayTime.format(d).replace(' в ', ', ');

/** Subscribes the order cancellation and deadline notices. */
export function subscribeOrderNotices(app: FastifyInstance): void {
  app.events.subscribe<{ orderId: number; reason?: string; by?: string }>(
    'order.cancelled',
    'notifications.order-cancelled',
    async ({ tx, event, afterCommit }) => {
      const order = await loadOrder(tx, orderIdOf(event.payload));
      if (!order) return;
      const { o, what, image } = order;
      const by = event.payload.by;
      const reason = (event.payload.reason ?? o.cancelReason ?? '').trim();
      const paidCancel = by === 'deadline' || by === 'seller';
      // An order that was never paid (a declined card, the buyer's cancel, the reservation run out) is the buyer's
      // business: the seller never saw it and hears nothing of it (the item simply stays on sale). Read when the job
      // runs: an order a late payment took again is no longer cancelled.
      if (o.paidAt && o.status === 'cancelled')
        await notify(app, tx, o.sellerId, {
          type: 'order_cancelled',
          title: `Заказ отменён: ${what}`,
          text:
            by === 'deadline' && o.paidAt
              ? `Заказ ${o.number} не был отправлен до ${formatMoscowDate(shipByDeadline(o.paidAt))} и отменён: деньги возвращены покупателю, вещь снова в продаже. Это снижает ваш уровень сервиса.`
              : `Заказ ${o.number} отменён. ${reason || 'Вещь снова в продаже.'}`.trim(),
          link: orderPage('seller', o.id),
          image,
        });
      // The buyer who cancelled, or who was just told the payment failed, needs no second message.
      if (by === 'buyer' || by === 'payment') return;
      await notify(app, tx, o.buyerId, {
        type: 'order_cancelled',
        title: `Заказ отменён: ${what}`,
        text: `Заказ ${o.number} отменён. ${reason}`.trim(),
        link: orderPage('buyer', o.id),
        image,
      });
      if (paidCancel)
        await queueSms(app, tx, afterCommit, o.buyerId, 'order_cancelled', {
          text: `Витрина: заказ ${o.number} отменён — ${by === 'deadline' ? 'продавец не отправил его в срок' : 'продавец отменил его'}. Деньги вернутся на карту.`,
        });
    },
  );

  app.events.subscribe<{ orderId: number; days?: number }>(
    'order.ship_reminder',
    'notifications.ship-reminder',
    async ({ tx, event }) => {
      const order = await loadOrder(tx, orderIdOf(event.payload));
      const paidAt = order?.o.paidAt;
      if (!order || !paidAt || order.o.status !== 'paid') return;
      const { o, what, image } = order;
      const by = formatMoscowDate(shipByDeadline(paidAt));
      await notify(app, tx, o.sellerId, {
        type: 'ship_reminder',
        title: `Отправьте до ${by}: ${what}`,
        text: `Заказ ${o.number} ждёт отправки. Если не отправить его до конца дня ${by} (по Москве), заказ отменится, а деньги вернутся покупателю.`,
        link: orderPage('seller', o.id),
        image,
      });
    },
  );

  app.events.subscribe<{ orderId: number; by?: string }>(
    'order.delivered',
    'notifications.order-delivered',
    async ({ tx, event }) => {
      const order = await loadOrder(tx, orderIdOf(event.payload));
      const deliveredAt = order?.o.deliveredAt;
      if (!order || !deliveredAt) return;
      const { o, what, image } = order;
      const until = formatMoscowDayTime(new Date(deliveredAt.getTime() + CONFIRM_HOURS * 3_600_000));
      await notify(app, tx, o.buyerId, {
        type: 'order_delivered',
        title: `Заказ доставлен: ${what}`,
        text: `Проверьте заказ ${o.number} и подтвердите получение или сообщите о проблеме до ${until}. После этого сделка завершится и деньги уйдут продавцу.`,
        link: orderPage('buyer', o.id),
        image,
      });
    },
  );
}
