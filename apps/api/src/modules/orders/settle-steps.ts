/**
 * The steps that settle a paid order (docs/architecture.md «Order deadlines»), each inside the caller's transaction
 * on an order row the caller locked and found in the right status — the same path whoever takes it (the buyer,
 * the seller, the carrier or a deadline):
 * - {@link cancelPaidOrder}: `paid` → `cancelled` (the seller cancels, or the ship-by deadline passed);
 * - {@link markDelivered}: `shipped` → `delivered`;
 * - {@link completeOrderIn}: `shipped` | `delivered` → `completed`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CancelledBy } from '@vitrina/contract/orders';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { recordRelease, recordUnhold } from '../ledger/index.js';
import { returnStock } from './stock.js';
import { scheduleCompletion } from './deadline-schedule.js';

type OrderRow = typeof orders.$inferSelect;

/**
 * Cancels a paid order before shipping: the stock goes back on sale (a `sold` listing is `active` again), the
 * hold goes back in the ledger (`unhold`), and `order.cancelled {orderId, reason, by}` is recorded — its
 * subscribers refund the payment in full (payments) and tell both sides (notifications).
 * @returns false when the order was no longer `paid` (shipped or cancelled first)
 */
export async function cancelPaidOrder(
  app: FastifyInstance,
  tx: Tx,
  o: OrderRow,
  now: Date,
  by: Extract<CancelledBy, 'seller' | 'deadline' | 'staff'>,
  reason: string,
): Promise<boolean> {
  const done = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, cancelledBy: by })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'paid')))
    .returning({ id: orders.id });
  if (!done.length) return false;
  await returnStock(tx, o.id, now);
  await recordUnhold(tx, { orderId: o.id, sellerId: o.sellerId, at: now }, o.total);
  await app.events.emit(tx, 'order.cancelled', { orderId: o.id, reason, by });
  return true;
}

/**
 * A shipped order was delivered (the carrier reported it, or the delivery deadline passed): `delivered_at` is
 * set, `order.delivered {orderId, by}` recorded and the completion by time queued (48 hours later).
 * @returns false when the order was no longer `shipped`
 */
export async function markDelivered(
  app: FastifyInstance,
  tx: Tx,
  o: OrderRow,
  now: Date,
  by: 'carrier' | 'deadline',
): Promise<boolean> {
  const done = await tx
    .update(orders)
    .set({ status: 'delivered', deliveredAt: now })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'shipped')))
    .returning({ id: orders.id });
  if (!done.length) return false;
  await app.events.emit(tx, 'order.delivered', { orderId: o.id, by });
  await scheduleCompletion(app, tx, o.id, now);
  return true;
}

/**
 * Completes a shipped or delivered order (the buyer confirmed, or 48 hours passed after delivery): the hold is
 * released in the ledger (the fee and the seller's available money) and `order.completed {orderId, by}` recorded
 * (its subscriber in payments sends the payout).
 * @returns false when the order was no longer shipped or delivered (completed, disputed or cancelled first)
 */
export async function completeOrderIn(
  app: FastifyInstance,
  tx: Tx,
  o: OrderRow,
  now: Date,
  by: 'buyer' | 'deadline',
): Promise<boolean> {
  const done = await tx
    .update(orders)
    .set({ status: 'completed', completedAt: now, deliveredAt: o.deliveredAt ?? now })
    .where(and(eq(orders.id, o.id), inArray(orders.status, ['shipped', 'delivered'])))
    .returning({ id: orders.id });
  if (!done.length) return false;
  await recordRelease(tx, { orderId: o.id, sellerId: o.sellerId, at: now }, o.total, o.fee);
  await app.events.emit(tx, 'order.completed', { orderId: o.id, by });
  return true;
}
