import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { jobs, offers, orders, payments, testgatewayPayments, testgatewayRefunds } from '../../src/db/schema/index.js';
import { RECONCILE_EVERY_MS } from '../../src/modules/payments/settle.js';
import { reconcileReport } from '../../src/modules/payments/reconcile.js';

const PAN_OK = '4111 1111 1111 1111';

describe.runIf(dbAvailable())('ask the bank before releasing: a lost notice loses no money', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  /** Whether the test bank's notices reach the shop. */
  let noticesLost = false;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
    // The test bank notifies the shop through app.inject (testgateway-webhook.ts): make it unreachable at will.
    const realInject = t.app.inject.bind(t.app);
    vi.spyOn(t.app, 'inject').mockImplementation(((opts: { url?: string }) =>
      noticesLost && String(opts?.url ?? '').startsWith('/v1/payments/webhook/')
        ? Promise.resolve({ statusCode: 503, body: '', json: () => ({}) })
        : realInject(opts as never)) as unknown as typeof t.app.inject);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const newOrder = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, body.payment.id));
    return {
      listingId: l.id,
      orderId: body.order.id as number,
      paymentId: pay!.id,
      gatewayId: pay!.providerPaymentId!,
    };
  };
  const payAtBank = async (gatewayId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number: PAN_OK, exp_month: '12', exp_year: '30', cvc: '123' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('succeeded');
  };
  const orderRow = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stock = async (productId: number) =>
    (await t.app.db.select().from(offers).where(eq(offers.productId, productId))).reduce((s, o) => s + o.count, 0);

  it('the expiry asks the bank: a charge whose notice was lost makes the order paid, not cancelled', async () => {
    const o = await newOrder(4200);
    noticesLost = true;
    await payAtBank(o.gatewayId);
    noticesLost = false;
    expect((await orderRow(o.orderId)).status).toBe('awaiting_payment'); // the shop heard nothing
    t.clock.advance(15 * 60_000 + 1);
    await t.app.jobs.runDue();
    const row = await orderRow(o.orderId);
    expect(row.status).toBe('paid');
    expect(row.refundedAmount).toBeNull();
    expect((await t.app.db.select().from(payments).where(eq(payments.id, o.paymentId)))[0]!.status).toBe('succeeded');
    expect(await stock(o.listingId)).toBe(0);
    expect(
      await t.app.db.select().from(testgatewayRefunds).where(eq(testgatewayRefunds.paymentId, o.gatewayId)),
    ).toEqual([]);
    expect((await reconcileReport(t.app.db)).charges).toEqual([]);
  });

  it('the expiry cancels a still-pending payment at the bank before releasing: the buyer can no longer pay it', async () => {
    const o = await newOrder(1800);
    t.clock.advance(15 * 60_000 + 1);
    await t.app.jobs.runDue();
    expect((await orderRow(o.orderId)).status).toBe('cancelled');
    expect(await stock(o.listingId)).toBe(1);
    const [bank] = await t.app.db.select().from(testgatewayPayments).where(eq(testgatewayPayments.id, o.gatewayId));
    expect(bank!.status).toBe('canceled');
    const late = await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${o.gatewayId}/pay`,
      payload: { number: PAN_OK, exp_month: '12', exp_year: '30', cvc: '123' },
    });
    expect(late.statusCode).toBe(400);
  });

  it('the reconciliation job settles a payment left pending past the reservation when the expiry is gone', async () => {
    const o = await newOrder(2600);
    // the expiry job and its sweep are lost (a crash, a restore): only the reconciliation is left
    await t.app.db.delete(jobs).where(eq(jobs.key, `order:${o.orderId}:expire`));
    await t.app.db.delete(jobs).where(eq(jobs.key, 'every:orders.sweep-expired'));
    noticesLost = true;
    await payAtBank(o.gatewayId);
    noticesLost = false;
    await t.app.jobs.ensureRecurring();
    t.clock.advance(15 * 60_000 + RECONCILE_EVERY_MS);
    await t.app.db.delete(jobs).where(eq(jobs.key, 'every:orders.sweep-expired'));
    await t.app.jobs.runDue();
    expect((await orderRow(o.orderId)).status).toBe('paid');
    expect(await stock(o.listingId)).toBe(0);

    // and a pending one with nobody paying is cancelled and its item put back on sale
    const p = await newOrder(900);
    await t.app.db.delete(jobs).where(eq(jobs.key, `order:${p.orderId}:expire`));
    await t.app.db.delete(jobs).where(eq(jobs.key, 'every:orders.sweep-expired'));
    t.clock.advance(15 * 60_000 + RECONCILE_EVERY_MS);
    await t.app.db.delete(jobs).where(eq(jobs.key, 'every:orders.sweep-expired'));
    await t.app.jobs.runDue();
    expect((await orderRow(p.orderId)).status).toBe('cancelled');
    expect(await stock(p.listingId)).toBe(1);
    expect((await t.app.db.select().from(payments).where(eq(payments.id, p.paymentId)))[0]!.status).toBe('canceled');
  });
});
