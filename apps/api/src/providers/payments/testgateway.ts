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
 * (`testgateway-webhook.ts`), its stored delivery (`testgateway-notices.ts`); here the provider Vitrina calls
 * and the gateway's routes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, and } from 'drizzle-orm';
import { z } from 'zod';
import { gatewayCardSchema, gatewayPayResultSchema } from '@vitrina/contract/orders';
import { testgatewayCards, testgatewayPayments, testgatewayRefunds } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { PaymentProvider, SavedCardRef } from './types.js';
import { validateCard } from './testgateway-cards.js';
import { newCardPage, paymentDonePage, paymentNotFoundPage, payPage } from './testgateway-pages.js';
import { cspNonce } from '../../plugins/security-headers.js';
import type { TestgatewayEvent } from './testgateway-webhook.js';
import { deliverNotice, recordNotice } from './testgateway-notices.js';
import { crashPoint } from '../../lib/crash-points.js';
import { publicOrigin } from '../../lib/public-origin.js';
import { testgatewayPayout } from './testgateway-payouts.js';
import { cardRef, payKey, validPayKey } from './testgateway-keys.js';

interface GatewayMetadata {
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

/**
 * A return URL is accepted only on one of `origins` (no open redirect, no card token sent elsewhere): it is
 * parsed as the browser will (`new URL(value, origin)`) and must land on that origin. Control characters (a TAB
 * the parser drops turns `/\t/host` into `//host`), backslashes and protocol-relative `//host` are refused
 * before parsing.
 * @returns the path (for a path given) or the parsed absolute URL, or null when refused
 */
export function safeReturnUrl(origins: string[], value: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value || /[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith('//')) return null;
  for (const origin of origins) {
    let base: URL;
    let url: URL;
    try {
      base = new URL(origin);
      url = new URL(value, base);
    } catch {
      continue;
    }
    if (url.origin !== base.origin || url.username || url.password) continue;
    return value.startsWith('/') ? `${url.pathname}${url.search}${url.hash}` : url.href;
  }
  return null;
}

/* -------------------------------------------------------------------------- routes */

const cardBody = z
  .object({
    number: z.union([z.string().max(40), z.number()]),
    exp_month: z.union([z.string().max(4), z.number()]),
    exp_year: z.union([z.string().max(4), z.number()]),
    cvc: z.union([z.string().max(8), z.number()]),
    key: z.string().max(100),
    card: z.string().max(100),
  })
  .partial();

/** Registers the test gateway's pages and API (payments module does this only outside production). */
export async function testgatewayRoutes(app: FastifyInstance) {
  if (app.config.isProduction) return;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/testgateway/api/cards/',
    {
      schema: {
        tags: ['testgateway'],
        summary: 'Тестовый банк: сохранить карту и получить токен',
        body: cardBody.omit({ key: true, card: true }),
        response: { 200: gatewayCardSchema },
      },
    },
    async (request) => {
      const card = validateCard(request.body, app.clock.now());
      const token = `tok_${randomBytes(16).toString('hex')}`;
      await app.db.insert(testgatewayCards).values({
        token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        outcome: card.outcome,
        createdAt: app.clock.now(),
      });
      return {
        card_token: token,
        last4: card.last4,
        brand: card.brand,
        exp_month: card.expMonth,
        exp_year: card.expYear,
      };
    },
  );

