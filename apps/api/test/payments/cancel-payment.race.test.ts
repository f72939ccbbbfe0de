/**
 * Cancel racing payment: a buyer's cancellation answered 200 means they are not charged.
 *
 * A race test: it runs only in the `api-pg` project (PostgreSQL), named `*.race.test.ts` (vitest.config.ts).
 * Each round: the bank has taken the money and its notice arrives at the same moment as the buyer's «cancel».
 * Every round must end either cancelled with the money refunded, or paid with the cancel refused (409).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import {
  chargedAtTestBank,
  makeListing,
  makePoint,
  makeUser,
  placeOrder,
  testgatewaySuccessNotice,
  type TestUser,
} from '../buy-fixtures.js';
import { orders, payments, testgatewayRefunds } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';

const ROUNDS = 20;

describe.runIf(dbAvailable())('cancel vs the bank notice on the same order', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  it(`${ROUNDS} rounds: cancelled and refunded, or paid and the cancel refused — never cancelled and charged`, async () => {
    const outcomes = { cancelledRefunded: 0, paidRefused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1000 + round, count: 1 }]);
      const { order, payment, row: pay, gatewayId } = await placeOrder(t.app, buyer, l.slug, point);
      // The bank charged the card; its notice and the cancel now race.
      await chargedAtTestBank(t.app, gatewayId);
      const cancel = t.app.inject({ method: 'POST', url: `/v1/sales/orders/${order.id}/cancel/`, headers: buyer.auth });
      const notice = testgatewaySuccessNotice(t.app, gatewayId, pay.amount, `evt_race_${round}`);
      const [c, n] =
        round % 2 ? await Promise.all([notice, cancel]).then(([a, b]) => [b, a]) : await Promise.all([cancel, notice]);
      expect(n!.statusCode, n!.body).toBe(200);
      expect([200, 409], c!.body).toContain(c!.statusCode);
      await t.app.jobs.runDue(); // the refund job, if any
      const [o] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
      const [p] = await t.app.db.select().from(payments).where(eq(payments.id, payment.id));
      const refunds = await t.app.db
        .select()
        .from(testgatewayRefunds)
        .where(eq(testgatewayRefunds.paymentId, gatewayId));
      if (c!.statusCode === 200) {
        expect(o!.status).toBe('cancelled');
        expect(p!.status).toBe('refunded');
        expect(o!.refundedAmount).toBe(pay!.amount);
        expect(refunds).toHaveLength(1);
        outcomes.cancelledRefunded++;
      } else {
        expect(c!.json().detail).toMatch(/^Оплата уже прошла — заказ отменить нельзя/);
        expect(o!.status).toBe('paid');
        expect(p!.status).toBe('succeeded');
        expect(refunds).toHaveLength(0);
        outcomes.paidRefused++;
      }
    }
    console.info(`cancel vs notice: ${JSON.stringify(outcomes)}`);
    expect(outcomes.cancelledRefunded + outcomes.paidRefused).toBe(ROUNDS);
    // The ledger agrees: every charge is a held paid order or a refund.
    const ledger = await checkLedger(t.app.db);
    expect(ledger.mismatches).toEqual([]);
    expect(ledger.totals.refundsPending).toBe(0);
  });
});
