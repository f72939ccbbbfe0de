/**
 * The test gateway's routes (never registered in production): its card form and bank pages, and the API that
 * stores a card and pays a payment — writing the charge with the notice the bank owes the shop. The provider
 * Vitrina calls, and the whole gateway's description, are in `testgateway.ts`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, and } from 'drizzle-orm';
import { z } from 'zod';
import { gatewayCardSchema, gatewayPayResultSchema } from '@vitrina/contract/orders';
import { testgatewayCards, testgatewayPayments } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { validateCard } from './testgateway-cards.js';
import { newCardPage, paymentDonePage, paymentNotFoundPage, payPage } from './testgateway-pages.js';
import { cspNonce } from '../../plugins/security-headers.js';
import type { TestgatewayEvent } from './testgateway-webhook.js';
import { deliverNotice, recordNotice } from './testgateway-notices.js';
import { crashPoint } from '../../lib/crash-points.js';
import { publicOrigin } from '../../lib/public-origin.js';
import { cardRef, validPayKey } from './testgateway-keys.js';
import type { GatewayMetadata } from './testgateway.js';

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
