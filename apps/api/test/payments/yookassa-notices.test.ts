/**
 * A YooKassa notice is not an amplifier (each one makes an authenticated call to YooKassa): notices are taken
 * only from YooKassa's published addresses, read as `request.ip` through `TRUST_PROXY` (others → 403, no call);
 * the route is rate-limited per address (429 past `YOOKASSA_NOTICES_PER_MINUTE`); one payment is asked about
 * at most once per 5 seconds, across processes (the count is in the database). Calls are counted at the local
 * fake YooKassa (fake-yookassa.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, secondProcess, type TestContext } from '../helpers.js';
import { startFakeYooKassa } from '../fake-yookassa.js';
import { makeListing, makePoint, makeUser } from '../buy-fixtures.js';
import { loadConfig } from '../../src/config.js';

const PROXY = '127.0.0.1';

describe.runIf(dbAvailable())('YooKassa notices: senders, rate and one ask per payment', () => {
  let fake: Awaited<ReturnType<typeof startFakeYooKassa>>;
  let t: TestContext;
  let paymentId: string;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    t = await createTestApp({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret',
      YOOKASSA_API_URL: `${fake.base}/v3`,
      YOOKASSA_NOTICES_PER_MINUTE: '10',
      TRUST_PROXY: PROXY,
    });
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: await makePoint(t.app, buyer) },
    });
    expect(res.statusCode, res.body).toBe(201);
    paymentId = [...fake.paymentsById.values()].find((p) => p.metadata.order_id === String(res.json().order.id))!.id;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A notice naming `id`, from `ip` (directly, or through the trusted proxy with `X-Forwarded-For`). */
  const notice = (app: typeof t.app, id: string, ip: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/yookassa/',
      remoteAddress: ip,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { type: 'notification', event: 'payment.succeeded', object: { id, status: 'succeeded' } },
    });
  const asks = (id: string) => fake.requests.filter((r) => r.method === 'GET' && r.url === `/v3/payments/${id}`).length;

  it('answers notices from other addresses 403 in Russian and never calls YooKassa for them', async () => {
    const before = fake.requests.length;
    for (const [ip, forwarded] of [
      ['203.0.113.7', undefined],
      ['185.71.76.32', undefined], // just past 185.71.76.0/27
      ['2a02:5181::1', undefined],
      // a forged X-Forwarded-For from a client that is not the trusted proxy
      ['198.51.100.9', '185.71.76.10'],
      // through the proxy, the client's own address counts
      [PROXY, '203.0.113.8'],
    ] as const) {
      const res = await notice(t.app, paymentId, ip, forwarded);
      expect(res.statusCode, `${ip} ${forwarded ?? ''}`).toBe(403);
      expect(res.json().detail).toMatch(/только с адресов ЮKassa/);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('asks YooKassa about one payment at most once per 5 seconds; a repeat gets 429 with Retry-After', async () => {
    const before = asks(paymentId);
    const first = await notice(t.app, paymentId, '185.71.76.10');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toBe('pending');
    for (const ip of ['185.71.76.11', '2a02:5180::7', '::ffff:77.75.156.11']) {
      const again = await notice(t.app, paymentId, ip);
      expect(again.statusCode, ip).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(again.json().detail).toMatch(/Повторите уведомление позже/);
    }
    // Another process on the same database counts the same ask.
    const other = await secondProcess(t);
    try {
      expect((await notice(other.app, paymentId, '77.75.153.1')).statusCode).toBe(429);
      expect(asks(paymentId)).toBe(before + 1);
      t.clock.advance(5_000);
      // Through the trusted proxy, YooKassa's address in X-Forwarded-For is YooKassa's.
      const later = await notice(other.app, paymentId, PROXY, '77.75.154.200');
      expect(later.statusCode, later.body).toBe(200);
      expect(asks(paymentId)).toBe(before + 2);
    } finally {
      await other.close();
    }
  });

  it('limits notices per sender address: 429 past the burst, without asking YooKassa', async () => {
    const ids = Array.from({ length: 14 }, (_, i) => `2f${String(i).padStart(6, '0')}-000f-5000-a000-1b8b3e9c1234`);
    const codes: number[] = [];
    for (const id of ids) codes.push((await notice(t.app, id, '185.71.77.5')).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes.slice(10)).toEqual(Array(4).fill(429));
    expect(ids.map(asks)).toEqual([...Array(10).fill(1), ...Array(4).fill(0)]);
  });

  it('takes the published ranges by default and refuses a list that is not addresses', () => {
    const env = {
      DATA_DIR: '/tmp/x',
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret',
    };
    expect(loadConfig(env).payments.yookassa.noticeIps).toEqual([
      '185.71.76.0/27',
      '185.71.77.0/27',
      '77.75.153.0/25',
      '77.75.156.11',
      '77.75.156.35',
      '77.75.154.128/25',
      '2a02:5180::/32',
    ]);
    expect(loadConfig({ ...env, YOOKASSA_NOTICE_IPS: '10.0.0.0/8, ::1' }).payments.yookassa.noticeIps).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ ...env, YOOKASSA_NOTICE_IPS: '10.0.0.0/33' })).toThrow(/YOOKASSA_NOTICE_IPS/);
  });
});
