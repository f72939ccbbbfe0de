/**
 * The shop never relies on a single notice from the bank (architecture §6 «Money»):
 * - before an unpaid order's reservation is released, the expiry job asks the provider about the order's pending
 *   payments ({@link settleOrderPayments}, registered with `orders.onBeforeExpiry`): a charge is applied through
 *   the webhook's own path ({@link applyPaymentEventIn}: order paid, or refunded when it can no longer be
 *   fulfilled), a refusal cancels the order, a payment still pending is cancelled at the bank and the order
 *   released;
 * - the recurring {@link RECONCILE_JOB} (every {@link RECONCILE_EVERY_MS}) does the same for every payment left
 *   `pending` longer than the reservation (a lost webhook, a crash between the bank and us).
 * Calls to the bank happen inside the job's transaction (the in-process test bank writes its books through it);
 * a provider that cannot be reached fails the job, which is retried — nothing is released on a guess.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { paymentProvider } from '../../providers/payments/index.js';
import { cancelAndRelease, EXPIRED_REASON, RESERVATION_MS } from '../orders/index.js';
import { applyPaymentEventIn } from './service.js';
import { crashPoint } from '../../lib/crash-points.js';

export const RECONCILE_JOB = 'payments.reconcile-pending';
/** How often pending payments are reconciled with the bank, ms. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** Payments asked per run at most (the next run takes the rest). */
const RECONCILE_BATCH = 100;

type PendingPayment = { id: string; orderId: number; provider: string; providerPaymentId: string | null };

/**
 * Asks the bank about one pending payment and applies the answer.
 * @returns what the bank said: `succeeded`, `canceled` (refused), `pending` (cancelled at the bank by us now: the
 *   caller releases the order as expired), or `unknown`
 */
async function settleOne(app: FastifyInstance, tx: Tx, pay: PendingPayment, now: Date) {
  if (!pay.providerPaymentId || pay.provider !== app.config.payments.provider) return 'unknown' as const;
  const bank = paymentProvider(app, tx);
  const fetched = await bank.getPayment(pay.providerPaymentId);
  if (!fetched) return 'unknown' as const;
  if (fetched.status === 'pending') {
    await bank.cancelPayment(fetched.providerPaymentId);
    // Cancelled at the bank (by us: the caller releases the order as expired) unless it took the money in the
    // meantime — ask once more.
    const again = await bank.getPayment(fetched.providerPaymentId);
    if (again?.status !== 'succeeded') return 'pending' as const;
    fetched.status = 'succeeded';
  }
  await applyPaymentEventIn(
    app,
    tx,
    {
      provider: pay.provider as 'testgateway' | 'yookassa',
      // The id YooKassa notices get too (a later notice is a duplicate); a test bank notice finds it applied.
      eventId: `${fetched.providerPaymentId}:${fetched.status}`,
      providerPaymentId: fetched.providerPaymentId,
      status: fetched.status,
      amount: fetched.amount,
      payload: { source: 'reconcile', id: fetched.providerPaymentId, status: fetched.status },
    },
    now,
  );
  return fetched.status;
}

/** Before an order's reservation is released: settles its pending payments with the bank. */
export async function settleOrderPayments(app: FastifyInstance, tx: Tx, orderId: number, now: Date): Promise<void> {
  const pend = await tx
    .select({
      id: payments.id,
      orderId: payments.orderId,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  for (const p of pend) await settleOne(app, tx, p, now);
}

/** Defines the recurring reconciliation of pending payments and hooks the bank check into order expiry. */
export function defineSettlement(app: FastifyInstance): void {
  app.jobs.every(RECONCILE_JOB, RECONCILE_EVERY_MS, async ({ tx, now }) => {
    const stale = await tx
      .select({
        id: payments.id,
        orderId: payments.orderId,
        provider: payments.provider,
        providerPaymentId: payments.providerPaymentId,
      })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          isNotNull(payments.providerPaymentId),
          sql`${payments.createdAt} <= ${new Date(now.getTime() - RESERVATION_MS).toISOString()}`,
        ),
      )
      .orderBy(payments.createdAt)
      .limit(RECONCILE_BATCH);
    for (const p of stale) {
      // One payment's trouble (the bank down for it) must not hold the others: each in its own savepoint.
      await tx
        .transaction(async (sp) => {
          const said = await settleOne(app, sp, p, now);
          if (said !== 'pending') return;
          const released = await cancelAndRelease(sp, p.orderId, now, EXPIRED_REASON, true);
          if (released)
            await app.events.emit(sp, 'order.cancelled', { orderId: p.orderId, reason: EXPIRED_REASON, by: 'expiry' });
          crashPoint('expiry.before-commit');
        })
        .catch((err: unknown) =>
          app.log.warn({ err, paymentId: p.id }, 'reconcile: payment not settled, next run retries'),
        );
    }
  });
}
