/**
 * A server killed at any moment of checkout loses no money. For each crash point of lib/crash-points.ts, on a
 * fresh PostgreSQL database: the real server (compiled, as `npm start` runs it) is started with `VITRINA_CRASH_AT`
 * set, a buyer goes through checkout over HTTP (sign-in with the dev SMS outbox, a delivery point, an order, the
 * test bank's pay call, the clock past the reservation; for the refund step the bank's first notice fails and the
 * buyer cancels before it gets through) until the server kills itself with SIGKILL at the point;
 * it is restarted without the variable, the clock is moved (`POST /v1/dev/clock/`, which runs the due jobs) and
 * then: every charge the bank recorded is a paid order or a refund, no order is paid without a charge, the
 * stock adds up, and `npm run reconcile` finds nothing. PostgreSQL only (`*.race.test.ts`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import {
  offers,
  orders,
  payments,
  products,
  testgatewayPayments,
  testgatewayRefunds,
} from '../../src/db/schema/index.js';
import { CRASH_POINTS, type CrashPoint } from '../../src/lib/crash-points.js';
import { reconcileReport } from '../../src/modules/payments/reconcile.js';
import { call, startServer, type ServerProcess } from '../crash-server.js';
import { dbAvailable, onPostgres, randomPhone } from '../helpers.js';
import { createFromTemplate, dbUrl, dropDatabase, randomDbName } from '../pg-admin.js';

const PAID = ['paid', 'shipped', 'delivered', 'completed'];
/** Steps run side by side (each on its own database and server): all at once, the starts overlap. */
const PARALLEL = CRASH_POINTS.length;
/**
 * The servers run compiled, as `npm start` runs them (the crash points are plain code there too): a start through
 * tsx transpiles the server's sources first (this file took 59 s through tsx, 35 s compiled; decision 0189).
 */
const COMPILED = { compiled: true };

interface Outcome {
  point: CrashPoint;
  killed: boolean;
  orderStatus: string | null;
  charges: number;
  refunds: number;
  lost: number;
}

