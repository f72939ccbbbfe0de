/**
 * HTTP routes of the `payments` module: gateway webhooks (raw body kept for the signature), the buyer's payment
 * status, and — outside production, with the test gateway configured — the test gateway's own pages and API.
 * - `POST /v1/payments/webhook/testgateway/`: HMAC-SHA256 of the raw body in `X-Testgateway-Signature` (bad → 401),
 *   then the payment's status is re-read from the bank and that is applied, never the body's
 * - `POST /v1/payments/webhook/yookassa/`: the body only names the payment; it is re-read from YooKassa. Only from
 *   YooKassa's addresses (403), rate-limited per address (429), one payment asked about at most once per 5 s
 *   (429, YooKassa sends it again): `./yookassa-notices.ts`
 * - `GET /v1/payments/{id}/` (auth, buyer) → `{id, status, order_id, order_number, order_status}`
 * - `GET /v1/public/payments/config/` → `{provider, card_form_url}`
 * - `GET /v1/sales/balance/` (auth) → the caller's money as a seller, read from the ledger (`balanceAnswerSchema`)
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { ipMatcher } from '../../lib/client-address.js';
import { YOOKASSA_NOTICE_IPS_DEFAULT } from '../../config.js';
import { takeNoticeFetch } from './yookassa-notices.js';
import { testgatewayRoutes } from '../../providers/payments/testgateway-routes.js';
import { verifyTestgatewaySignature, type TestgatewayEvent } from '../../providers/payments/testgateway-webhook.js';
import { paymentProvider, type FetchedPayment, type ProviderName } from '../../providers/payments/index.js';
import { paymentStatusSchema, paymentsConfigSchema } from '@vitrina/contract/orders';
import { applyPaymentEvent, paymentStatusFor } from './service.js';
import { definePaymentJobs } from './refunds.js';
import { defineCardSaving } from './save-card.js';
import { defineSettlement, settleOrderPayments } from './settle.js';
import { definePaymentMetrics } from './metrics.js';
import { defineNoticeDelivery } from '../../providers/payments/testgateway-notices.js';
import { definePayouts } from './payouts.js';
import { definePartialRefunds } from './partial-refunds.js';
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

/**
 * Applies what the bank itself says about a payment (never a notice body's claim) and counts the notice by
 * outcome in `vitrina_payment_webhook_notices_total`.
 * @param fetched the payment as the bank reports it (null: unknown to the bank)
 * @param eventId the id the event is recorded under (a repeat is a `duplicate`)
 * @returns `applied`, `duplicate`, `ignored` (unknown, wrong amount, already final) or `pending` (nothing yet)
 */
async function applyBankWord(
  app: FastifyInstance,
  provider: ProviderName,
  fetched: FetchedPayment | null,
  payload: unknown,
  eventId: (f: FetchedPayment) => string,
) {
  let result: 'applied' | 'duplicate' | 'ignored' | 'pending';
  if (!fetched) result = 'ignored';
  else if (fetched.status === 'pending') result = 'pending';
  else
    result = await applyPaymentEvent(app, {
      provider,
      eventId: eventId(fetched),
      providerPaymentId: fetched.providerPaymentId,
      status: fetched.status,
      amount: fetched.amount,
      payload,
    });
  app.metrics.webhookNotices.inc({ provider, outcome: result });
  return result;
}

export default async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const testgateway = app.config.payments.provider === 'testgateway' && !app.config.isProduction;
  definePaymentJobs(app);
  definePartialRefunds(app);
  defineCardSaving(app);
  definePaymentMetrics(app);
  if (testgateway) defineNoticeDelivery(app);
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
            app.metrics.webhookNotices.inc({ provider: 'testgateway', outcome: 'rejected' });
            throw unauthorized('Неверная подпись уведомления.');
          }
          const body = parseJsonObject(raw) as Partial<TestgatewayEvent>;
          const p = body.payment;
          if (
            typeof body.event_id !== 'string' ||
            !p ||
            typeof p.id !== 'string' ||
            !/^[\w-]{1,100}$/.test(p.id) ||
            !['succeeded', 'canceled'].includes(p.status as string) ||
            typeof p.amount !== 'number'
          ) {
            app.metrics.webhookNotices.inc({ provider: 'testgateway', outcome: 'rejected' });
            throw badRequest('Неверное уведомление.');
          }
          // A signed body is still only a hint: the bank's own books say what the payment is (a call back, as
          // YooKassa recommends) — a forged or stale status in the body changes nothing.
          const result = await applyBankWord(
            app,
            'testgateway',
            await paymentProvider(app).getPayment(p.id),
            body,
            () => String(body.event_id),
          );
          return { success: true, result };
        },
      );
    }

    const yookassa = app.config.payments.yookassa;
    const fromYooKassa = ipMatcher(yookassa.noticeIps ?? YOOKASSA_NOTICE_IPS_DEFAULT);
    hooks.post(
      '/v1/payments/webhook/yookassa/',
      {
        schema: {
          tags: ['payments'],
          summary: 'Уведомление ЮKassa',
          description:
            'Только с адресов ЮKassa (YOOKASSA_NOTICE_IPS, иначе 403); не больше YOOKASSA_NOTICES_PER_MINUTE в минуту с адреса и одного запроса к ЮKassa о платеже за 5 секунд (иначе 429 с Retry-After).',
        },
        // Before the rate limit's count: a stranger's flood costs neither a row nor a call.
        onRequest: async (request) => {
          if (app.config.payments.provider !== 'yookassa') throw notFound();
          if (!fromYooKassa(request.ip)) {
            app.metrics.webhookNotices.inc({ provider: 'yookassa', outcome: 'rejected' });
            throw new ApiError(403, { detail: 'Уведомления ЮKassa принимаются только с адресов ЮKassa.' });
          }
        },
        config: { rateLimit: { max: yookassa.noticesPerMinute ?? 600, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const body = parseJsonObject(raw);
        const object = body.object as { id?: unknown } | undefined;
        if (!object || typeof object.id !== 'string' || !/^[\w-]{1,64}$/.test(object.id)) {
          app.metrics.webhookNotices.inc({ provider: 'yookassa', outcome: 'rejected' });
          throw badRequest('Неверное уведомление.');
        }
        // Never trust the body: ask YooKassa what the payment really is — at most once per 5 s a payment.
        const turn = await takeNoticeFetch(app, object.id);
        if (!turn.ok) {
          app.metrics.webhookNotices.inc({ provider: 'yookassa', outcome: 'rejected' });
          reply.header('retry-after', String(Math.max(1, Math.ceil(turn.retryAfterMs / 1000))));
          throw new ApiError(429, {
            detail: 'Об этом платеже только что спрашивали ЮKassa. Повторите уведомление позже.',
          });
        }
        const fetched = await paymentProvider(app).getPayment(object.id);
        const result = await applyBankWord(app, 'yookassa', fetched, body, (f) => `${f.providerPaymentId}:${f.status}`);
        return { success: true, result };
      },
    );
  });

  if (testgateway) {
    await app.register(testgatewayRoutes);
    await app.register(testgatewayPayoutRoutes);
  }
}
