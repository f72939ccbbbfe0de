/**
 * A local stand-in for YooKassa for the adapter tests: the payments API v3 (`/v3`: payments — idempotent by
 * `Idempotence-Key`, refunds, saved payment methods) with the shop's Basic auth, and the payouts API
 * (`/payouts/v3/payouts`) with the payout agent's own. Only what Vitrina calls; every request is kept, and
 * `state` makes the next calls fail or a payout be cancelled.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The shop's credentials the fake accepts (`YOOKASSA_SHOP_ID`, `YOOKASSA_SECRET_KEY`). */
export const FAKE_SHOP = { id: '123456', secret: 'test_secret' };
/** The payout agent's credentials the fake accepts (`YOOKASSA_PAYOUT_AGENT_ID`, `YOOKASSA_PAYOUT_SECRET`). */
export const FAKE_AGENT = { id: '505050', secret: 'payout_secret' };

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export interface FakePayment {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  metadata: Record<string, string>;
  confirmation: { type: string; confirmation_url: string; return_url?: string };
}

export interface FakeRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | undefined;
}

/** Starts the fake on 127.0.0.1 (a free port). Close it with `close()`. */
export async function startFakeYooKassa() {
  const requests: FakeRequest[] = [];
  const paymentsById = new Map<string, FakePayment>();
  const paymentByKey = new Map<string, string>();
  const refundsByKey = new Map<string, { id: string; payment_id: string; status: string; amount: unknown }>();
  const payoutsByKey = new Map<string, Record<string, unknown>>();
  /** Fail the next payment creations or refunds with 500 while set; fail this many payouts; cancel the next. */
  const state = { failCreate: false, failRefund: false, failPayouts: 0, cancelNext: false };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = data ? (JSON.parse(data) as Record<string, unknown>) : undefined;
      const url = req.url ?? '';
      requests.push({ method: req.method!, url, headers: req.headers, body });
      const send = (code: number, obj: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(obj));
      };
      const key = String(req.headers['idempotence-key'] ?? '');
      const noKey = () =>
        send(400, { type: 'error', code: 'invalid_request', description: 'Idempotence-Key is required' });
      if (url.startsWith('/payouts/')) {
        if (req.headers.authorization !== basic(FAKE_AGENT.id, FAKE_AGENT.secret))
          return send(401, { type: 'error', code: 'invalid_credentials' });
        if (req.method !== 'POST' || url !== '/payouts/v3/payouts') return send(404, { type: 'error' });
        if (state.failPayouts > 0) {
          state.failPayouts -= 1;
          return send(500, { type: 'error', code: 'internal_server_error' });
        }
        const seen = payoutsByKey.get(key);
        if (seen) return send(200, seen);
        const id = `po-${payoutsByKey.size + 1}`;
        const p = state.cancelNext
          ? { id, status: 'canceled', cancellation_details: { reason: 'rejected_by_timeout' } }
          : { id, status: 'succeeded', amount: body?.amount };
        state.cancelNext = false;
        payoutsByKey.set(key, p);
        return send(200, p);
      }
      if (req.headers.authorization !== basic(FAKE_SHOP.id, FAKE_SHOP.secret))
        return send(401, { type: 'error', code: 'invalid_credentials' });
      if (req.method === 'POST' && url === '/v3/payments') {
        if (state.failCreate) return send(500, { type: 'error', code: 'internal_server_error' });
        if (!key) return noKey();
        const existing = paymentByKey.get(key);
        if (existing) return send(200, paymentsById.get(existing));
        const id = `2f${String(paymentsById.size + 1).padStart(6, '0')}-000f-5000-8000-18db351245c7`;
        const confirmation = body?.confirmation as { return_url?: string } | undefined;
        const p: FakePayment = {
          id,
          status: 'pending',
          amount: body?.amount as FakePayment['amount'],
          metadata: body?.metadata as FakePayment['metadata'],
          confirmation: {
            type: 'redirect',
            confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`,
            return_url: confirmation?.return_url,
          },
        };
        paymentsById.set(id, p);
        paymentByKey.set(key, id);
        return send(200, p);
      }
      if (req.method === 'POST' && url === '/v3/refunds') {
        if (state.failRefund) return send(500, { type: 'error', code: 'internal_server_error' });
        if (!key) return noKey();
        const existing = refundsByKey.get(key);
        if (existing) return send(200, existing);
        const p = paymentsById.get(String(body?.payment_id));
        if (!p || p.status !== 'succeeded') return send(400, { type: 'error', code: 'invalid_request' });
        const r = { id: `rf${refundsByKey.size + 1}`, payment_id: p.id, status: 'succeeded', amount: body?.amount };
        refundsByKey.set(key, r);
        return send(200, r);
      }
      const pay = /^\/v3\/payments\/([\w-]+)$/.exec(url);
      if (req.method === 'GET' && pay) {
        const p = paymentsById.get(pay[1]!);
        return p ? send(200, p) : send(404, { type: 'error', code: 'not_found' });
      }
      if (req.method === 'GET' && /^\/v3\/payment_methods\/[\w-]+$/.test(url))
        return send(200, { card: { last4: '4477', expiry_month: '12', expiry_year: '2030', card_type: 'Mir' } });
      return send(404, { type: 'error', code: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** `http://127.0.0.1:<port>`: the payments API is `${base}/v3`, the payouts API `${base}/payouts/v3`. */
    base,
    requests,
    /** The payouts API's calls. */
    payoutCalls: () => requests.filter((r) => r.url.startsWith('/payouts/')),
    paymentsById,
    refundsByKey,
    payoutsByKey,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
