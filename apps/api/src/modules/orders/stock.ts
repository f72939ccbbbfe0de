/**
 * Stock moves of orders (spec §4 order and listing states; issue «Buying»): cancelling an unpaid order returns
 * its pieces, paying it marks sold-out listings `sold`, a payment arriving after the reservation ran out takes
 * the stock again when it is still there. Every function runs inside the caller's transaction; the status
 * guards in the UPDATEs make each move happen at most once under races.
 *
 * Listing status follows stock: `reserved` when every offer is at 0 while an order waits for payment, `sold` when
 * nothing is left after payment, back to `active` when stock returns.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CancelledBy } from '@vitrina/contract/orders';
import { orderItems, orders, payments } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { paymentProvider } from '../../providers/payments/index.js';
import type { DomainEventName, EventFacts } from '../jobs/index.js';

/** How long an unpaid order holds its stock: 15 minutes. */
export const RESERVATION_MS = 15 * 60_000;

/** Why an unpaid order was released when its reservation ran out (only such an order may be re-taken when its
 * money arrives late; an order the buyer cancelled is refunded instead). */
export const EXPIRED_REASON = 'Время на оплату истекло, товар снова в продаже.';

/** A transaction or the database (both run the same queries). */
type Conn = Tx | Db;

/**
 * Cancels an order still awaiting payment and returns its stock (listing back to `active`); the pending payment
 * is marked `canceled`. Safe under races: the status guard in the UPDATE makes it happen at most once.
 * @param by who or what cancels (`cancelled_by`): `expiry` when `onlyExpired`, else the caller says
 * @returns provider payment ids of payments that were pending (to cancel at the provider), or null when the
 *   order was not awaiting payment
 */
export async function cancelAndRelease(
  tx: Conn,
  orderId: number,
  now: Date,
  reason: string,
  onlyExpired = false,
  by: CancelledBy = onlyExpired ? 'expiry' : 'buyer',
) {
  const conds: SQL[] = [eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')];
  if (onlyExpired) conds.push(sql`${orders.reservedUntil} <= ${now.toISOString()}`);
  const done = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, cancelledBy: by, reservedUntil: null })
    .where(and(...conds))
    .returning({ id: orders.id });
  if (!done.length) return null;
  await returnStock(tx, orderId, now);
  const pend = await tx
    .update(payments)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    .returning({ providerPaymentId: payments.providerPaymentId, provider: payments.provider });
  return pend.filter((p) => p.providerPaymentId).map((p) => ({ provider: p.provider, id: p.providerPaymentId! }));
}

/** Puts an order's pieces back on sale (listings `reserved` or `sold` back to `active` when stock is there). */
export async function returnStock(tx: Conn, orderId: number, now: Date) {
  // One offer at a time in id order: the same lock order as order creation (no deadlocks on PostgreSQL).
  const back = await queryRows<{ offer_id: number; n: number }>(
    tx as unknown as Db,
    sql`select offer_id, sum(count)::int as n from order_items where order_id = ${orderId} group by offer_id order by offer_id`,
  );
  for (const b of back) await tx.execute(sql`update offers set count = count + ${b.n} where id = ${b.offer_id}`);
  await tx.execute(sql`
    update products p set status = 'active', updated_at = ${now.toISOString()}
    where p.status in ('reserved', 'sold')
      and p.id in (select product_id from order_items where order_id = ${orderId})
      and exists (select 1 from offers where product_id = p.id and count > 0)`);
}

/** Records a domain event in the order's transaction (`app.events.emit` bound to it). */
export type EmitEvent = <N extends DomainEventName>(type: N, payload: EventFacts<N>) => Promise<unknown>;

/**
 * Listings of an order with nothing left and no other unpaid order → `sold`; each emits `listing.sold_out`
 * `{listingId, buyerId}` (favorites tell those who keep it, except the buyer who just bought it).
 */
