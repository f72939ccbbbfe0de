import { and, eq } from 'drizzle-orm';
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
import { jobs, payments, testgatewayPayments } from '../../src/db/schema/index.js';
import { formatReport, reconcileReport } from '../../src/modules/payments/reconcile.js';
import { REFUND_JOB, refundBackoffMs } from '../../src/modules/payments/refunds.js';

describe.runIf(dbAvailable())('npm run reconcile: charges without an order or a refund, dead jobs', () => {
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

  const order = async (who: TestUser, slug: string, whoPoint: number) => {
    const { order: o, row, gatewayId } = await placeOrder(t.app, who, slug, whoPoint);
    return { orderId: o.id, paymentId: row.id, gatewayId };
  };

  const notice = (gatewayId: string, amount: number) => testgatewaySuccessNotice(t.app, gatewayId, amount);

  it('is clean on a shop where every charge is a paid order', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1000, count: 1 }]);
    const o = await order(buyer, l.slug, point);
    await chargedAtTestBank(t.app, o.gatewayId);
    expect((await notice(o.gatewayId, 100000)).json().result).toBe('applied');
    await t.app.jobs.runDue();
    const r = await reconcileReport(t.app.db);
    expect(r).toMatchObject({ charges: [], deadJobs: [], payouts: [], needsPerson: false, ledger: { ok: true } });
    expect(formatReport(r)).toMatch(/всё сходится/);
  });

  it('lists a failing refund with its attempts and last error, then nothing once it went through', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2000, count: 1 }]);
    const mine = await order(buyer, l.slug, point);
    t.clock.advance(15 * 60_000 + 1);
    await t.app.jobs.runDue();
    const rival = await makeUser(t.app, 'Глеб');
    await order(rival, l.slug, await makePoint(t.app, rival));
    // the bank took the money all the same, after the shop cancelled the payment there
    await chargedAtTestBank(t.app, mine.gatewayId);
    expect((await notice(mine.gatewayId, 200000)).json().result).toBe('applied');

    let r = await reconcileReport(t.app.db);
    expect(r.charges).toEqual([
      expect.objectContaining({
        paymentId: mine.paymentId,
        orderStatus: 'cancelled',
        amount: 200000,
        refund: 'pending',
      }),
    ]);
    expect(r.needsPerson).toBe(false);

    // the bank refuses the refund: it is failing, and a person should look
    await t.app.db
      .update(testgatewayPayments)
      .set({ status: 'pending' })
      .where(eq(testgatewayPayments.id, mine.gatewayId));
    await t.app.jobs.runDue();
    r = await reconcileReport(t.app.db);
    expect(r.charges[0]).toMatchObject({ refund: 'failing', attempts: 1 });
    expect(r.charges[0]!.lastError).toMatch(/refund refused/);
    expect(r.needsPerson).toBe(true);
    const text = formatReport(r);
    expect(text).toContain('возврат не проходит');
    expect(text).toContain('попыток 1');
    expect(text).toMatch(/2\s000\s₽/);

    await chargedAtTestBank(t.app, mine.gatewayId);
    t.clock.advance(refundBackoffMs(1));
    await t.app.jobs.runDue();
    expect(await reconcileReport(t.app.db)).toMatchObject({
      charges: [],
      deadJobs: [],
      needsPerson: false,
      ledger: { ok: true },
    });
  });

  it('flags a charge with no refund job and any dead job', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 3000, count: 1 }]);
    const mine = await order(buyer, l.slug, point);
    // a charge on a cancelled order that nobody queued a refund for (e.g. written before refunds existed)
    await t.app.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, mine.paymentId));
    await t.app.inject({ method: 'POST', url: `/v1/sales/orders/${mine.orderId}/cancel/`, headers: buyer.auth });
    await t.app.db
      .update(jobs)
      .set({ status: 'dead', attempts: 50, lastError: 'Error: boom' })
      .where(and(eq(jobs.kind, REFUND_JOB), eq(jobs.status, 'queued')));
    const [deadOne] = await t.app.db
      .insert(jobs)
      .values({
        kind: 'orders.expire-reservation',
        payload: { orderId: 1 },
        status: 'dead',
        runAt: t.clock.now(),
        attempts: 10,
        maxAttempts: 10,
        lastError: 'Error: gone',
        createdAt: t.clock.now(),
      })
      .returning({ id: jobs.id });
    const r = await reconcileReport(t.app.db);
    expect(r.needsPerson).toBe(true);
    expect(r.charges.find((c) => c.paymentId === mine.paymentId)).toMatchObject({ refund: 'missing', jobId: null });
    expect(r.deadJobs.map((j) => j.id)).toContain(deadOne!.id);
    expect(formatReport(r)).toMatch(/возврата нет — нужен человек[\s\S]*Error: gone[\s\S]*нужен человек\.$/);
  });
});
