/**
 * Order status transitions (spec §4 order states; ours: `/v1/sales/orders/{id}/ship|confirm|cancel`): the seller
 * ships a paid order, the buyer confirms receipt or cancels an unpaid order, and unpaid orders expire after
 * `RESERVATION_MS` (stock.ts). Only the order's buyer or seller may act; anyone else gets 404.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderStatusLabel, type Order } from '@vitrina/contract/orders';
import { orders } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { getOrderFor, loadOrders, type OrderRow } from './read.js';
import { cancelAndRelease, cancelAtProvider } from './stock.js';

/**
 * Cancels every order whose reservation ran out (status `awaiting_payment`, `reserved_until <= now`), returning
 * their stock. Runs from a timer in the orders module and lazily before each new order.
 * @returns how many orders were cancelled
 */
export async function releaseExpiredReservations(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const due = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), sql`${orders.reservedUntil} <= ${now.toISOString()}`))
    .orderBy(orders.id)
    .limit(200);
  let n = 0;
  for (const { id } of due) {
    const cancelled = await app.db.transaction((tx) =>
      cancelAndRelease(tx, id, now, 'Время на оплату истекло, товар снова в продаже.', true),
    );
    if (!cancelled) continue;
    n += 1;
    await cancelAtProvider(app, cancelled);
  }
  if (n) app.log.info({ released: n }, 'expired reservations released');
  return n;
}

/* ---------------------------------------------------------------- transitions */

const wrongState = (o: OrderRow, what: string) =>
  badRequest(`Нельзя ${what}: заказ в статусе «${orderStatusLabel(o.status)}».`);

/** Seller ships a paid order with a tracking number (`paid` → `shipped`). */
export async function shipOrder(
  app: FastifyInstance,
  userId: number,
  id: number,
  trackingNumber: string,
): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.sellerId !== userId) throw notFound('Заказ не найден.');
  const done = await app.db
    .update(orders)
    .set({ status: 'shipped', trackingNumber, shippedAt: app.clock.now() })
    .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  if (!done.length) throw wrongState(o, 'отметить отправку');
  return (await loadOrders(app.db, [id], userId))[0]!;
}

/** Buyer confirms receipt (`shipped` | `delivered` → `completed`). */
export async function confirmOrder(app: FastifyInstance, userId: number, id: number): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.buyerId !== userId) throw notFound('Заказ не найден.');
  const now = app.clock.now();
  const done = await app.db
    .update(orders)
    .set({ status: 'completed', completedAt: now, deliveredAt: o.deliveredAt ?? now })
    .where(and(eq(orders.id, id), inArray(orders.status, ['shipped', 'delivered'])))
    .returning({ id: orders.id });
  if (!done.length) throw wrongState(o, 'подтвердить получение');
  return (await loadOrders(app.db, [id], userId))[0]!;
}

/** Buyer cancels an unpaid order (`awaiting_payment` → `cancelled`), returning the stock. */
export async function cancelOrder(app: FastifyInstance, userId: number, id: number): Promise<Order> {
  const o = await getOrderFor(app, userId, id);
  if (o.buyerId !== userId) throw notFound('Заказ не найден.');
  const pending = await app.db.transaction((tx) =>
    cancelAndRelease(tx, id, app.clock.now(), 'Заказ отменён покупателем.'),
  );
  if (!pending) throw wrongState(o, 'отменить заказ');
  await cancelAtProvider(app, pending);
  return (await loadOrders(app.db, [id], userId))[0]!;
}
