/**
 * Refunds (architecture §6 «Money»): a payment confirmed for an order that can no longer be fulfilled
 * (expired and resold, cancelled, listing removed — `markOrderPaid` answers `late_refund`) is refunded by the job
 * {@link REFUND_JOB}, queued in the transaction that applied the payment — never a provider call inside a
 * request's transaction. The job calls the provider's refund API with the idempotence key `refund-<payment id>`
 * (a retry never refunds twice); on success the payment becomes `refunded` with the amount and time, the order
 * records them, and `order.refunded {orderId}` is emitted (the buyer is notified). A failure is retried with
 * back-off up to {@link REFUND_MAX_ATTEMPTS} times (days); a refund still failing is listed by
 * `npm run reconcile`.
 *
 * A paid order cancelled before shipping (its ship-by deadline passed, the seller cancelled it: `order.cancelled`
 * with `by` ∈ {@link REFUNDED_CANCELS}) is refunded in full the same way: the event's subscriber queues the job
 * for each charged payment of the order (the ledger's hold went back in the cancel's own transaction).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CancelledBy } from '@vitrina/contract/orders';
import type { Tx } from '../../db/client.js';
import { orders, payments } from '../../db/schema/index.js';
import { paymentProvider } from '../../providers/payments/index.js';
import { crashPoint } from '../../lib/crash-points.js';
import { recordRefund } from '../ledger/index.js';

export const REFUND_JOB = 'payments.refund';
/** Refund attempts before the job is `dead` (then a person looks: `npm run reconcile`). */
export const REFUND_MAX_ATTEMPTS = 50;
/** Refund back-off: 30 s, 1 min, 2 min … capped at one hour — 50 attempts span about two days. */
export const refundBackoffMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);
const REFUND_REASON = 'Заказ не может быть выполнен: оплата пришла после отмены.';

/** The idempotence key of a payment's refund (the same for every attempt). */
export const refundKey = (paymentId: string) => `refund-${paymentId}`;

/** Cancellations of a paid order that return the buyer's money in full. */
export const REFUNDED_CANCELS: readonly CancelledBy[] = ['deadline', 'seller', 'staff'];

/**
 * Queues the refund of a succeeded payment in the caller's transaction (one queued per payment).
 * @param reason what the bank's refund says (default: a payment that came after the order was cancelled)
 */
export async function queueRefund(app: FastifyInstance, tx: Tx, paymentId: string, reason?: string): Promise<void> {
  await app.jobs.enqueue(
    tx,
    REFUND_JOB,
    { paymentId, ...(reason ? { reason } : {}) },
    { key: `payment:${paymentId}:refund` },
  );
}

/** Queues the whole refund of every charged payment of an order (in the caller's transaction). */
export async function queueOrderRefund(app: FastifyInstance, tx: Tx, orderId: number, reason: string): Promise<void> {
  const charged = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  for (const p of charged) await queueRefund(app, tx, p.id, reason);
}

/** Defines the payments module's jobs on this process (called when the module's routes are registered). */
export function definePaymentJobs(app: FastifyInstance): void {
  app.events.subscribe('order.cancelled', 'payments.refund-cancelled-order', async ({ tx, event }) => {
    if (!REFUNDED_CANCELS.includes(event.payload.by)) return;
    await queueOrderRefund(app, tx, event.payload.orderId, 'Заказ отменён до отправки.');
  });
  app.jobs.define(
    REFUND_JOB,
    async ({ tx, job, now, afterCommit }) => {
      const paymentId = String(job.payload.paymentId);
      const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
      if (!found) return;
      // Order first, then payment: the lock order of every payment path.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for('update');
      const [pay] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      if (!pay || pay.status === 'refunded') return;
      if (pay.status !== 'succeeded' || !pay.providerPaymentId) {
        app.log.warn({ paymentId, status: pay.status }, 'refund: payment was not charged, nothing to return');
        return;
      }
      if (pay.provider !== app.config.payments.provider)
        throw new Error(
          `refund: payment of provider ${pay.provider}, but ${app.config.payments.provider} is configured`,
        );
      const r = await paymentProvider(app, tx)
        .refund({
          providerPaymentId: pay.providerPaymentId,
          amount: pay.amount,
          idempotenceKey: refundKey(pay.id),
          reason: typeof job.payload.reason === 'string' ? job.payload.reason : REFUND_REASON,
          orderId: pay.orderId,
        })
        .catch((err: unknown) => {
          app.metrics.refunds.inc({ outcome: 'failed' });
          throw err;
        });
      // A refund the provider still processes is asked again (same key → same refund) until it succeeds.
      if (r.status !== 'succeeded') {
        app.metrics.refunds.inc({ outcome: 'pending' });
        throw new Error(`refund ${r.providerRefundId} is still ${r.status} at the provider`);
      }
      afterCommit(async () => void app.metrics.refunds.inc({ outcome: 'succeeded' }));
      await tx
        .update(payments)
        .set({
          status: 'refunded',
          refundedAmount: pay.amount,
          refundedAt: now,
          providerRefundId: r.providerRefundId,
          updatedAt: now,
        })
        .where(eq(payments.id, pay.id));
      const [order] = await tx
        .update(orders)
        .set({ refundedAmount: pay.amount, refundedAt: now })
        .where(eq(orders.id, pay.orderId))
        .returning({ sellerId: orders.sellerId });
      await recordRefund(
        tx,
        { orderId: pay.orderId, sellerId: order!.sellerId, paymentId: pay.id, at: now },
        pay.amount,
      );
      await app.events.emit(tx, 'order.refunded', { orderId: pay.orderId });
      crashPoint('refund.before-commit');
    },
    { maxAttempts: REFUND_MAX_ATTEMPTS, backoffMs: refundBackoffMs },
  );
}
