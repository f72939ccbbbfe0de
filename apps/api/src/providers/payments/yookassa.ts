/**
 * YooKassa adapter (HTTP API v3, https://yookassa.ru/developers/api): payments are created with an
 * `Idempotence-Key`, Basic auth `shopId:secretKey`, `capture: true` and a redirect confirmation; webhook
 * notifications are never trusted — Vitrina re-reads the payment with `GET /payments/{id}` before applying it.
 * Base URL from `YOOKASSA_API_URL` (tests point it at a local fake). With `YOOKASSA_RECEIPTS=true` payments and
 * refunds carry a 54-ФЗ receipt (`./yookassa-receipt.ts`).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import type { FetchedPayment, PaymentProvider, ProviderPaymentStatus } from './types.js';
import type { Db, Tx } from '../../db/client.js';
import { orderReceipt } from './yookassa-receipt.js';
import { yookassaPayout } from './yookassa-payouts.js';

const unavailable = () =>
  new ApiError(502, { detail: 'Платёжный сервис временно недоступен. Попробуйте ещё раз через несколько минут.' });

interface YooPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount?: { value: string; currency: string };
  confirmation?: { type: string; confirmation_url?: string };
  metadata?: Record<string, string>;
}

/** YooKassa status → ours (`waiting_for_capture` does not happen with `capture: true`; treated as pending). */
const mapStatus = (s: string): ProviderPaymentStatus =>
  s === 'succeeded' ? 'succeeded' : s === 'canceled' ? 'canceled' : 'pending';

/** `'1299.00'` → 129900 kopecks. */
const kopecksOf = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);

/**
 * @param books the connection receipts are read through (a job's transaction when called from one)
 */
export function yookassaProvider(app: FastifyInstance, books: Db | Tx = app.db): PaymentProvider {
  const { shopId, secretKey, apiUrl, receipts, vatCode } = app.config.payments.yookassa;
  /** The order's 54-ФЗ receipt as `{receipt}` when `YOOKASSA_RECEIPTS=true`, else nothing. */
  const receiptOf = async (orderId: number | undefined, amount?: number) => {
    if (!receipts || orderId === undefined) return {};
    const receipt = await orderReceipt(books, orderId, vatCode ?? 1, amount);
    return receipt ? { receipt } : {};
  };
  const base = apiUrl.replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${shopId ?? ''}:${secretKey ?? ''}`).toString('base64')}`;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      app.log.warn({ err: (err as Error).message, path }, 'yookassa request failed');
      throw unavailable();
    }
  }

  const fetched = (p: YooPayment): FetchedPayment => ({
    providerPaymentId: p.id,
    status: mapStatus(p.status),
    amount: kopecksOf(p.amount?.value),
    metadata: p.metadata ?? {},
  });

  return {
    name: 'yookassa',
    async createPayment(input) {
      const res = await call(
        'POST',
        '/payments',
        {
          amount: { value: (input.amount / 100).toFixed(2), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: input.description.slice(0, 128),
          metadata: { payment_id: input.paymentId, order_id: String(input.orderId), order_number: input.orderNumber },
          // «Сохранить карту»: YooKassa keeps the payment method for payments without the card's details.
          ...(input.saveCard ? { save_payment_method: true } : {}),
          ...(await receiptOf(input.orderId)),
        },
        input.idempotenceKey,
      );
      if (!res.ok) {
        app.log.warn({ status: res.status }, 'yookassa refused to create a payment');
        throw unavailable();
      }
      const p = (await res.json()) as YooPayment;
      if (!p?.id) throw unavailable();
      return {
        providerPaymentId: p.id,
        status: mapStatus(p.status),
        confirmationUrl: p.confirmation?.confirmation_url ?? null,
      };
    },
    async getPayment(providerPaymentId) {
      const res = await call('GET', `/payments/${encodeURIComponent(providerPaymentId)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw unavailable();
      return fetched((await res.json()) as YooPayment);
    },
    async savedCardToken(providerPaymentId) {
      const res = await call('GET', `/payments/${encodeURIComponent(providerPaymentId)}`);
      if (res.status === 404) return null;
      if (!res.ok) throw unavailable();
      const p = (await res.json()) as { status?: string; payment_method?: { id?: string; saved?: boolean } };
      return p.status === 'succeeded' && p.payment_method?.saved && p.payment_method.id ? p.payment_method.id : null;
    },
    async cancelPayment(providerPaymentId) {
      // With capture: true a pending payment cannot be cancelled by the shop; YooKassa expires it itself.
      void providerPaymentId;
    },
    async refund(input) {
      // POST /refunds with the same Idempotence-Key answers the same refund (YooKassa keeps keys 24 h).
      const res = await call(
        'POST',
        '/refunds',
        {
          payment_id: input.providerPaymentId,
          amount: { value: (input.amount / 100).toFixed(2), currency: 'RUB' },
          description: input.reason.slice(0, 250),
          ...(await receiptOf(input.orderId, input.amount)),
        },
        input.idempotenceKey,
      );
      if (!res.ok) {
        app.log.warn({ status: res.status }, 'yookassa refused a refund');
        throw unavailable();
      }
      const r = (await res.json()) as { id?: string; status?: string };
      if (!r?.id || (r.status !== 'succeeded' && r.status !== 'pending')) throw unavailable();
      return { providerRefundId: r.id, status: r.status };
    },
    payout: (input) => yookassaPayout(app, input),
    async resolveCardToken(token) {
      // A saved YooKassa payment method: GET /payment_methods/{id} (card details only, never the number).
      if (!/^[\w-]{8,64}$/.test(token)) return null;
      const res = await call('GET', `/payment_methods/${encodeURIComponent(token)}`);
      if (!res.ok) return null;
      const m = (await res.json()) as {
        card?: { last4?: string; expiry_month?: string; expiry_year?: string; card_type?: string };
      };
      if (!m.card?.last4) return null;
      const brand =
        m.card.card_type === 'Mir'
          ? 'Мир'
          : m.card.card_type === 'MasterCard'
            ? 'Mastercard'
            : (m.card.card_type ?? 'Карта');
      return { brand, last4: m.card.last4, expMonth: Number(m.card.expiry_month), expYear: Number(m.card.expiry_year) };
    },
  };
}
