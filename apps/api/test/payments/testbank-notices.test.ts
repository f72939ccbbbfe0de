/**
 * The test bank behaves like a real one: its notices are stored with the charge and delivered by a
 * job with back-off for 24 hours until the shop answers 2xx — across a restart of either side; the shop checks
 * every notice with the bank (a call back) and applies the bank's word, not the body's; the webhook secret is the
 * installation's own; `/metrics` counts it all.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import {
  installationSettings,
  jobs,
  orders,
  testgatewayNotices,
  testgatewayPayments,
} from '../../src/db/schema/index.js';
import { TESTGATEWAY_SECRET_KEY } from '../../src/lib/installation-settings.js';
import { NOTICE_JOB } from '../../src/providers/payments/testgateway-notices.js';
import { signTestgatewayBody } from '../../src/providers/payments/testgateway-webhook.js';
import { makeListing, makePoint, makeUser, placeOrder, type TestUser } from '../buy-fixtures.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

const PAN_OK = '4111 1111 1111 1111';

describe.runIf(dbAvailable())('test bank notices: stored, re-delivered for 24 h, verified by a call back', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  /** A local «network» in front of the shop: answers 500 while `failures` > 0, then passes notices to t.app. */
  const shopFront = { failures: 0, hits: 0, url: '' };
  const front = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      shopFront.hits += 1;
      if (shopFront.failures > 0) {
        shopFront.failures -= 1;
        res.writeHead(500).end('{"detail":"Внутренняя ошибка сервера."}');
        return;
      }
      void t.app
        .inject({
          method: 'POST',
          url: '/v1/payments/webhook/testgateway/',
          headers: {
            'content-type': 'application/json',
            'x-testgateway-signature': req.headers['x-testgateway-signature'],
          },
          payload: raw,
        })
        .then((r) => res.writeHead(r.statusCode, { 'content-type': 'application/json' }).end(r.body));
    });
  });
  let deadUrl: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    shopFront.url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/v1/payments/webhook/testgateway/`;
    // A port where nobody listens: the shop is down.
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    deadUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/v1/payments/webhook/testgateway/`;
    await new Promise((resolve) => gone.close(resolve));
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => front.close(resolve));
  });

  /** Another server process on the same database whose bank delivers its notices to `webhookUrl`. */
  const bankProcess = async (webhookUrl: string) => {
    const app = await buildApp({
      config: { ...t.app.config, payments: { ...t.app.config.payments, testgatewayWebhookUrl: webhookUrl } },
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    await app.ready();
    return app;
  };
  const payAtBank = (app: FastifyInstance, gatewayId: string) =>
    app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number: PAN_OK, exp_month: '12', exp_year: '30', cvc: '123' },
    });
  const orderStatus = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
  const noticeOf = async (gatewayId: string) =>
    (await t.app.db.select().from(testgatewayNotices).where(eq(testgatewayNotices.paymentId, gatewayId)))[0]!;
  const queuedDeliveries = async (noticeId: string) =>
    (
      await t.app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, NOTICE_JOB), eq(jobs.status, 'queued')))
    ).filter((j) => j.payload.noticeId === noticeId);
  const newOrder = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    return placeOrder(t.app, buyer, l.slug, point);
  };
  /** Moves the clock and runs what came due on `app`. */
  const advance = async (app: FastifyInstance, ms: number) => {
    t.clock.advance(ms);
    await app.jobs.runDue();
  };

  it('re-delivers a notice the shop answered 500, with back-off, until it is answered 2xx', async () => {
    const bank = await bankProcess(shopFront.url);
    try {
      const { order, gatewayId } = await newOrder(3100);
      shopFront.failures = 2;
      shopFront.hits = 0;
      const paid = await payAtBank(bank, gatewayId);
      expect(paid.json().status).toBe('succeeded');
      expect(await orderStatus(order.id)).toBe('awaiting_payment');
      let n = await noticeOf(gatewayId);
      expect(n).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
      expect(await queuedDeliveries(n.id)).toHaveLength(1);

      await advance(bank, 29_000);
      expect(shopFront.hits).toBe(1); // not before its time
      await advance(bank, 1_000);
      expect(shopFront.hits).toBe(2);
      expect(await noticeOf(gatewayId)).toMatchObject({ status: 'pending', attempts: 2, lastStatus: 500 });
      await advance(bank, 59_000);
      expect(shopFront.hits).toBe(2); // the second wait is twice as long
      await advance(bank, 1_000);
      expect(shopFront.hits).toBe(3);
      n = await noticeOf(gatewayId);
      expect(n).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
      expect(await orderStatus(order.id)).toBe('paid');

      // delivered: the queued try does nothing, nothing more is queued
      await advance(bank, 3_600_000);
      expect(shopFront.hits).toBe(3);
      expect(await queuedDeliveries(n.id)).toHaveLength(0);
    } finally {
      await bank.close();
    }
  });

  it('delivers after the shop was down and the bank restarted: the notice lives in the database', async () => {
    const bank = await bankProcess(deadUrl);
    const { order, gatewayId } = await newOrder(3200);
    try {
      expect((await payAtBank(bank, gatewayId)).json().status).toBe('succeeded');
      expect(await noticeOf(gatewayId)).toMatchObject({ status: 'pending', attempts: 1, lastStatus: null });
      expect((await noticeOf(gatewayId)).lastError).toBeTruthy();
    } finally {
      await bank.close(); // the process dies; its memory with it
    }
    expect(await orderStatus(order.id)).toBe('awaiting_payment');
    // a restarted process (delivering in-process, the shop is up again) picks the notice up at its time
    await advance(t.app, 30_000);
    expect(await noticeOf(gatewayId)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('gives a notice up after 24 hours of failures; the shop learned of the charge from the bank all the same', async () => {
    const bank = await bankProcess(deadUrl);
    try {
      const { order, gatewayId } = await newOrder(3300);
      expect((await payAtBank(bank, gatewayId)).json().status).toBe('succeeded');
      const n = await noticeOf(gatewayId);
      let tries = 0;
      for (let h = 0; h < 25 * 4 && (await noticeOf(gatewayId)).status === 'pending'; h++) {
        await advance(bank, 15 * 60_000);
        tries += 1;
      }
      const last = await noticeOf(gatewayId);
      expect(last.status).toBe('dead');
      expect(tries * 15 * 60_000).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(tries * 15 * 60_000).toBeLessThanOrEqual(24 * 3_600_000 + 15 * 60_000);
      // 30 s doubling to 1 h: 8 quick tries in the first ~2 hours, then hourly
      expect(last.attempts).toBeGreaterThanOrEqual(25);
      expect(last.attempts).toBeLessThanOrEqual(32);
      expect(await queuedDeliveries(n.id)).toHaveLength(0);
      // the reservation's expiry asked the bank: paid, not cancelled
      expect(await orderStatus(order.id)).toBe('paid');
    } finally {
      await bank.close();
    }
  });

  it('applies what the bank says, not what a signed body says; the same notice twice changes nothing', async () => {
    const webhook = (body: object) => {
      const raw = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url: '/v1/payments/webhook/testgateway/',
        headers: {
          'content-type': 'application/json',
          'x-testgateway-signature': `sha256=${signTestgatewayBody(t.app.config.payments.testgatewaySecret, raw)}`,
        },
        payload: raw,
      });
    };
    /** An order whose bank payment is `bankSays`, and a validly signed notice saying `bodySays`. */
    const contradicted = async (price: number, bankSays: string, bodySays: 'succeeded' | 'canceled') => {
      const o = await newOrder(price);
      await t.app.db
        .update(testgatewayPayments)
        .set({ status: bankSays })
        .where(eq(testgatewayPayments.id, o.gatewayId));
      const body = {
        event_id: `evt_forged_${bodySays}`,
        event: `payment.${bodySays}`,
        payment: { id: o.gatewayId, status: bodySays, amount: price * 100, metadata: {} },
      };
      return { ...o, body };
    };
    // charged at the bank, but the body says «canceled»: the order is paid
    const a = await contradicted(3400, 'succeeded', 'canceled');
    expect((await webhook(a.body)).json()).toEqual({ success: true, result: 'applied' });
    expect(await orderStatus(a.order.id)).toBe('paid');
    expect((await webhook(a.body)).json()).toEqual({ success: true, result: 'duplicate' });
    expect(await orderStatus(a.order.id)).toBe('paid');

    // declined at the bank, the body says «succeeded» with the right amount: nothing is paid
    const b = await contradicted(3500, 'canceled', 'succeeded');
    expect((await webhook(b.body)).json().result).toBe('applied');
    expect(await orderStatus(b.order.id)).toBe('cancelled');
  });

  it('signs with a secret of its own, kept in the database; TESTGATEWAY_SECRET overrides it', async () => {
    const secret = t.app.config.payments.testgatewaySecret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(t.config.payments.testgatewaySecret).toBe(''); // nothing public in the config
    const rows = await t.app.db.select().from(installationSettings);
    expect(rows.filter((r) => r.key === TESTGATEWAY_SECRET_KEY).map((r) => r.value)).toEqual([secret]);
    // a restarted process reads the same secret
    const again = await bankProcess(deadUrl);
    try {
      expect(again.config.payments.testgatewaySecret).toBe(secret);
    } finally {
      await again.close();
    }
    const own = await buildApp({
      config: { ...t.config, payments: { ...t.config.payments, testgatewaySecret: 'from-the-env' } },
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    try {
      expect(own.config.payments.testgatewaySecret).toBe('from-the-env');
    } finally {
      await own.close();
    }
  });

  it('shows refunds, notices and waiting deliveries at GET /metrics (Prometheus text)', async () => {
    const bank = await bankProcess(deadUrl);
    try {
      const { gatewayId } = await newOrder(3600);
      await payAtBank(bank, gatewayId);
    } finally {
      await bank.close();
    }
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('vitrina_testgateway_notices_waiting 1');
    for (const state of ['pending', 'failing', 'dead'])
      expect(res.body).toMatch(new RegExp(`vitrina_refunds\\{state="${state}"\\} \\d+`));
    expect(res.body).toMatch(/vitrina_payment_webhook_notices_total\{provider="testgateway",outcome="applied"\} [1-9]/);
    expect(res.body).toMatch(
      /vitrina_payment_webhook_notices_total\{provider="testgateway",outcome="duplicate"\} [1-9]/,
    );
    expect(res.body).toContain('# TYPE vitrina_refunds_total counter');
  });

  it('answers /metrics in production only with the bearer METRICS_TOKEN, else 404', async () => {
    const prod = (metricsToken?: string) =>
      buildApp({
        config: { ...t.app.config, isProduction: true, metricsToken },
        database: t.database,
        clock: t.clock,
        logger: false,
      });
    const closed = await prod(undefined);
    const guarded = await prod('s3cret-token');
    try {
      expect((await closed.inject('/metrics')).statusCode).toBe(404);
      expect((await guarded.inject('/metrics')).statusCode).toBe(404);
      expect((await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(
        404,
      );
      const ok = await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer s3cret-token' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('vitrina_refunds{state="dead"}');
    } finally {
      await closed.close();
      await guarded.close();
    }
  });
});
