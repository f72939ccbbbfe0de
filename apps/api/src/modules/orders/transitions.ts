/**
 * Order status transitions (spec §4 order states; ours: `/v1/sales/orders/{id}/ship|confirm|cancel`): the seller
 * ships a paid order or cancels it before shipping, the buyer confirms receipt or cancels an unpaid order, and
 * unpaid orders expire after `RESERVATION_MS` (stock.ts; the expiry job is expiry.ts); the deadlines of a paid
 * order are deadlines.ts. Only the order's buyer or seller may act; anyone else gets 404.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalizeTracking, orderStatusLabel, trackingProblem, type Order } from '@vitrina/contract/orders';
import { orders } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { getOrderFor, loadOrders, type OrderRow } from './read.js';
import { cancelAndRelease, cancelAtProvider } from './stock.js';
import { scheduleDelivery } from './deadline-schedule.js';
import { cancelPaidOrder, completeOrderIn } from './settle-steps.js';

/* ---------------------------------------------------------------- transitions */

const wrongState = (o: OrderRow, what: string) =>
  badRequest(`Нельзя ${what}: заказ в статусе «${orderStatusLabel(o.status)}».`);

/**
 * Seller ships a paid order with a tracking number (`paid` → `shipped`), stored normalised (contract
 * `normalizeTracking`).
 * @throws ApiError 400 `{tracking_number}` when it does not fit the chosen delivery service's format, 400 when the
 *   order is not paid, 404 for anyone but the seller
 */
export async function shipOrder(
  app: FastifyInstance,
  userId: number,
  id: number,
  trackingNumber: string,
): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.sellerId !== userId) throw notFound('Заказ не найден.');
  const service = (o.deliveryPoint as { delivery_service_type?: string } | null)?.delivery_service_type ?? '';
  const problem = trackingProblem(service, trackingNumber);
  if (problem) throw badRequest({ tracking_number: [problem] });
  trackingNumber = normalizeTracking(trackingNumber);
  const now = app.clock.now();
  const shipped = await app.db.transaction(async (tx) => {
    const done = await tx
      .update(orders)
      .set({ status: 'shipped', trackingNumber, shippedAt: now })
      .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
      .returning({ id: orders.id });
    if (!done.length) return false;
    await app.events.emit(tx, 'order.shipped', { orderId: id });
    await scheduleDelivery(app, tx, id, now);
    return true;
  });
  if (!shipped) throw wrongState(o, 'отметить отправку');
  return (await loadOrders(app, [id], userId))[0]!;
}

/** Buyer confirms receipt (`shipped` | `delivered` → `completed`). */
export async function confirmOrder(app: FastifyInstance, userId: number, id: number): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.buyerId !== userId) throw notFound('Заказ не найден.');
  const now = app.clock.now();
  const completed = await app.db.transaction(async (tx) => {
    // The order's row lock first (the lock order of every path): a completion by time waits, then finds it done.
    const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return locked ? completeOrderIn(app, tx, locked, now, 'buyer') : false;
  });
  if (!completed) throw wrongState(o, 'подтвердить получение');
  return (await loadOrders(app, [id], userId))[0]!;
}

/** Buyer cancels an unpaid order (`awaiting_payment` → `cancelled`), returning the stock. */
export async function cancelOrder(app: FastifyInstance, userId: number, id: number): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.buyerId !== userId) throw notFound('Заказ не найден.');
  const reason = 'Заказ отменён покупателем.';
  const pending = await app.db.transaction(async (tx) => {
    const cancelled = await cancelAndRelease(tx, id, app.clock.now(), reason);
    if (cancelled) await app.events.emit(tx, 'order.cancelled', { orderId: id, reason, by: 'buyer' });
    return cancelled;
  });
  if (!pending) {
    // A charge that won the race (the order's lock serialises cancel and the bank's notice): refuse, never
    // «cancelled» and charged.
    const [now] = await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    if (now?.status === 'paid')
      throw conflict(
        'Оплата уже прошла — заказ отменить нельзя. Продавец отправит его в срок; если вещь не подойдёт, откажитесь от неё при получении.',
      );
    throw wrongState(o, 'отменить заказ');
  }
  // A payment the bank confirms after this commit finds the order cancelled by the buyer and is refunded.
  await cancelAtProvider(app, pending);
  return (await loadOrders(app, [id], userId))[0]!;
}

/**
 * The seller cancels a paid order before shipping (`paid` → `cancelled`, `cancelled_by = seller`): the same refund,
 * stock and notices as the ship-by deadline; it counts against the seller's service level.
 * @throws ApiError 404 for anyone but the seller; 400 `{reason}` without a reason; 400 when the order is not paid
 */
export async function sellerCancelOrder(
  app: FastifyInstance,
  userId: number,
  id: number,
  reason: string | undefined,
): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.sellerId !== userId) throw notFound('Заказ не найден.');
  if (!reason?.trim()) throw badRequest({ reason: ['Укажите причину отмены, например «Нет в наличии».'] });
  const text = `Продавец отменил заказ: ${reason.trim().replace(/[.!…]+$/u, '')}. Деньги возвращаются покупателю.`;
  const cancelled = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    return locked ? cancelPaidOrder(app, tx, locked, app.clock.now(), 'seller', text) : false;
  });
  if (!cancelled) throw wrongState(o, 'отменить заказ');
  return (await loadOrders(app, [id], userId))[0]!;
}
