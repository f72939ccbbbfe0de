/**
 * The order's side of a dispute (docs/decisions/0020-claims-and-disputes.md), each inside the caller's transaction
 * on an order row the caller locked — the same path whoever ends the dispute (the seller accepting, the buyer
 * accepting an offer, staff):
 * - {@link openDispute}: `shipped` | `delivered` → `disputed` (the held money stays held; every deadline job finds
 *   the order out of its step and does nothing);
 * - {@link refundDisputed}: `disputed` → `refunded`: the whole hold goes back (`hold_refund`), the item goes back
 *   on sale (its stock returns; a `sold` listing is `active` again: a full refund takes the item back to the
 *   seller), the caller queues the refund of the payment;
 * - {@link settleDisputed}: `disputed` → `completed`: `refund` kopecks go back to the buyer (`hold_refund`, the
 *   caller queues the partial refund), the rest is released to the seller less the fee on the rest (the order's
 *   `fee` and `payout` become those of the rest) and `order.completed {orderId, by: 'dispute'}` sends the payout.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { splitTotal } from '@vitrina/contract/money';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { feeRule } from '../../lib/money.js';
import { recordHoldRefund, recordRelease } from '../ledger/index.js';
import type { OrderRow } from './read.js';
import { returnStock } from './stock.js';

/**
 * Opens a dispute on a shipped or delivered order.
 * @returns false when the order was no longer shipped or delivered
 */
export async function openDispute(tx: Tx, o: OrderRow): Promise<boolean> {
  const done = await tx
    .update(orders)
    .set({ status: 'disputed' })
    .where(and(eq(orders.id, o.id), inArray(orders.status, ['shipped', 'delivered'])))
    .returning({ id: orders.id });
  return done.length > 0;
}

/**
 * Ends a dispute with a full refund: `refunded`, the whole hold back to the clearing account, the stock back on sale.
 * @returns false when the order was not disputed
 */
export async function refundDisputed(tx: Tx, o: OrderRow, now: Date): Promise<boolean> {
  const done = await tx
    .update(orders)
    .set({ status: 'refunded' })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'disputed')))
    .returning({ id: orders.id });
  if (!done.length) return false;
  await recordHoldRefund(tx, { orderId: o.id, sellerId: o.sellerId, at: now }, o.total);
  await returnStock(tx, o.id, now);
  return true;
}

/**
 * Ends a dispute with the deal done: `completed`, `refund` kopecks (0 for a release, less than the total) back to
 * the buyer, the rest released to the seller less the fee on the rest.
 * @returns false when the order was not disputed
 */
export async function settleDisputed(
  app: FastifyInstance,
  tx: Tx,
  o: OrderRow,
  now: Date,
  refund: number,
): Promise<boolean> {
  if (!(Number.isInteger(refund) && refund >= 0 && refund < o.total))
    throw new Error(`dispute: refund ${refund} out of range for order ${o.id}`);
  const rest = splitTotal(o.total - refund, feeRule(app.config.fee));
  const done = await tx
    .update(orders)
    .set({
      status: 'completed',
      completedAt: now,
      deliveredAt: o.deliveredAt ?? now,
      fee: rest.fee,
      payout: rest.payout,
    })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'disputed')))
    .returning({ id: orders.id });
  if (!done.length) return false;
  const ref = { orderId: o.id, sellerId: o.sellerId, at: now };
  if (refund > 0) await recordHoldRefund(tx, ref, refund);
  await recordRelease(tx, ref, rest.total, rest.fee);
  await app.events.emit(tx, 'order.completed', { orderId: o.id, by: 'dispute' });
  return true;
}
