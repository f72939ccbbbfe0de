/**
 * The world of the test bank's notice tests (testbank-notices.test.ts, testbank-checks.test.ts): the shop's app with
 * a seller and a buyer with a pickup point, a local «network» in front of the shop that can fail, a URL where nobody
 * listens; and the calls that start another server process whose bank delivers to a given URL, pay at its bank, read
 * an order's status, a payment's notice and its queued deliveries, place an order and move the clock.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { jobs, orders, testgatewayNotices } from '../../src/db/schema/index.js';
import { NOTICE_JOB } from '../../src/providers/payments/testgateway-notices.js';
import { makeListing, makePoint, makeUser, placeOrder, type TestUser } from '../buy-fixtures.js';
import { createTestApp, type TestContext } from '../helpers.js';

const PAN_OK = '4111 1111 1111 1111';

/**
 * Registers the hooks that start the shop's front and the file's app with its people before its tests (set from the
 * first test on) and close them after; returns the world with its calls.
 */
export function useTestBank() {
  const w = {} as { t: TestContext; seller: TestUser; buyer: TestUser; point: number; deadUrl: string };
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
      void w.t.app
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

  beforeAll(async () => {
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    shopFront.url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/v1/payments/webhook/testgateway/`;
    // A port where nobody listens: the shop is down.
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    w.deadUrl = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/v1/payments/webhook/testgateway/`;
    await new Promise((resolve) => gone.close(resolve));
    w.t = await createTestApp();
    w.seller = await makeUser(w.t.app, 'Вера');
    w.buyer = await makeUser(w.t.app, 'Анна');
    w.point = await makePoint(w.t.app, w.buyer);
  });
  afterAll(async () => {
    await w.t?.close();
    await new Promise((resolve) => front.close(resolve));
  });

  /** Another server process on the same database whose bank delivers its notices to `webhookUrl`. */
  const bankProcess = async (webhookUrl: string) => {
    const app = await buildApp({
      config: { ...w.t.app.config, payments: { ...w.t.app.config.payments, testgatewayWebhookUrl: webhookUrl } },
      database: w.t.database,
      clock: w.t.clock,
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
  const orderStatus = async (id: number) =>
    (await w.t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
  const noticeOf = async (gatewayId: string) =>
    (await w.t.app.db.select().from(testgatewayNotices).where(eq(testgatewayNotices.paymentId, gatewayId)))[0]!;
  const queuedDeliveries = async (noticeId: string) =>
    (
      await w.t.app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, NOTICE_JOB), eq(jobs.status, 'queued')))
    ).filter((j) => j.payload.noticeId === noticeId);
  const newOrder = async (price: number) => {
    const l = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price, count: 1 }]);
    return placeOrder(w.t.app, w.buyer, l.slug, w.point);
  };
  /** Moves the clock and runs what came due on `app`. */
  const advance = async (app: FastifyInstance, ms: number) => {
    w.t.clock.advance(ms);
    await app.jobs.runDue();
  };

  return Object.assign(w, {
    shopFront,
    bankProcess,
    payAtBank,
    orderStatus,
    noticeOf,
    queuedDeliveries,
    newOrder,
    advance,
  });
}
