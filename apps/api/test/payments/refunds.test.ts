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
import {
  jobs,
  notifications,
  orders,
  payments,
  testgatewayPayments,
  testgatewayRefunds,
} from '../../src/db/schema/index.js';
import { testgatewayProvider } from '../../src/providers/payments/testgateway.js';
import { REFUND_JOB, refundBackoffMs } from '../../src/modules/payments/refunds.js';

describe.runIf(dbAvailable())('refunds: a payment for an order that can no longer be fulfilled', () => {
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

  const newOrder = async (who: TestUser, slug: string, whoPoint: number) => {
    const { order, payment, gatewayId } = await placeOrder(t.app, who, slug, whoPoint);
    return { order, payment, gatewayId };
  };

  /** The buyer pays at the bank, but the bank's notice does not reach the shop (yet). */
  const paidAtBankSilently = (gatewayId: string) =>
    t.app.db
      .update(testgatewayPayments)
      .set({ status: 'succeeded' })
      .where(and(eq(testgatewayPayments.id, gatewayId), eq(testgatewayPayments.status, 'pending')));
  const notice = (gatewayId: string, amount: number, eventId?: string) =>
    testgatewaySuccessNotice(t.app, gatewayId, amount, eventId);

  const refundJobs = async (paymentId: string) =>
    (await t.app.db.select().from(jobs).where(eq(jobs.kind, REFUND_JOB))).filter(
      (j) => (j.payload as { paymentId?: string }).paymentId === paymentId,
    );
  const bankRefunds = (gatewayId: string) =>
    t.app.db.select().from(testgatewayRefunds).where(eq(testgatewayRefunds.paymentId, gatewayId));

  /** An order whose reservation ran out and whose item was bought by someone else, then paid late. */
  const lateForResoldItem = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const mine = await newOrder(buyer, l.slug, point);
    t.clock.advance(15 * 60_000 + 1);
    await t.app.jobs.runDue();
    const rival = await makeUser(t.app, 'Глеб');
    await newOrder(rival, l.slug, await makePoint(t.app, rival));
    // the bank took the money all the same (its books say so after the shop cancelled the payment there)
    await chargedAtTestBank(t.app, mine.gatewayId);
    return mine;
  };

  it('refunds a late payment for a resold item through a job: payment and order show it, the buyer is told', async () => {
    const { order, payment, gatewayId } = await lateForResoldItem(5990);
    const res = await notice(gatewayId, 599000);
    expect(res.json().result).toBe('applied');
    // the webhook only queued the refund: no call to the bank inside its transaction
    expect((await t.app.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe('succeeded');
    expect(await refundJobs(payment.id)).toHaveLength(1);

    await t.app.jobs.runDue();
    expect((await refundJobs(payment.id))[0]).toMatchObject({ status: 'done', lastError: null });
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(pay).toMatchObject({ status: 'refunded', refundedAmount: 599000 });
    expect(pay!.refundedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect(
      (await t.app.db.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, gatewayId)))[0]!.status,
    ).toBe('refunded');
    const refunds = await bankRefunds(gatewayId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 599000, idempotenceKey: `refund-${payment.id}` });

    const o = (await t.app.inject({ url: `/v1/sales/orders/${order.id}/`, headers: buyer.auth })).json();
    expect(o).toMatchObject({ status: 'cancelled', refunded_amount: 5990 });
    expect(o.refunded_at).toBe(t.clock.now().toISOString());
    expect(o.payment).toMatchObject({ id: payment.id, status: 'refunded', refunded_amount: 5990 });
    const st = (await t.app.inject({ url: `/v1/payments/${payment.id}/`, headers: buyer.auth })).json();
    expect(st).toMatchObject({ status: 'refunded', order_status: 'cancelled', refunded_amount: 5990 });

    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.type, 'payment_refunded')));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Деньги вернутся на карту в течение 1–10 рабочих дней');
    expect(told[0]!.title).toMatch(/5\s990\s₽/);

    // the same notice again (and another event id for the same payment) refunds nothing more
    expect((await notice(gatewayId, 599000)).json().result).toBe('duplicate');
    expect((await notice(gatewayId, 599000, 'evt_again')).json().result).toBe('ignored');
    await t.app.jobs.runDue();
    expect(await bankRefunds(gatewayId)).toHaveLength(1);
  });

  it('refunds a payment that arrives after the buyer cancelled and the item was resold', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 1 }]);
    const mine = await newOrder(buyer, l.slug, point);
    await paidAtBankSilently(mine.gatewayId);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${mine.order.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const rival = await makeUser(t.app, 'Дина');
    await newOrder(rival, l.slug, await makePoint(t.app, rival));
    expect((await notice(mine.gatewayId, 250000)).json().result).toBe('applied');
    await t.app.jobs.runDue();
    const [o] = await t.app.db.select().from(orders).where(eq(orders.id, mine.order.id));
    expect(o).toMatchObject({ status: 'cancelled', refundedAmount: 250000 });
    expect(await bankRefunds(mine.gatewayId)).toHaveLength(1);
  });

  it('refuses (409, in Russian) to cancel an order already paid; refunds a payment arriving after a cancel even when the item is still there', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1200, count: 1 }]);
    const paid = await newOrder(buyer, l.slug, point);
    await paidAtBankSilently(paid.gatewayId);
    expect((await notice(paid.gatewayId, 120000)).json().result).toBe('applied');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${paid.order.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/^Оплата уже прошла — заказ отменить нельзя/);

    const l2 = await makeListing(t.app, seller.id, [{ size: 'M', price: 1300, count: 1 }]);
    const mine = await newOrder(buyer, l2.slug, point);
    await paidAtBankSilently(mine.gatewayId); // charged, the notice still on its way
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${mine.order.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await notice(mine.gatewayId, 130000)).json().result).toBe('applied');
    await t.app.jobs.runDue();
    const [o] = await t.app.db.select().from(orders).where(eq(orders.id, mine.order.id));
    expect(o).toMatchObject({ status: 'cancelled', refundedAmount: 130000 });
    expect(o!.cancelReason).toMatch(/деньги будут возвращены/);
  });

  it('retries a refund the bank refuses, with back-off, until it goes through — never lost', async () => {
    const { order, payment, gatewayId } = await lateForResoldItem(3000);
    expect((await notice(gatewayId, 300000)).json().result).toBe('applied');
    // the bank is in trouble: it refuses refunds of this payment for a while
    await t.app.db.update(testgatewayPayments).set({ status: 'pending' }).where(eq(testgatewayPayments.id, gatewayId));
    await t.app.jobs.runDue();
    let [job] = await refundJobs(payment.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: 50 });
    expect(job!.lastError).toMatch(/refund refused/);
    expect(job!.runAt.getTime()).toBe(t.clock.now().getTime() + refundBackoffMs(1));
    t.clock.advance(refundBackoffMs(1));
    await t.app.jobs.runDue();
    [job] = await refundJobs(payment.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 2 });
    expect((await t.app.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe('succeeded');
    // the bank recovers; the next attempt succeeds
    await chargedAtTestBank(t.app, gatewayId);
    t.clock.advance(refundBackoffMs(2));
    await t.app.jobs.runDue();
    [job] = await refundJobs(payment.id);
    expect(job!.status).toBe('done');
    expect((await t.app.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.refundedAmount).toBe(300000);
    expect(await bankRefunds(gatewayId)).toHaveLength(1);
  });

  it('the test bank refunds once per idempotence key and refuses what was never charged', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1000, count: 1 }]);
    const { gatewayId } = await newOrder(buyer, l.slug, point);
    const bank = testgatewayProvider(t.app);
    const input = { providerPaymentId: gatewayId, amount: 100000, idempotenceKey: 'k-1', reason: 'тест' };
    await expect(bank.refund(input)).rejects.toThrow(/pending/);
    await paidAtBankSilently(gatewayId);
    const a = await bank.refund(input);
    const b = await bank.refund(input);
    expect(a).toEqual(b);
    expect(a.status).toBe('succeeded');
    expect(await bankRefunds(gatewayId)).toHaveLength(1);
    expect((await bank.getPayment(gatewayId))?.status).toBe('succeeded');
  });
});
