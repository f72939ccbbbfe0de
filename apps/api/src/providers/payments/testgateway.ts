/**
 * The built-in test gateway (issue «Buying»; the default payment provider outside production). It plays the
 * bank: it alone ever sees a card number, keeps only token, brand, last 4, expiry and an outcome flag
 * (`testgateway_cards`), runs its own payments (`testgateway_payments`) and bank page, and notifies Vitrina by
 * an HMAC-SHA256-signed webhook (`POST /v1/payments/webhook/testgateway/`, header `X-Testgateway-Signature`),
 * stored with the charge and re-delivered for 24 hours until answered 2xx (`testgateway-notices.ts`).
 *
 * Test cards: `4111 1111 1111 1111` (and any other valid number) succeeds, `4000 0000 0000 0002` is declined.
 * Routes (never registered in production):
 * - `POST /testgateway/api/cards/` JSON `{number, exp_month, exp_year, cvc}` → `{card_token, last4, brand, exp_month, exp_year}`
 * - `GET /testgateway/cards/new?return_url=` card form page → redirects to `return_url?card_token=`
 * - `GET /testgateway/pay/{id}?key=` bank page; `POST /testgateway/api/payments/{id}/pay` JSON card fields, or
 *   `{key, card}` (a saved card's reference on the page) → `{status: 'succeeded' | 'canceled', return_url}`.
 *   The buyer's saved cards are shown (last four, an opaque reference) and taken only with the payment's key,
 *   which only the buyer's `confirmation_url` carries (`testgateway-keys.ts`).
 *
 * The parts: card checks (`testgateway-cards.ts`), the bank pages (`testgateway-pages.ts`), the signed webhook
 * (`testgateway-webhook.ts`), its stored delivery (`testgateway-notices.ts`), the gateway's routes
 * (`testgateway-routes.ts`); here the provider Vitrina calls.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, and } from 'drizzle-orm';
import { testgatewayPayments, testgatewayRefunds, testgatewayCards } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import type { PaymentProvider, SavedCardRef } from './types.js';
import { testgatewayPayout } from './testgateway-payouts.js';
import { payKey } from './testgateway-keys.js';

/** What the test bank keeps with a payment (`testgateway_payments.metadata`). */
export interface GatewayMetadata {
  payment_id?: string;
  order_id?: string;
  order_number?: string;
  saved_cards?: SavedCardRef[];
  /** The buyer asked to keep a new card («Сохранить карту»). */
  save_card?: boolean;
  /** The token of the card saved when the payment succeeded with a new card. */
  saved_card_token?: string;
}

/**
 * The provider side Vitrina talks to (in-process: the gateway's books are tables of the same database).
 * `books` is the connection its books are written through: a job that calls the bank inside its claiming
 * transaction passes that transaction (on PGlite a second connection would wait for it forever).
 */
export function testgatewayProvider(app: FastifyInstance, books: Db | Tx = app.db): PaymentProvider {
  return {
    name: 'testgateway',
    async createPayment(input) {
      const id = `tg_${randomUUID()}`;
      const metadata: GatewayMetadata = {
        payment_id: input.paymentId,
        order_id: String(input.orderId),
        order_number: input.orderNumber,
        saved_cards: input.savedCards,
        ...(input.saveCard ? { save_card: true } : {}),
      };
      await app.db.insert(testgatewayPayments).values({
        id,
        amount: input.amount,
        description: input.description,
        returnUrl: input.returnUrl,
        status: 'pending',
        metadata,
        createdAt: app.clock.now(),
        updatedAt: app.clock.now(),
      });
      const key = payKey(app.config.payments.testgatewaySecret, id);
      return { providerPaymentId: id, status: 'pending', confirmationUrl: `/testgateway/pay/${id}?key=${key}` };
    },
    async getPayment(providerPaymentId) {
      const [p] = await books.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, providerPaymentId));
      if (!p) return null;
      const md = p.metadata as GatewayMetadata;
      return {
        providerPaymentId: p.id,
        // A refunded payment was charged (like YooKassa, which keeps `succeeded` and adds the refunded amount).
        status: p.status === 'refunded' ? 'succeeded' : (p.status as 'pending' | 'succeeded' | 'canceled'),
        amount: p.amount,
        metadata: { payment_id: md.payment_id ?? '', order_id: md.order_id ?? '' },
      };
    },
    async cancelPayment(providerPaymentId) {
      await books
        .update(testgatewayPayments)
        .set({ status: 'canceled', updatedAt: app.clock.now() })
        .where(and(eq(testgatewayPayments.id, providerPaymentId), eq(testgatewayPayments.status, 'pending')));
    },
    async refund(input) {
      // The bank's refund book: one refund per idempotence key; the payment becomes `refunded`.
      const [seen] = await books
        .select()
        .from(testgatewayRefunds)
        .where(eq(testgatewayRefunds.idempotenceKey, input.idempotenceKey));
      if (seen) {
        if (seen.paymentId !== input.providerPaymentId || seen.amount !== input.amount)
          throw new Error('testgateway: idempotence key reused for another refund');
        return { providerRefundId: seen.id, status: 'succeeded' };
      }
      const [p] = await books
        .select()
        .from(testgatewayPayments)
        .where(eq(testgatewayPayments.id, input.providerPaymentId))
        .for('update');
      if (!p) throw new Error(`testgateway: refund of an unknown payment ${input.providerPaymentId}`);
      // Refunds of any amount, each under its own key, until the payment's amount is returned in full.
      const before = await books
        .select({ amount: testgatewayRefunds.amount })
        .from(testgatewayRefunds)
        .where(eq(testgatewayRefunds.paymentId, p.id));
      const returned = before.reduce((sum, r) => sum + r.amount, 0);
      if (p.status !== 'succeeded' && !(p.status === 'refunded' && returned < p.amount))
        throw new Error(`testgateway: refund refused, payment is ${p.status}`);
      if (!(input.amount > 0 && returned + input.amount <= p.amount))
        throw new Error('testgateway: refund amount out of range');
      const id = `rf_${randomUUID()}`;
      const now = app.clock.now();
      await books.insert(testgatewayRefunds).values({
        id,
        paymentId: p.id,
        amount: input.amount,
        idempotenceKey: input.idempotenceKey,
        reason: input.reason,
        createdAt: now,
      });
      await books
        .update(testgatewayPayments)
        .set({ status: 'refunded', updatedAt: now })
        // (a payment partly refunded stays `refunded` in the bank's books and still accepts the rest)
        .where(eq(testgatewayPayments.id, p.id));
      return { providerRefundId: id, status: 'succeeded' };
    },
    payout: (input) => testgatewayPayout(app, books, input),
    async resolveCardToken(token) {
      if (!/^tok_[0-9a-f]{32}$/.test(token)) return null;
      const [c] = await books.select().from(testgatewayCards).where(eq(testgatewayCards.token, token));
      return c ? { brand: c.brand, last4: c.last4, expMonth: c.expMonth, expYear: c.expYear } : null;
    },
    async savedCardToken(providerPaymentId) {
      const [p] = await books
        .select({ metadata: testgatewayPayments.metadata, status: testgatewayPayments.status })
        .from(testgatewayPayments)
        .where(eq(testgatewayPayments.id, providerPaymentId));
      return p && p.status !== 'canceled' ? ((p.metadata as GatewayMetadata).saved_card_token ?? null) : null;
    },
  };
}
