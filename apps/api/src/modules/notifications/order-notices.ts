/**
 * The notices of an order's life, one subscriber per event (subscribed in subscribers.ts): payment, shipping,
 * delivery, completion, payout, refund, cancellation (both sides; the buyer also by SMS, under the SMS rules of
 * sms.ts, when the seller or the ship-by deadline cancelled a paid order) and the ship reminders (the seller, on
 * the 3rd and 4th day after payment; docs/architecture.md «Order deadlines»). Facts are read from the tables when
 * the job runs (the payload carries ids and who acted).
 */
import { asc, eq } from 'drizzle-orm';
import { BUYER_PROTECTION, REFUND_NOTE } from '@vitrina/contract/orders';
import type { Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { formatMoscowDate, MOSCOW_TZ, shipByDeadline } from '../../lib/moscow-time.js';
import type { EventPayload, EventSubscriber } from '../jobs/index.js';
import { imageUrls } from '../media/index.js';
import { notify } from './service.js';
import { queueSms } from './sms.js';
import { formatRub, itemsTitle, orderPage } from './texts.js';

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

const dayTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TZ,
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
/** «3 декабря, 14:20» — a Moscow time in texts. */
const formatMoscowDayTime = (d: Date) => dayTime.format(d).replace(' в ', ', ');

/** `order.paid`: the seller sells (with the ship-by day, also by SMS), the buyer's payment went through. */
export const orderPaid: EventSubscriber<'order.paid'> = async ({ app, tx, event, afterCommit }) => {
  const order = await loadOrder(tx, event.payload.orderId);
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
};

/** `order.payment_failed`: the buyer's bank declined. */
export const paymentFailed: EventSubscriber<'order.payment_failed'> = async ({ app, tx, event }) => {
  const order = await loadOrder(tx, event.payload.orderId);
  if (!order) return;
  const { o, what, image } = order;
  await notify(app, tx, o.buyerId, {
    type: 'payment_failed',
    title: 'Оплата не прошла',
    text: `Банк отклонил оплату заказа ${o.number} (${what}). Попробуйте оформить его ещё раз другой картой.`,
    link: orderPage('buyer', o.id),
    image,
  });
};

/** `order.refunded`: the buyer gets money back (a dispute's refund says so). */
export const orderRefunded: EventSubscriber<'order.refunded'> = async ({ app, tx, event }) => {
  const order = await loadOrder(tx, event.payload.orderId);
  if (!order) return;
  const { o, what, image } = order;
  const amount = formatRub(o.refundedAmount ?? o.total);
  await notify(app, tx, o.buyerId, {
    type: 'payment_refunded',
    title: `Возврат: ${amount}`,
    // A dispute's refund (the order `refunded`, or a partial refund of a completed one) says so.
    text:
      o.status === 'refunded' || event.payload.claim
        ? `По спору о заказе ${o.number} (${what}) возвращено ${amount}. ${REFUND_NOTE}.`
        : `Заказ ${o.number} (${what}) не может быть выполнен, оплата возвращена. ${REFUND_NOTE}.`,
    link: orderPage('buyer', o.id),
    image,
  });
};

/** `order.shipped`: the buyer, with the tracking number. */
export const orderShipped: EventSubscriber<'order.shipped'> = async ({ app, tx, event }) => {
  const order = await loadOrder(tx, event.payload.orderId);
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
};

/** How an order completed, as its seller reads it. */
const COMPLETED_TEXT: Record<EventPayload<'order.completed'>['by'], (number: string, payout: string) => string> = {
  deadline: (n, p) =>
    `Покупатель не сообщил о проблемах с заказом ${n} за 48 часов после доставки — сделка завершена. К выплате: ${p}.`,
  dispute: (n, p) => `Спор о заказе ${n} закрыт, сделка завершена. К выплате: ${p}.`,
  buyer: (n, p) => `Покупатель подтвердил получение заказа ${n}. К выплате: ${p}.`,
};

/** `order.completed`: the seller, with the payout due. */
export const orderCompleted: EventSubscriber<'order.completed'> = async ({ app, tx, event }) => {
  const order = await loadOrder(tx, event.payload.orderId);
  if (!order) return;
  const { o, what, image } = order;
  await notify(app, tx, o.sellerId, {
    type: 'order_completed',
    title: `Сделка завершена: ${what}`,
    text: COMPLETED_TEXT[event.payload.by](o.number, formatRub(o.payout)),
    link: orderPage('seller', o.id),
    image,
  });
};

/** `payout.sent`: the seller. */
export const payoutSent: EventSubscriber<'payout.sent'> = async ({ app, tx, event }) => {
  const order = await loadOrder(tx, event.payload.orderId);
  if (!order) return;
  const { o, what, image } = order;
  await notify(app, tx, o.sellerId, {
    type: 'payout_sent',
    title: `Выплата отправлена: ${formatRub(o.payout)}`,
    text: `Деньги за заказ ${o.number} (${what}) отправлены на вашу карту для выплат.`,
    link: orderPage('seller', o.id),
    image,
  });
};

/**
 * `order.cancelled`: the seller of an order that was paid; the buyer unless they cancelled or were just told the
 * payment failed; an SMS to the buyer when the seller or the ship-by deadline cancelled a paid order.
 */
export const orderCancelled: EventSubscriber<'order.cancelled'> = async ({ app, tx, event, afterCommit }) => {
  const order = await loadOrder(tx, event.payload.orderId);
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
};

/** `order.ship_reminder`: the seller of an order still unshipped. */
export const shipReminder: EventSubscriber<'order.ship_reminder'> = async ({ app, tx, event }) => {
  const order = await loadOrder(tx, event.payload.orderId);
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
};

/** `order.delivered`: the buyer, to confirm or report a problem by the time given. */
export const orderDelivered: EventSubscriber<'order.delivered'> = async ({ app, tx, event }) => {
  const order = await loadOrder(tx, event.payload.orderId);
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
};