/** Signs in, saves a delivery point, orders one piece, pays at the bank, moves the clock past the reservation. */
async function checkout(
  base: string,
  listing: { slug: string; size: string },
  step: CrashPoint,
  front?: { down: boolean },
) {
  const phone = randomPhone();
  await call(base, 'POST', '/v1/auth/send-code/', { json: { phone } });
  const outbox = await call(base, 'GET', `/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`);
  const code = (outbox.body.results as { code: string }[])[0]!.code;
  const token = (await call(base, 'POST', '/v1/auth/verify-code/', { json: { phone, code } })).body.token as string;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Дом',
    address: 'г. Москва, ул. Тверская, д. 7',
    point_id: 'MSK001',
    delivery_service_type: 'cdek',
  }))
    form.append(k, v);
  const point = await call(base, 'POST', '/v1/delivery_points/', { form, token });
  const order = await call(base, 'POST', '/v1/sales/order/', {
    token,
    json: {
      items: [{ slug: listing.slug, size: listing.size, count: 1 }],
      delivery_point: point.body.id,
      recipient_name: 'Анна Иванова',
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const url = (order.body.payment as { confirmation_url: string }).confirmation_url;
  const gatewayId = new URL(url, 'http://x').pathname.split('/').pop()!;
  // The expiry crash point needs an unpaid order whose reservation runs out.
  if (step !== 'expiry.before-commit') {
    const paid = await call(base, 'POST', `/testgateway/api/payments/${gatewayId}/pay`, {
      json: { number: '4111 1111 1111 1111', exp_month: '12', exp_year: '30', cvc: '123' },
    });
    expect(paid.status).toBe(200);
  }
  if (front) {
    // The bank's notice did not get through; the buyer cancels meanwhile; then the notice arrives: a refund.
    const orderId = (order.body.order as { id: number }).id;
    const cancelled = await call(base, 'POST', `/v1/sales/orders/${orderId}/cancel/`, { token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    front.down = false;
  }
  await call(base, 'POST', '/v1/dev/clock/', { json: { advance_seconds: 16 * 60 } });
}

/** Between the test bank and the shop: answers 500 while `down`, then passes notices on to `target`. */
async function bankFront() {
  const state = { down: true, target: '' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (state.down || !state.target) return void res.writeHead(500).end();
      fetch(`${state.target}/v1/payments/webhook/testgateway/`, {
        method: 'POST',
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-testgateway-signature': String(req.headers['x-testgateway-signature']),
        },
      }).then(
        async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/payments/webhook/testgateway/`;
  return { state, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function runStep(point: CrashPoint): Promise<Outcome> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = randomDbName('vitrina_kill');
  await createFromTemplate(base, name, inject('pgTemplate'));
  const url = dbUrl(base, name);
  const database = await openDatabase({ url });
  const servers: ServerProcess[] = [];
  try {
    const db = database.db;
    const [listing] = await db
      .select({ slug: products.slug, size: offers.size, offerId: offers.id, count: offers.count })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(eq(products.status, 'active'), gt(offers.count, 0)))
      .orderBy(offers.id)
      .limit(1);
    // the template's demo history has orders of its own: only this run's count
    const [{ lastSeeded } = { lastSeeded: 0 }] = await db
      .select({ lastSeeded: sql<number>`coalesce(max(${orders.id}), 0)::int` })
      .from(orders);
    // the template's demo payments are in the test bank's books too (the demo seed keeps them, so deadlines can
    // refund them): only this run's charges count
    const seededCharges = new Set(
      (await db.select({ id: testgatewayPayments.id }).from(testgatewayPayments)).map((r) => r.id),
    );
    // the crash point
    // the refund step: the bank's notices go through a «network» that first fails them
    const front = point === 'refund.before-commit' ? await bankFront() : null;
    const first = await startServer(url, point, front ? { TESTGATEWAY_WEBHOOK_URL: front.url } : {}, COMPILED);
    servers.push(first);
    if (front) front.state.target = first.base;
    await checkout(first.base, listing!, point, front?.state).catch(() => undefined); // the server dies on the way
    await front?.close();
    const exit = await Promise.race([
      first.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    const killed = exit?.signal === 'SIGKILL';
    expect(killed, `${point}: not killed at the point\n${first.output()}`).toBe(true);

    // restarted without it; the clock moves and the jobs run
    const second = await startServer(url, undefined, {}, COMPILED);
    servers.push(second);
    for (const seconds of [16 * 60, 2 * 3600]) {
      const moved = await call(second.base, 'POST', '/v1/dev/clock/', { json: { advance_seconds: seconds } });
      expect(moved.status, second.output()).toBe(200);
    }

    const bank = (await db.select().from(testgatewayPayments)).filter((b) => !seededCharges.has(b.id));
    const ours = await db
      .select({ pay: payments, order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(gt(orders.id, lastSeeded));
    const refunds = (await db.select().from(testgatewayRefunds)).filter((r) => !seededCharges.has(r.paymentId));
    const charges = bank.filter((b) => b.status === 'succeeded' || b.status === 'refunded');
    let lost = 0;
    for (const c of charges) {
      const mine = ours.find((o) => o.pay.providerPaymentId === c.id);
      const delivered = mine && PAID.includes(mine.order.status) && mine.pay.status === 'succeeded';
      const refunded =
        mine?.pay.status === 'refunded' && c.status === 'refunded' && refunds.some((r) => r.paymentId === c.id);
      if (!delivered && !refunded) lost += 1;
    }
    // no order paid without a charge at the bank
    for (const o of ours.filter((x) => PAID.includes(x.order.status))) {
      expect(bank.find((b) => b.id === o.pay.providerPaymentId)?.status, `${point}: paid without a charge`).toBe(
        'succeeded',
      );
    }
    // nothing left hanging, and the stock adds up: one piece gone exactly when the order is paid
    expect(ours.filter((o) => o.order.status === 'awaiting_payment')).toHaveLength(0);
    const [after] = await db.select({ count: offers.count }).from(offers).where(eq(offers.id, listing!.offerId));
    const sold = ours.filter((o) => PAID.includes(o.order.status)).length;
    expect(after!.count, `${point}: stock`).toBe(listing!.count - sold);
    const report = await reconcileReport(db);
    expect(report.charges, point).toEqual([]);
    const orderIds = ours.map((o) => o.order.id);
    const orderStatus = orderIds.length
      ? (await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, orderIds)))[0]!.status
      : null;
    return { point, killed, orderStatus, charges: charges.length, refunds: refunds.length, lost };
  } finally {
    for (const s of servers) await s.stop();
    await database.close();
    await dropDatabase(base, name);
  }
}

describe.runIf(onPostgres() && dbAvailable())('SIGKILL at each checkout step', () => {
  const outcomes: Outcome[] = [];
  afterAll(() => {
    console.info(
      `SIGKILL per step:\n${outcomes.map((o) => `  ${o.point}: order ${o.orderStatus}, charges ${o.charges}, refunds ${o.refunds}, lost ${o.lost}`).join('\n')}`,
    );
  });

  it('loses no money: every charge is a paid order or a refund after restart and the jobs', async () => {
    const queue = [...CRASH_POINTS];
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) outcomes.push(await runStep(p));
      }),
    );
    expect(outcomes.map((o) => o.point).sort()).toEqual([...CRASH_POINTS].sort());
    for (const o of outcomes) expect(o, o.point).toMatchObject({ killed: true, lost: 0 });
    // Two server starts per step dominate the time.
  }, 150_000);
});
