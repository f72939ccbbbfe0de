/**
 * Buyer protection's deadlines under races (docs/architecture.md «Order deadlines»): two server processes on one
 * PostgreSQL fire each deadline once; the bank's late notice racing the automatic cancel never revives the order
 * nor refunds twice; the buyer's confirmation racing the auto-complete releases the money once.
 *
 * A race test: it runs only in the `api-pg` project (PostgreSQL), named `*.race.test.ts` (vitest.config.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, dbAvailable, onPostgres, secondProcess, type TestContext } from '../helpers.js';
import {
  makeListing,
  makePoint,
  makeUser,
  placePaidOrder,
  testgatewaySuccessNotice,
  type TestUser,
} from '../buy-fixtures.js';
import { ledgerEntries, orders, products, testgatewayRefunds } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';
import { shipByDeadline } from '../../src/lib/moscow-time.js';

describe.runIf(onPostgres() && dbAvailable())('order deadlines across two processes', () => {
  let t: TestContext;
  let second: { app: FastifyInstance; close(): Promise<void> };
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50' });
    second = await secondProcess(t);
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Both processes drain the queue at the same time until nothing is due. */
  const runBoth = async () => {
    for (;;) {
      const [a, b] = await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue()]);
      if (a + b === 0) return;
    }
  };
  const paidOrders = async (n: number) => {
    const made = [];
    for (let i = 0; i < n; i++) {
      const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1000 + i, count: 1 }]);
      made.push({ listing: l, ...(await placePaidOrder(t.app, buyer, l.slug, point)) });
    }
    await runBoth();
    return made;
  };
  const refundsOf = (gatewayIds: string[]) =>
    t.app.db.select().from(testgatewayRefunds).where(inArray(testgatewayRefunds.paymentId, gatewayIds));
  const expectLedgerOk = async () => expect((await checkLedger(t.app.db)).mismatches).toEqual([]);

  it('cancels and refunds each of 6 overdue orders exactly once while both processes run the jobs', async () => {
    const made = await paidOrders(6);
    const [first] = await t.app.db.select().from(orders).where(eq(orders.id, made[0]!.order.id));
    t.clock.advance(shipByDeadline(first!.paidAt!).getTime() - t.clock.now().getTime() + 1000);
    await runBoth();
    const ids = made.map((m) => m.order.id);
    const rows = await t.app.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((r) => [r.status, r.cancelledBy])).toEqual(ids.map(() => ['cancelled', 'deadline']));
    const refunds = await refundsOf(made.map((m) => m.gatewayId));
    expect(refunds).toHaveLength(6);
    const unholds = await t.app.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, ids));
    expect(unholds.filter((e) => e.kind === 'unhold' && e.account === 'seller_hold')).toHaveLength(6);
    const listings = await t.app.db
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          made.map((m) => m.listing.id),
        ),
      );
    expect(listings.every((p) => p.status === 'active')).toBe(true);
    await expectLedgerOk();
  });

  it('a bank notice racing the automatic cancel never revives the order nor refunds twice', async () => {
    for (let round = 0; round < 3; round++) {
      const [m] = await paidOrders(1);
      const [o] = await t.app.db.select().from(orders).where(eq(orders.id, m!.order.id));
      t.clock.advance(shipByDeadline(o!.paidAt!).getTime() - t.clock.now().getTime() + 1000);
      const [notice] = await Promise.all([
        testgatewaySuccessNotice(second.app, m!.gatewayId, m!.row.amount, `race_${m!.gatewayId}`),
        runBoth(),
      ]);
      expect(notice.statusCode).toBeLessThan(500);
      await runBoth();
      const [after] = await t.app.db.select().from(orders).where(eq(orders.id, m!.order.id));
      expect(after).toMatchObject({ status: 'cancelled', cancelledBy: 'deadline', refundedAmount: m!.row.amount });
      expect(await refundsOf([m!.gatewayId])).toHaveLength(1);
    }
    await expectLedgerOk();
  });

  it('a confirmation racing the auto-complete releases the money once', async () => {
    for (let round = 0; round < 3; round++) {
      const [m] = await paidOrders(1);
      const id = m!.order.id;
      const ship = await t.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${id}/ship/`,
        headers: seller.auth,
        payload: { tracking_number: '1234567890' },
      });
      expect(ship.statusCode).toBe(200);
      const rep = await t.app.inject({ method: 'POST', url: `/v1/dev/carrier/deliver/${id}/` });
      expect(rep.statusCode, rep.body).toBe(200);
      await runBoth();
      t.clock.advance(48 * 3_600_000);
      const [confirm] = await Promise.all([
        second.app.inject({ method: 'POST', url: `/v1/sales/orders/${id}/confirm/`, headers: buyer.auth }),
        runBoth(),
      ]);
      expect([200, 400]).toContain(confirm.statusCode);
      await runBoth();
      const [after] = await t.app.db.select().from(orders).where(eq(orders.id, id));
      expect(after!.status).toBe('completed');
      const releases = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, id));
      expect(releases.filter((e) => e.kind === 'release' && e.account === 'seller_hold')).toHaveLength(1);
    }
    await expectLedgerOk();
  });
});