  r.get(
    '/testgateway/cards/new',
    { schema: { hide: true, querystring: z.object({ return_url: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      const origins = [app.config.publicUrl, publicOrigin(app.config, request)];
      const back = safeReturnUrl(origins, request.query.return_url) ?? '/account';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(newCardPage(back, cspNonce(reply)));
    },
  );

  r.get(
    '/testgateway/pay/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(100) }),
        querystring: z.object({ key: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const [p] = await app.db.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, request.params.id));
      if (!p) return reply.status(404).send(paymentNotFoundPage());
      const md = p.metadata as GatewayMetadata;
      if (p.status !== 'pending') return reply.send(paymentDonePage(p));
      // The buyer's saved cards only for the buyer's link (with the payment's key), by reference, never a token.
      const secret = app.config.payments.testgatewaySecret;
      const key = request.query.key;
      const saved = validPayKey(secret, p.id, key)
        ? (md.saved_cards ?? []).map((c) => ({ ref: cardRef(secret, p.id, c.token), brand: c.brand, last4: c.last4 }))
        : [];
      return reply.send(payPage(p, saved, saved.length ? key! : '', cspNonce(reply)));
    },
  );

  r.post(
    '/testgateway/api/payments/:id/pay',
    {
      schema: {
        tags: ['testgateway'],
        summary: 'Тестовый банк: оплатить картой или сохранённой картой',
        params: z.object({ id: z.string().max(100) }),
        body: cardBody,
        response: { 200: gatewayPayResultSchema },
      },
    },
    async (request) => {
      const [p] = await app.db.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, request.params.id));
      if (!p) throw notFound('Платёж не найден.');
      if (p.status !== 'pending') throw badRequest('Платёж уже обработан.');
      const md = p.metadata as GatewayMetadata;
      let outcome: 'succeed' | 'decline';
      let newCard: ReturnType<typeof validateCard> | null = null;
      const ref = request.body.card;
      if (ref) {
        // A saved card: only with the payment's key, and only one of this payment's buyer's cards.
        const secret = app.config.payments.testgatewaySecret;
        const saved = validPayKey(secret, p.id, request.body.key)
          ? (md.saved_cards ?? []).find((c) => cardRef(secret, p.id, c.token) === ref)
          : undefined;
        if (!saved) throw badRequest({ card: ['Карта не найдена.'] });
        const [card] = await app.db.select().from(testgatewayCards).where(eq(testgatewayCards.token, saved.token));
        if (!card) throw badRequest({ card: ['Карта не найдена.'] });
        const now = app.clock.now();
        if (
          card.expYear < now.getUTCFullYear() ||
          (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)
        ) {
          throw badRequest({ card: ['Срок действия карты истёк.'] });
        }
        outcome = card.outcome === 'decline' ? 'decline' : 'succeed';
      } else {
        const card = validateCard(request.body, app.clock.now());
        outcome = card.outcome;
        // «Сохранить карту» at checkout: the bank keeps the card a successful payment was made with.
        if (md.save_card && outcome === 'succeed') newCard = card;
      }
      const status: 'succeeded' | 'canceled' = outcome === 'succeed' ? 'succeeded' : 'canceled';
      // The charge (or refusal) and the notice the bank owes the shop are written together: the notice is
      // delivered now and, until the shop answers 2xx, again by a job for 24 hours (testgateway-notices.ts).
      const event: TestgatewayEvent = {
        event_id: `evt_${randomUUID()}`,
        event: status === 'succeeded' ? 'payment.succeeded' : 'payment.canceled',
        payment: {
          id: p.id,
          status,
          amount: p.amount,
          metadata: { payment_id: md.payment_id ?? '', order_id: md.order_id ?? '' },
        },
      };
      await app.db.transaction(async (tx) => {
        let metadata = md;
        if (newCard) {
          const token = `tok_${randomBytes(16).toString('hex')}`;
          await tx.insert(testgatewayCards).values({
            token,
            brand: newCard.brand,
            last4: newCard.last4,
            expMonth: newCard.expMonth,
            expYear: newCard.expYear,
            outcome: newCard.outcome,
            createdAt: app.clock.now(),
          });
          metadata = { ...md, saved_card_token: token };
        }
        const updated = await tx
          .update(testgatewayPayments)
          .set({ status, metadata, updatedAt: app.clock.now() })
          .where(and(eq(testgatewayPayments.id, p.id), eq(testgatewayPayments.status, 'pending')))
          .returning({ id: testgatewayPayments.id });
        if (!updated.length) throw badRequest('Платёж уже обработан.');
        await recordNotice(app, tx, event);
      });
      crashPoint('bank.charged');
      await deliverNotice(app, event.event_id);
      return { status, return_url: p.returnUrl };
    },
  );
}
