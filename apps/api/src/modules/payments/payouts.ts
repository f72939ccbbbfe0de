/**
 * Payouts to sellers (architecture «Money ledger»). When an order completes (`order.completed`, whose
 * job is queued in the completion's transaction) its payout row is made (`payouts`, the order's `payout`:
 * price minus fee, `@vitrina/contract/money`) and the job {@link PAYOUT_JOB} pays the seller through the
 * provider's payouts API to their payout card — the seller's default saved card of the configured provider —
 * with the idempotence key `payout-<order id>` (a retry never pays twice). On success the payout is `sent`, the
 * ledger's `payout` move is written in the same transaction and `payout.sent {orderId}` is emitted (the seller
 * is notified). A failure is retried with back-off (the jobs module); a payout the provider refused for good is
 * tried again later with a new key. A seller with no payout card: the payout `waiting_card` («Добавьте карту для
 * выплат») until `card.added`, which queues it again.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cards, orders, payouts, users } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { paymentProvider } from '../../providers/payments/index.js';
import { recordPayout } from '../ledger/index.js';
import { refundBackoffMs } from './refunds.js';

export const PAYOUT_JOB = 'payments.payout';
/** Payout attempts before the job is `dead` (then `npm run reconcile` lists it): about two days of back-off. */
export const PAYOUT_MAX_ATTEMPTS = 50;
/** Payout back-off: the refunds' (30 s doubling, at most an hour). */
export const payoutBackoffMs = refundBackoffMs;

/** The idempotence key of an order's payout; `seq` grows only after the provider refused one for good. */
export const payoutKey = (orderId: number, seq = 0) => (seq ? `payout-${orderId}-${seq}` : `payout-${orderId}`);

/** Queues the payout job of an order (at most one queued per order and try). */
async function queuePayout(app: FastifyInstance, tx: Tx, orderId: number, seq = 0, runAt?: Date) {
  await app.jobs.enqueue(tx, PAYOUT_JOB, { orderId }, { key: `payout:${orderId}:${seq}`, runAt });
}

/**
 * The seller's payout card: their default saved card of the configured provider (else the newest), or null.
 * Reads under the seller's lock, the one saving a card takes (cards module): a card saved at this moment is either
 * seen here or saved after this commits — and its `card.added` then finds the payout waiting.
 */
async function choosePayoutCard(app: FastifyInstance, tx: Tx, sellerId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, sellerId)).for('share');
  const [card] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, sellerId), eq(cards.provider, app.config.payments.provider)))
    .orderBy(desc(cards.isDefault), desc(cards.id))
    .limit(1);
  return card?.id ?? null;
}

/** Pays one order's payout (inside the job's transaction). */
async function payOut(app: FastifyInstance, tx: Tx, orderId: number, now: Date, attempts: number) {
  const [p] = await tx.select().from(payouts).where(eq(payouts.orderId, orderId)).for('update');
  if (!p || p.status !== 'processing') return;
  const provider = app.config.payments.provider;
  const sellerCard = async (id: number) =>
    (
      await tx
        .select({ token: cards.token, last4: cards.last4 })
        .from(cards)
        .where(and(eq(cards.id, id), eq(cards.userId, p.sellerId)))
    )[0];
  // Every try of one key goes to the card chosen for it (the seller may change their default card meanwhile).
  let card = p.cardId ? await sellerCard(p.cardId) : undefined;
  let keySeq = p.keySeq;
  if (!card) {
    // No card chosen yet (a payout from before the ledger), or the seller removed it: choose again — under a new
    // key when the removed card may have had a try.
    const id = await choosePayoutCard(app, tx, p.sellerId);
    card = id ? await sellerCard(id) : undefined;
    if (!id || !card) {
      await tx.update(payouts).set({ status: 'waiting_card', cardId: null }).where(eq(payouts.orderId, orderId));
      return;
    }
    if (p.cardId) keySeq += 1;
    await tx.update(payouts).set({ cardId: id, keySeq }).where(eq(payouts.orderId, orderId));
  }
  const [o] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
  const r = await paymentProvider(app, tx).payout({
    amount: p.amount,
    cardToken: card.token,
    idempotenceKey: payoutKey(orderId, keySeq),
    description: `Выплата по заказу ${o?.number ?? orderId}`,
    orderId,
  });
  if (r.status === 'pending') throw new Error(`payout ${r.providerPayoutId} is still pending at the provider`);
  if (r.status === 'canceled') {
    // Refused for good under this key: the next try is a new payout, after the back-off.
    const seq = keySeq + 1;
    await tx
      .update(payouts)
      .set({ status: 'processing', keySeq: seq, lastError: r.reason ?? 'Выплата отклонена.', provider })
      .where(eq(payouts.orderId, orderId));
    await queuePayout(app, tx, orderId, seq, new Date(now.getTime() + payoutBackoffMs(attempts + seq)));
    return;
  }
  await tx
    .update(payouts)
    .set({
      status: 'sent',
      sentAt: now,
      provider,
      providerPayoutId: r.providerPayoutId,
      cardLast4: card.last4,
      lastError: null,
    })
    .where(eq(payouts.orderId, orderId));
  await recordPayout(tx, { orderId, sellerId: p.sellerId, at: now }, p.amount);
  await app.events.emit(tx, 'payout.sent', { orderId });
}

/** Defines the payout job and its subscriptions (`order.completed`, `card.added`) on this process. */
export function definePayouts(app: FastifyInstance): void {
  app.events.subscribe('order.completed', 'payments.payout-on-complete', async ({ tx, event, now }) => {
    const { orderId } = event.payload;
    const [o] = await tx
      .select({ sellerId: orders.sellerId, payout: orders.payout })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'completed')));
    if (!o) return;
    const cardId = await choosePayoutCard(app, tx, o.sellerId);
    const made = await tx
      .insert(payouts)
      .values({
        orderId,
        sellerId: o.sellerId,
        amount: o.payout,
        status: cardId ? 'processing' : 'waiting_card',
        cardId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payouts.orderId })
      .returning({ orderId: payouts.orderId });
    if (made.length && cardId) await queuePayout(app, tx, orderId);
  });

  app.events.subscribe('card.added', 'payments.payout-card-added', async ({ tx, event }) => {
    const { userId, cardId } = event.payload;
    const waiting = await tx
      .update(payouts)
      .set({ status: 'processing', cardId })
      .where(and(eq(payouts.sellerId, userId), eq(payouts.status, 'waiting_card')))
      .returning({ orderId: payouts.orderId, keySeq: payouts.keySeq });
    for (const w of waiting) await queuePayout(app, tx, w.orderId, w.keySeq);
  });

  app.jobs.define(
    PAYOUT_JOB,
    async ({ tx, job, now }) => payOut(app, tx, Number(job.payload.orderId), now, job.attempts),
    { maxAttempts: PAYOUT_MAX_ATTEMPTS, backoffMs: payoutBackoffMs },
  );
}
