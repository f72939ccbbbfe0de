import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { startFakeYooKassa } from '../fake-yookassa.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { offers, orders, paymentEvents, users } from '../../src/db/schema/index.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

/** An address in YooKassa's published notice ranges (185.71.76.0/27). */
const YOOKASSA_ADDRESS = '185.71.76.10';

describe.runIf(dbAvailable())('YooKassa adapter against a local fake', () => {
  let fake: Awaited<ReturnType<typeof startFakeYooKassa>>;
  let t: TestContext;
  let apiUrl: string;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    apiUrl = `${fake.base}/v3`;
    t = await createTestApp({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret',
      YOOKASSA_API_URL: apiUrl,
    });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const newOrder = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
    });
    return { res, listing: l };
  };
  const notify = (id: string, event = 'payment.succeeded', status = 'succeeded') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/yookassa/',
      remoteAddress: YOOKASSA_ADDRESS,
      payload: { type: 'notification', event, object: { id, status, amount: { value: '1.00', currency: 'RUB' } } },
    });
  const orderStatus = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
  const stock = async (productId: number) =>
    (await t.app.db.select().from(offers).where(eq(offers.productId, productId)))[0]!.count;

  it('creates a payment with Basic auth, an Idempotence-Key, capture and a redirect confirmation', async () => {
    const { res } = await newOrder(4990);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const call = fake.requests.find((r) => r.method === 'POST' && r.url === '/v3/payments')!;
    expect(call.headers['idempotence-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.body).toMatchObject({
      amount: { value: '4990.00', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `${t.config.publicUrl}/payment?order=${body.order.id}` },
      metadata: { payment_id: body.payment.id, order_id: String(body.order.id) },
    });
    expect(body.payment).toMatchObject({
      status: 'pending',
      confirmation_url: expect.stringMatching(/^https:\/\/yoomoney\.ru\/checkout\//),
    });
  });

  it('does not trust the webhook body: applies only what GET /payments/{id} confirms, once', async () => {
    const { res, listing } = await newOrder(3000);
    const { order } = res.json();
    const yk = [...fake.paymentsById.values()].find((p) => p.metadata.order_id === String(order.id))!;
    // a forged "succeeded" while YooKassa still says pending: nothing happens
    const forged = await notify(yk.id);
    expect(forged.statusCode).toBe(200);
    expect(forged.json().result).toBe('pending');
    expect(await orderStatus(order.id)).toBe('awaiting_payment');
    expect(fake.requests.some((r) => r.method === 'GET' && r.url === `/v3/payments/${yk.id}`)).toBe(true);

    yk.status = 'succeeded';
    t.clock.advance(5_000); // one payment is asked about at most once per 5 s
    expect((await notify(yk.id)).json().result).toBe('applied');
    t.clock.advance(5_000);
    expect((await notify(yk.id)).json().result).toBe('duplicate');
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await stock(listing.id)).toBe(0);
    expect(await t.app.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'yookassa'))).toHaveLength(1);
  });

  it('refunds through POST /refunds with an Idempotence-Key a payment that came after the order was cancelled and resold', async () => {
    const { res, listing } = await newOrder(1500);
    const { order, payment } = res.json();
    const yk = [...fake.paymentsById.values()].find((p) => p.metadata.order_id === String(order.id))!;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const rival = await makeUser(t.app, 'Глеб');
    const taken = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: rival.auth,
      payload: { items: [{ slug: listing.slug, size: 'M', count: 1 }], delivery_point: await makePoint(t.app, rival) },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    yk.status = 'succeeded'; // the buyer had paid just before cancelling
    expect((await notify(yk.id)).json().result).toBe('applied');
    fake.state.failRefund = true;
    await t.app.jobs.runDue();
    const refundCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.url === '/v3/refunds');
    expect(refundCalls()).toHaveLength(1);
    expect((await t.app.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.refundedAmount).toBeNull();
    // the metrics show the failing refund (read from the database) and the failed attempt
    let metrics = (await t.app.inject('/metrics')).body;
    expect(metrics).toContain('vitrina_refunds{state="failing"} 1');
    expect(metrics).toContain('vitrina_refunds_total{outcome="failed"} 1');
    fake.state.failRefund = false;
    t.clock.advance(60 * 60_000);
    await t.app.jobs.runDue();
    const calls = refundCalls();
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.headers['idempotence-key'])).toEqual([`refund-${payment.id}`, `refund-${payment.id}`]);
    expect(calls[1]!.body).toMatchObject({ payment_id: yk.id, amount: { value: '1500.00', currency: 'RUB' } });
    expect(fake.refundsByKey.size).toBe(1);
    metrics = (await t.app.inject('/metrics')).body;
    expect(metrics).toContain('vitrina_refunds{state="failing"} 0');
    expect(metrics).toContain('vitrina_refunds_total{outcome="succeeded"} 1');
    const o = (await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: buyer.auth })).json();
    expect(o).toMatchObject({ status: 'cancelled', refunded_amount: 1500, payment: { status: 'refunded' } });
  });

  it('sends a 54-ФЗ receipt with payments and refunds only when YOOKASSA_RECEIPTS=true', async () => {
    const paymentCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.url === '/v3/payments');
    await newOrder(990);
    expect(paymentCalls().at(-1)!.body).not.toHaveProperty('receipt');

    // another process on the same database, with receipts on and VAT code 4
    const yk = t.app.config.payments.yookassa;
    const on = await buildApp({
      config: {
        ...t.app.config,
        payments: { ...t.app.config.payments, yookassa: { ...yk, receipts: true, vatCode: 4 } },
      },
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    await on.ready();
    try {
      const l = await makeListing(on, seller.id, [{ size: 'M', price: 2490, count: 2 }], 'Платье льняное');
      const res = await on.inject({
        method: 'POST',
        url: '/v1/sales/order/',
        headers: buyer.auth,
        payload: { items: [{ slug: l.slug, size: 'M', count: 2 }], delivery_point: point },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { order, payment } = res.json();
      const [me] = await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, buyer.id));
      const receipt = {
        customer: { phone: me!.phone!.replace('+', '') },
        items: [
          {
            description: 'Платье льняное',
            quantity: 2,
            amount: { value: '2490.00', currency: 'RUB' },
            vat_code: 4,
            payment_subject: 'commodity',
            payment_mode: 'full_payment',
          },
        ],
      };
      expect(paymentCalls().at(-1)!.body).toMatchObject({ amount: { value: '4980.00' }, receipt });

      // the buyer cancels, the charge arrives all the same: the refund carries the receipt too
      expect(
        (await on.inject({ method: 'POST', url: `/v1/sales/orders/${order.id}/cancel/`, headers: buyer.auth }))
          .statusCode,
      ).toBe(200);
      const p = [...fake.paymentsById.values()].find((x) => x.metadata.order_id === String(order.id))!;
      p.status = 'succeeded';
      const n = await on.inject({
        method: 'POST',
        url: '/v1/payments/webhook/yookassa/',
        remoteAddress: YOOKASSA_ADDRESS,
        payload: { type: 'notification', event: 'payment.succeeded', object: { id: p.id } },
      });
      expect(n.json().result).toBe('applied');
      await on.jobs.runDue();
      const refund = fake.requests.filter((r) => r.method === 'POST' && r.url === '/v3/refunds').at(-1)!;
      expect(refund.headers['idempotence-key']).toBe(`refund-${payment.id}`);
      expect(refund.body).toMatchObject({ payment_id: p.id, amount: { value: '4980.00' }, receipt });
    } finally {
      await on.close();
    }
  });

  it('cancels the order and releases stock when YooKassa says canceled', async () => {
    const { res, listing } = await newOrder(2000);
    const { order, payment } = res.json();
    const yk = [...fake.paymentsById.values()].find((p) => p.metadata.order_id === String(order.id))!;
    yk.status = 'canceled';
    // the /payment page poll asks YooKassa itself even before the webhook comes
    const polled = await t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: buyer.auth });
    expect(polled.json()).toMatchObject({ status: 'canceled', order_status: 'cancelled' });
    expect(await stock(listing.id)).toBe(1);
    expect((await notify(yk.id, 'payment.canceled', 'canceled')).json().result).toBe('duplicate');
  });

  it('ignores notifications about unknown payments and answers garbage with 4xx', async () => {
    expect((await notify('00000000-0000-0000-0000-000000000000')).json().result).toBe('ignored');
    for (const payload of ['{', '[]', '{"object":{}}', '{"object":{"id":"../../x"}}']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/v1/payments/webhook/yookassa/',
        remoteAddress: YOOKASSA_ADDRESS,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(r.statusCode, payload).toBe(400);
    }
  });

  it('answers 502 and releases the stock when YooKassa is down', async () => {
    fake.state.failCreate = true;
    try {
      const { res, listing } = await newOrder(1500);
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toMatch(/Платёжный сервис/);
      expect(await stock(listing.id)).toBe(1);
    } finally {
      fake.state.failCreate = false;
    }
  });

  it('does not serve the test gateway when YooKassa is configured, nor in production', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/testgateway/api/cards/', payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject('/v1/public/payments/config/')).json()).toEqual({
      provider: 'yookassa',
      card_form_url: null,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/payments/webhook/testgateway/', payload: {} })).statusCode,
    ).toBe(404);
    const prodConfig = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vitrina.example',
      DATA_DIR: t.config.dataDir,
      LOG_LEVEL: 'silent',
      SMS_PROVIDER: 'smsru',
      SMSRU_API_ID: 'x',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret',
      YOOKASSA_API_URL: apiUrl,
    });
    const prod = await buildApp({ config: prodConfig, database: t.database, clock: t.clock, logger: false });
    await prod.ready();
    try {
      for (const url of ['/testgateway/cards/new', '/testgateway/pay/tg_x'])
        expect((await prod.inject(url)).statusCode).toBe(404);
      expect((await prod.inject({ method: 'POST', url: '/testgateway/api/cards/', payload: {} })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
