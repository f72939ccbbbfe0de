/**
 * YooKassa Payouts (issue 15) against a local fake: a completed order's payout goes to `POST /v3/payouts` of the
 * payouts API with the agent's own Basic auth, an `Idempotence-Key` and the card's token as `payout_token`;
 * an error is retried with the same key, a payout YooKassa cancels is tried again later with a new key; the
 * ledger and the seller's order record it once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from './helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from './buy-fixtures.js';
import { ledgerEntries } from '../src/db/schema/index.js';
import { checkLedger } from '../src/modules/ledger/index.js';

const SHOP_AUTH = `Basic ${Buffer.from('123456:test_secret').toString('base64')}`;
const AGENT_AUTH = `Basic ${Buffer.from('505050:payout_secret').toString('base64')}`;

/** A stand-in for YooKassa: payments (`/v3`), saved payment methods and the payouts API (`/payouts/v3`). */
function fakeYooKassa() {
  const payoutCalls: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  const paymentsById = new Map<string, { id: string; status: string; amount: unknown; metadata: unknown }>();
  const payoutsByKey = new Map<string, Record<string, unknown>>();
  const state = { failPayouts: 0, cancelNext: false };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = data ? JSON.parse(data) : undefined;
      const send = (code: number, obj: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(obj));
      };
      const url = req.url ?? '';
      if (url.startsWith('/payouts/')) {
        if (req.headers.authorization !== AGENT_AUTH) return send(401, { type: 'error', code: 'invalid_credentials' });
        if (req.method !== 'POST' || url !== '/payouts/v3/payouts') return send(404, { type: 'error' });
        payoutCalls.push({ headers: req.headers, body });
        if (state.failPayouts > 0) {
          state.failPayouts -= 1;
          return send(500, { type: 'error', code: 'internal_server_error' });
        }
        const key = String(req.headers['idempotence-key'] ?? '');
        const seen = payoutsByKey.get(key);
        if (seen) return send(200, seen);
        const p = state.cancelNext
          ? {
              id: `po-${payoutsByKey.size + 1}`,
              status: 'canceled',
              cancellation_details: { reason: 'rejected_by_timeout' },
            }
          : { id: `po-${payoutsByKey.size + 1}`, status: 'succeeded', amount: body.amount };
        state.cancelNext = false;
        payoutsByKey.set(key, p);
        return send(200, p);
      }
      if (req.headers.authorization !== SHOP_AUTH) return send(401, { type: 'error', code: 'invalid_credentials' });
      if (req.method === 'POST' && url === '/v3/payments') {
        const id = `2f${String(paymentsById.size + 1).padStart(6, '0')}-000f-5000-8000-18db351245c7`;
        const p = { id, status: 'pending', amount: body.amount, metadata: body.metadata };
        paymentsById.set(id, p);
        return send(200, {
          ...p,
          confirmation: { type: 'redirect', confirmation_url: 'https://yoomoney.ru/checkout/x' },
        });
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
  return { server, payoutCalls, paymentsById, payoutsByKey, state };
}

describe.runIf(dbAvailable())('YooKassa Payouts against a local fake', () => {
  const fake = fakeYooKassa();
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    t = await createTestApp({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret',
      YOOKASSA_API_URL: `${base}/v3`,
      YOOKASSA_PAYOUT_AGENT_ID: '505050',
      YOOKASSA_PAYOUT_SECRET: 'payout_secret',
      YOOKASSA_PAYOUTS_URL: `${base}/payouts/v3`,
      FEE_PERCENT: '10',
    });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
    const form = multipart({ card_token: 'pm-2f000001-000f-5000-a000-1b8b3e9c1234' });
    const card = await t.app.inject({
      method: 'POST',
      url: '/v1/user/add-card/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(card.statusCode, card.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  /** An order paid through YooKassa, shipped and received. */
  const completedOrder = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    const yk = [...fake.paymentsById.values()].find(
      (p) => (p.metadata as { order_id: string }).order_id === String(id),
    )!;
    yk.status = 'succeeded';
    const notice = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/yookassa/',
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: yk.id } },
    });
    expect(notice.json().result).toBe('applied');
    const ship = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${id}/ship/`,
      headers: seller.auth,
      payload: { tracking_number: 'CDEK123456' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const done = await t.app.inject({ method: 'POST', url: `/v1/sales/orders/${id}/confirm/`, headers: buyer.auth });
    expect(done.statusCode, done.body).toBe(200);
    return id;
  };
  const payoutEntries = async (orderId: number) =>
    t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'payout')));
  const sellerOrder = async (id: number) =>
    (
      (await t.app.inject({ url: '/v1/sales/orders/seller/', headers: seller.auth })).json().results as {
        id: number;
        payout_status: string;
      }[]
    ).find((o) => o.id === id)!;

  it('pays out with the agent keys, an Idempotence-Key and the card token; an error is retried with the same key', async () => {
    fake.state.failPayouts = 1;
    const id = await completedOrder(5000);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(fake.payoutCalls).toHaveLength(1);
    expect(await payoutEntries(id)).toHaveLength(0);
    expect((await sellerOrder(id)).payout_status).toBe('processing');
    t.clock.advance(60_000);
    await t.app.jobs.runDue();
    expect(fake.payoutCalls).toHaveLength(2);
    expect(fake.payoutCalls.map((c) => c.headers['idempotence-key'])).toEqual([`payout-${id}`, `payout-${id}`]);
    expect(fake.payoutCalls[1]!.body).toMatchObject({
      amount: { value: '4500.00', currency: 'RUB' },
      payout_token: 'pm-2f000001-000f-5000-a000-1b8b3e9c1234',
      metadata: { order_id: String(id) },
    });
    expect((await payoutEntries(id)).map((e) => `${e.account} ${e.amount}`)).toEqual([
      'seller_available -450000',
      'seller_card 450000',
    ]);
    expect((await sellerOrder(id)).payout_status).toBe('sent');
  });

  it('a payout YooKassa cancels is tried again later under a new key, and recorded once', async () => {
    const before = fake.payoutCalls.length;
    fake.state.cancelNext = true;
    const id = await completedOrder(2000);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(fake.payoutCalls.length - before).toBe(1);
    expect(await payoutEntries(id)).toHaveLength(0);
    t.clock.advance(60 * 60_000);
    await t.app.jobs.runDue();
    const keys = fake.payoutCalls.slice(before).map((c) => c.headers['idempotence-key']);
    expect(keys).toEqual([`payout-${id}`, `payout-${id}-1`]);
    expect(await payoutEntries(id)).toHaveLength(2);
    expect((await sellerOrder(id)).payout_status).toBe('sent');
    expect((await checkLedger(t.app.db)).mismatches).toEqual([]);
  });
});
