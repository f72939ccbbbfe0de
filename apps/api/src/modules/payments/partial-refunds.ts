/**
 * Refunds of part of a payment (a dispute's partial refund; docs/decisions/0020-claims-and-disputes.md), beside
 * the whole-payment refunds of refunds.ts. {@link queuePartialRefund} writes a `partial_refunds` row and queues
 * {@link PARTIAL_REFUND_JOB} in the caller's transaction (the dispute's decision, whose ledger `hold_refund` moved
 * the amount from the seller's hold to the clearing account). The job asks the provider with the refund's own
 * idempotence key `refund-<refund id>` (a retry never refunds twice, and another refund of the same payment has
 * another key); on success the row is `succeeded`, the payment and the order add the amount to their
 * `refunded_amount`, the ledger's `refund` move is written and `order.refunded {orderId, claim: true}` is emitted —
 * all in the job's transaction. Failures retry with the refunds' back-off; `npm run reconcile` lists what is stuck.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { orders, partialRefunds, payments } from '../../db/schema/index.js';
import { paymentProvider } from '../../providers/payments/index.js';
import { recordPartialRefund } from '../ledger/index.js';
import { REFUND_MAX_ATTEMPTS, refundBackoffMs } from './refunds.js';

export const PARTIAL_REFUND_JOB = 'payments.partial-refund';

/** The idempotence key of a partial refund at the provider. */
export const partialRefundKey = (refundId: string) => `refund-${refundId}`;

/**
 * Queues the refund of `amount` kopecks of an order's charged payment (in the caller's transaction).
 * @returns the refund's id
 * @throws Error when the order has no charged payment that covers the amount (a programming error: a held order
 *   was paid)
 */
export async function queuePartialRefund(
  app: FastifyInstance,
  tx: Tx,
  input: { orderId: number; amount: number; reason: string },
): Promise<string> {
  const [pay] = await tx
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.orderId, input.orderId), eq(payments.status, 'succeeded')))
    .orderBy(payments.createdAt)
    .limit(1);
  if (!pay || pay.amount < input.amount)
    throw new Error(`partial refund: order ${input.orderId} has no charge of ${input.amount} kopecks`);
  const id = randomUUID();
  await tx.insert(partialRefunds).values({
    id,
    paymentId: pay.id,
    orderId: input.orderId,
    amount: input.amount,
    reason: input.reason,
    createdAt: app.clock.now(),
  });
  await app.jobs.enqueue(tx, PARTIAL_REFUND_JOB, { refundId: id }, { key: `partial-refund:${id}` });
  return id;
}

/** Defines the partial refunds' job on this process. */
export function definePartialRefunds(app: FastifyInstance): void {
  app.jobs.define(
    PARTIAL_REFUND_JOB,
    async ({ tx, job, now }) => {
      const refundId = String(job.payload.refundId);
      const [found] = await tx.select().from(partialRefunds).where(eq(partialRefunds.id, refundId));
      if (!found) return;
      // Order first, then payment and refund: the lock order of every payment path.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for('update');
      const [pay] = await tx.select().from(payments).where(eq(payments.id, found.paymentId)).for('update');
      const [refund] = await tx.select().from(partialRefunds).where(eq(partialRefunds.id, refundId)).for('update');
      if (!refund || refund.status === 'succeeded' || !pay?.providerPaymentId) return;
      if (pay.provider !== app.config.payments.provider)
        throw new Error(
          `refund: payment of provider ${pay.provider}, but ${app.config.payments.provider} is configured`,
        );
      const r = await paymentProvider(app, tx).refund({
        providerPaymentId: pay.providerPaymentId,
        amount: refund.amount,
        idempotenceKey: partialRefundKey(refund.id),
        reason: refund.reason,
        orderId: refund.orderId,
      });
      if (r.status !== 'succeeded')
        throw new Error(`refund ${r.providerRefundId} is still ${r.status} at the provider`);
      await tx
        .update(partialRefunds)
        .set({ status: 'succeeded', succeededAt: now, providerRefundId: r.providerRefundId })
        .where(eq(partialRefunds.id, refund.id));
      await tx
        .update(payments)
        .set({ refundedAmount: sql`coalesce(${payments.refundedAmount}, 0) + ${refund.amount}`, updatedAt: now })
        .where(eq(payments.id, pay.id));
      const [order] = await tx
        .update(orders)
        .set({ refundedAmount: sql`coalesce(${orders.refundedAmount}, 0) + ${refund.amount}`, refundedAt: now })
        .where(eq(orders.id, refund.orderId))
        .returning({ sellerId: orders.sellerId });
      await recordPartialRefund(
        tx,
        { orderId: refund.orderId, sellerId: order!.sellerId, paymentId: pay.id, at: now },
        refund.id,
        refund.amount,
      );
      await app.events.emit(tx, 'order.refunded', { orderId: refund.orderId, claim: true });
    },
    { maxAttempts: REFUND_MAX_ATTEMPTS, backoffMs: refundBackoffMs },
  );
}
