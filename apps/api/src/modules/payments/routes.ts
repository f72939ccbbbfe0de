/**
 * HTTP routes of the `payments` module: gateway webhooks (raw body kept for the signature), the buyer's payment
 * status, and — outside production, with the test gateway configured — the test gateway's own pages and API.
 * - `POST /v1/payments/webhook/testgateway/`: HMAC-SHA256 of the raw body in `X-Testgateway-Signature`; bad → 401
 * - `POST /v1/payments/webhook/yookassa/`: the body only names the payment; it is re-read from YooKassa
 * - `GET /v1/payments/{id}/` (auth, buyer) → `{id, status, order_id, order_number, order_status}`
 * - `GET /v1/public/payments/config/` → `{provider, card_form_url}`
 * - `GET /v1/sales/balance/` (auth) → the caller's money as a seller, read from the ledger (`balanceAnswerSchema`)
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { testgatewayRoutes } from '../../providers/payments/testgateway.js';
import { verifyTestgatewaySignature, type TestgatewayEvent } from '../../providers/payments/testgateway-webhook.js';
import { paymentProvider } from '../../providers/payments/index.js';
import { paymentStatusSchema, paymentsConfigSchema } from '@vitrina/contract/orders';
import { applyPaymentEvent, paymentStatusFor } from './service.js';
import { definePaymentJobs } from './refunds.js';
import { defineSettlement, settleOrderPayments } from './settle.js';
import { definePayouts } from './payouts.js';
import { testgatewayPayoutRoutes } from '../../providers/payments/testgateway-payouts.js';
import { onBeforeExpiry } from '../orders/index.js';
import { sellerBalance } from '../ledger/index.js';
import { balanceAnswerSchema } from '@vitrina/contract/sales';

/** Parses a raw JSON body into an object, or throws 400. */
function parseJsonObject(raw: Buffer): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw badRequest('Неверный JSON в теле запроса.');
}

export default async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const testgateway = app.config.payments.provider === 'testgateway' && !app.config.isProduction;
  definePaymentJobs(app);
  defineSettlement(app);
  definePayouts(app);
  onBeforeExpiry(app, (tx, orderId, now) => settleOrderPayments(app, tx, orderId, now));

  r.get(
    '/v1/public/payments/config/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Платёжный провайдер и форма новой карты',
        response: { 200: paymentsConfigSchema },
      },
    },
    async () => ({
      provider: app.config.payments.provider,
      card_form_url: testgateway ? '/testgateway/cards/new' : null,
    }),
  );

  r.get(
    '/v1/payments/:id/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['payments'],
        summary: 'Состояние платежа (для страницы ожидания оплаты)',
        params: z.object({ id: z.string().max(64) }),
        security: [{ token: [] }],
        response: { 200: paymentStatusSchema },
      },
    },
    async (request) => paymentStatusFor(app, request.user!.id, request.params.id),
  );

  r.get(
    '/v1/sales/balance/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['sales'],
        summary: 'Баланс продавца: ожидает получения, доступно к выплате, выплачено, комиссии',
        security: [{ token: [] }],
        response: { 200: balanceAnswerSchema },
      },
    },
    async (request) => ({ success: true as const, data: await sellerBalance(app.db, request.user!.id) }),
  );

  // Webhooks read the raw body (signatures are over the exact bytes).
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    if (testgateway) {
      hooks.post(
        '/v1/payments/webhook/testgateway/',
        { schema: { tags: ['payments'], summary: 'Уведомление тестового шлюза' } },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const sig = request.headers['x-testgateway-signature'];
          if (
            !verifyTestgatewaySignature(
              app.config.payments.testgatewaySecret,
              raw,
              typeof sig === 'string' ? sig : undefined,
            )
          ) {
            throw unauthorized('Неверная подпись уведомления.');
          }
          const body = parseJsonObject(raw) as Partial<TestgatewayEvent>;
          const p = body.payment;
          if (
            typeof body.event_id !== 'string' ||
            !p ||
            typeof p.id !== 'string' ||
            !['succeeded', 'canceled'].includes(p.status as string) ||
            typeof p.amount !== 'number'
          ) {
            throw badRequest('Неверное уведомление.');
          }
          const result = await applyPaymentEvent(app, {
            provider: 'testgateway',
            eventId: body.event_id,
            providerPaymentId: p.id,
            status: p.status,
            amount: p.amount,
            payload: body,
          });
          return { success: true, result };
        },
      );
    }

    hooks.post(
      '/v1/payments/webhook/yookassa/',
      { schema: { tags: ['payments'], summary: 'Уведомление ЮKassa' } },
      async (request) => {
        if (app.config.payments.provider !== 'yookassa') throw notFound();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const body = parseJsonObject(raw);
        const object = body.object as { id?: unknown } | undefined;
        if (!object || typeof object.id !== 'string' || !/^[\w-]{1,64}$/.test(object.id))
          throw badRequest('Неверное уведомление.');
        // Never trust the body: ask YooKassa what the payment really is.
        const fetched = await paymentProvider(app).getPayment(object.id);
        if (!fetched) return { success: true, result: 'ignored' };
        if (fetched.status === 'pending') return { success: true, result: 'pending' };
        const result = await applyPaymentEvent(app, {
          provider: 'yookassa',
          eventId: `${fetched.providerPaymentId}:${fetched.status}`,
          providerPaymentId: fetched.providerPaymentId,
          status: fetched.status,
          amount: fetched.amount,
          payload: body,
        });
        return { success: true, result };
      },
    );
  });

  if (testgateway) {
    await app.register(testgatewayRoutes);
    await app.register(testgatewayPayoutRoutes);
  }
}