async function markSoldOut(tx: Conn, orderId: number, now: Date, emit?: EmitEvent) {
  const sold = await queryRows<{ id: number }>(
    tx as unknown as Db,
    sql`
    update products p set status = 'sold', updated_at = ${now.toISOString()}
    where p.status in ('active', 'reserved')
      and p.id in (select product_id from order_items where order_id = ${orderId})
      and not exists (select 1 from offers where product_id = p.id and count > 0)
      and not exists (
        select 1 from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = p.id and o.status = 'awaiting_payment' and o.id <> ${orderId})
    returning p.id`,
  );
  if (!sold.length || !emit) return;
  // The buyer of this order is never told «Вещь из избранного продана» about what they just bought.
  const [o] = await tx.select({ buyerId: orders.buyerId }).from(orders).where(eq(orders.id, orderId));
  for (const p of sold) await emit('listing.sold_out', { listingId: Number(p.id), buyerId: o?.buyerId ?? null });
}

/**
 * Marks an order paid (from a confirmed payment). When the money arrives after the reservation ran out
 * ({@link EXPIRED_REASON}), the stock is taken again if it is still there; otherwise — and always for an order
 * the buyer cancelled — the order stays cancelled with a refund note and the caller refunds the payment.
 * @param emit records domain events in `tx` (`listing.sold_out` for each listing it sold out)
 * @returns `paid`, `already` (not awaiting payment and not recoverable) or `late_refund`
 */
export async function markOrderPaid(
  tx: Conn,
  orderId: number,
  now: Date,
  emit?: EmitEvent,
): Promise<'paid' | 'already' | 'late_refund'> {
  const done = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, reservedUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  if (done.length) {
    await markSoldOut(tx, orderId, now, emit);
    return 'paid';
  }
  const [o] = await tx
    .select({ status: orders.status, cancelReason: orders.cancelReason, cancelledBy: orders.cancelledBy })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (o?.status !== 'cancelled') return 'already';
  // The buyer cancelled (or the bank refused first): a cancel answered 200 means no charge — the money goes back.
  // Only a released reservation may be revived; an order cancelled after payment (deadline, seller) never is.
  if (o.cancelReason !== EXPIRED_REASON || (o.cancelledBy !== null && o.cancelledBy !== 'expiry')) {
    await tx
      .update(orders)
      .set({
        cancelReason: `${o.cancelReason ?? 'Заказ отменён.'} Оплата пришла после отмены — деньги будут возвращены.`,
      })
      .where(eq(orders.id, orderId));
    return 'late_refund';
  }
  // Paid after the reservation ran out: take the stock again if nobody bought it meanwhile.
  const items = await tx
    .select({ offerId: orderItems.offerId, count: orderItems.count })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.offerId);
  const ok = await (tx as Db)
    .transaction(async (sp) => {
      for (const it of items) {
        const r = await queryRows(
          sp as unknown as Db,
          sql`update offers set count = count - ${it.count} where id = ${it.offerId} and count >= ${it.count} returning id`,
        );
        if (!r.length) throw new Error('gone');
      }
      return true;
    })
    .catch(() => false);
  if (!ok) {
    await tx
      .update(orders)
      .set({ cancelReason: 'Оплата пришла после отмены заказа, товар уже продан — деньги будут возвращены.' })
      .where(eq(orders.id, orderId));
    return 'late_refund';
  }
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now, cancelledAt: null, cancelReason: null, cancelledBy: null })
    .where(eq(orders.id, orderId));
  await tx.execute(sql`
    update products p set status = 'reserved', updated_at = ${now.toISOString()}
    where p.status = 'active' and p.id in (select product_id from order_items where order_id = ${orderId})
      and not exists (select 1 from offers where product_id = p.id and count > 0)`);
  await markSoldOut(tx, orderId, now, emit);
  return 'paid';
}

/**
 * Cancels at the payment provider the payments {@link cancelAndRelease} found pending (those of the provider now
 * configured). A failure is logged, never thrown: the order is already cancelled.
 */
export async function cancelAtProvider(app: FastifyInstance, pending: { provider: string; id: string }[]) {
  for (const p of pending) {
    if (p.provider === app.config.payments.provider) {
      await paymentProvider(app)
        .cancelPayment(p.id)
        .catch((err: unknown) => app.log.warn({ err }, 'cancel payment failed'));
    }
  }
}
