/**
 * Applying payment outcomes (issue «Buying»). Every gateway event is applied exactly once: the event row
 * (`payment_events`, unique provider + event id) is inserted in the SAME transaction as the state change, so a
 * repeated webhook finds the row and changes nothing. Success → order `paid` (listing `sold` when nothing is
 * left); failure → order `cancelled` and the stock released. The outcome's domain events (`order.paid`,
 * `order.payment_failed`, `order.cancelled`) are recorded in the same transaction (architecture §6).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentStatusAnswer } from '@vitrina/contract/orders';
import { orders, paymentEvents, payments } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { crashPoint } from '../../lib/crash-points.js';
import { toRubles } from '../../lib/money.js';
import { queueRefund } from './refunds.js';
import { cancelAndRelease, markOrderPaid } from '../orders/index.js';
import { recordCharge, recordHold } from '../ledger/index.js';
import { paymentProvider, type ProviderName } from '../../providers/payments/index.js';

export interface PaymentEventInput {
  provider: ProviderName;
  /** Unique per provider; a repeat is ignored. */
  eventId: string;
  providerPaymentId: string;
  status: 'succeeded' | 'canceled';
  /** Kopecks the provider reports (checked against ours). */
  amount: number;
  payload: unknown;
}

/**
 * Applies one confirmed gateway event.
 * @returns `applied`, `duplicate` (seen before), or `ignored` (unknown payment, wrong amount, already final)
 */
export async function applyPaymentEvent(
  app: FastifyInstance,
  ev: PaymentEventInput,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const now = app.clock.now();
  const result = await app.db.transaction(async (tx) => {
    const r = await applyPaymentEventIn(app, tx, ev, now);
    crashPoint('webhook.before-commit');
    return r;
  });
  crashPoint('webhook.after-commit');
  app.log.info({ provider: ev.provider, status: ev.status, result }, 'payment event');
  return result;
}

/**
 * {@link applyPaymentEvent} inside the caller's transaction (a job that asked the bank itself: the expiry of a
 * reservation, the reconciliation of pending payments). The same path as a webhook, so it is just as idempotent.
 */
export async function applyPaymentEventIn(
  app: FastifyInstance,
  tx: Tx,
  ev: PaymentEventInput,
  now: Date,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const fresh = await tx
    .insert(paymentEvents)
    .values({ provider: ev.provider, eventId: ev.eventId, payload: ev.payload ?? {}, receivedAt: now })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  if (!fresh.length) return 'duplicate' as const;
  const byProvider = and(eq(payments.provider, ev.provider), eq(payments.providerPaymentId, ev.providerPaymentId));
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(byProvider);
  if (!found) return 'ignored' as const;
  // Lock order first, then payment — the order every other path (cancel, expiry) takes; the other way round a
  // buyer's «cancel» racing the bank's webhook deadlocks on PostgreSQL.
  const [order] = await tx
    .select({ id: orders.id, sellerId: orders.sellerId, total: orders.total })
    .from(orders)
    .where(eq(orders.id, found.orderId))
    .for('update');
  const [pay] = await tx.select().from(payments).where(byProvider).for('update');
  if (!pay || !order) return 'ignored' as const;
  if (pay.amount !== ev.amount) {
    app.log.warn({ paymentId: pay.id }, 'payment amount mismatch, event ignored');
    return 'ignored' as const;
  }
  if (ev.status === 'succeeded') {
    // Already charged — or charged and refunded: a second notice must not take the stock again.
    if (pay.status === 'succeeded' || pay.status === 'refunded') return 'ignored' as const;
    await tx.update(payments).set({ status: 'succeeded', updatedAt: now }).where(eq(payments.id, pay.id));
    const r = await markOrderPaid(tx, pay.orderId, now, (type, payload) => app.events.emit(tx, type, payload));
    // The ledger in the same transaction: the charge always, the seller's hold when the order is paid.
    const ref = { orderId: order.id, sellerId: order.sellerId, paymentId: pay.id, at: now };
    await recordCharge(tx, ref, pay.amount);
    if (r === 'paid') await recordHold(tx, ref, order.total);
    if (r === 'paid') await app.events.emit(tx, 'order.paid', { orderId: pay.orderId });
    // Money for an order that can no longer be fulfilled goes back: a job calls the bank after this commits.
    if (r === 'late_refund') await queueRefund(app, tx, pay.id);
    return 'applied' as const;
  }
  if (pay.status !== 'pending') return 'ignored' as const;
  await tx.update(payments).set({ status: 'canceled', updatedAt: now }).where(eq(payments.id, pay.id));
  const reason = 'Банк отклонил оплату. Товар снова в продаже.';
  if (await cancelAndRelease(tx, pay.orderId, now, reason, false, 'payment')) {
    await app.events.emit(tx, 'order.payment_failed', { orderId: pay.orderId });
    await app.events.emit(tx, 'order.cancelled', { orderId: pay.orderId, reason, by: 'payment' });
  }
  return 'applied' as const;
}

/**
 * `GET /v1/payments/{id}/` for the buyer: the payment's state (what `/payment` polls). A pending YooKassa
 * payment is re-read from YooKassa, so the verdict arrives even if the webhook is late.
 * @throws ApiError 404 for anyone but the buyer
 */
export async function paymentStatusFor(app: FastifyInstance, userId: number, id: string): Promise<PaymentStatusAnswer> {
  const load = async () => {
    const [row] = await app.db
      .select({ pay: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(payments.id, id));
    return row;
  };
  let row = /^[0-9a-f-]{36}$/i.test(id) ? await load() : undefined;
  if (!row || row.order.buyerId !== userId) throw notFound('Платёж не найден.');
  if (
    row.pay.status === 'pending' &&
    row.pay.provider === 'yookassa' &&
    row.pay.providerPaymentId &&
    app.config.payments.provider === 'yookassa'
  ) {
    const fetched = await paymentProvider(app)
      .getPayment(row.pay.providerPaymentId)
      .catch(() => null);
    if (fetched && fetched.status !== 'pending') {
      await applyPaymentEvent(app, {
        provider: 'yookassa',
        eventId: `${fetched.providerPaymentId}:${fetched.status}`,
        providerPaymentId: fetched.providerPaymentId,
        status: fetched.status,
        amount: fetched.amount,
        payload: { source: 'poll', id: fetched.providerPaymentId, status: fetched.status },
      });
      row = (await load())!;
    }
  }
  return {
    id: row.pay.id,
    status: row.pay.status,
    order_id: row.order.id,
    order_number: row.order.number,
    order_status: row.order.status,
    // Only once refunded: the answer of a payment without a refund keeps its shape.
    ...(row.pay.refundedAmount !== null && row.pay.refundedAt
      ? { refunded_amount: toRubles(row.pay.refundedAmount), refunded_at: row.pay.refundedAt.toISOString() }
      : {}),
  };
}
