/**
 * Buyer protection's deadlines (docs/architecture.md «Order deadlines»), through HTTP with the clock moved by
 * `POST /v1/dev/clock/`: a paid order not shipped by `ship_by` is cancelled once, refunded in full through the test
 * bank, its stock back on sale; the seller may cancel a paid order with a reason; a shipped order becomes delivered
 * (carrier report or 14 days) and completes 48 hours after delivery exactly; the ledger balances after each path.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import {
  makeListing,
  makePoint,
  makeUser,
  placePaidOrder,
  testgatewaySuccessNotice,
  type TestUser,
} from '../buy-fixtures.js';
import {
  jobs,
  notifications,
  offers,
  orders,
  payments,
  products,
  smsOutbox,
  testgatewayRefunds,
  users,
} from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';
import { shipByDeadline } from '../../src/lib/moscow-time.js';

describe.runIf(dbAvailable())('order deadlines', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50' });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  /** Moves the server clock by `ms` and runs every job that came due (the development endpoint). */
  const advance = async (ms: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/dev/clock/',
      payload: { advance_seconds: Math.round(ms / 1000) },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Moves the clock to just `ms` after the instant `at` (never back). */
  const advanceTo = (at: Date, ms = 0) => advance(at.getTime() + ms - t.clock.now().getTime());
  const get = async (who: TestUser, id: number) => {
    const res = await t.app.inject({ url: `/v1/sales/orders/${id}/`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const row = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const jobsOf = async (kind: string, orderId: number) =>
    (await t.app.db.select().from(jobs).where(eq(jobs.kind, kind))).filter(
      (j) => Number((j.payload as { orderId?: number }).orderId) === orderId,
    );
  const noticesOf = async (userId: number, type: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const paidOrder = async (price = 3000) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const placed = await placePaidOrder(t.app, buyer, l.slug, point);
    await t.app.jobs.runDue();
    return { listing: l, ...placed, order: { ...placed.order, number: (await row(placed.order.id)).number } };
  };
  const expectRefundedInFull = async (orderId: number, paymentId: string, gatewayId: string, amount: number) => {
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(pay).toMatchObject({ status: 'refunded', refundedAmount: amount });
    const refunds = await t.app.db.select().from(testgatewayRefunds).where(eq(testgatewayRefunds.paymentId, gatewayId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(amount);
    expect((await row(orderId)).refundedAmount).toBe(amount);
  };
  const expectBackOnSale = async (productId: number) => {
    expect((await t.app.db.select().from(products).where(eq(products.id, productId)))[0]!.status).toBe('active');
    expect((await t.app.db.select().from(offers).where(eq(offers.productId, productId)))[0]!.count).toBe(1);
  };
  const expectLedgerOk = async () => {
    const check = await checkLedger(t.app.db);
    expect(check.mismatches).toEqual([]);
  };

  it('cancels a paid order not shipped by ship_by once: full refund, stock back, both told, service level', async () => {
    const { order, listing, payment, gatewayId, row: pay } = await paidOrder(3000);
    expect((await t.app.db.select().from(products).where(eq(products.id, listing.id)))[0]!.status).toBe('sold');
    const paidAt = (await row(order.id)).paidAt!;
    const deadline = shipByDeadline(paidAt);
    const seen = await get(buyer, order.id);
    expect(seen).toMatchObject({ status: 'paid', status_label: 'Ждёт отправки', ship_by: deadline.toISOString() });
    expect(await get(seller, order.id)).toMatchObject({ payout_status: 'awaiting_shipping' });

    // The last second before the deadline: still paid; the seller was reminded on the 3rd and 4th day.
    await advanceTo(deadline, -1000);
    expect((await row(order.id)).status).toBe('paid');
    const reminders = await noticesOf(seller.id, 'ship_reminder');
    expect(reminders.filter((n) => n.text.includes(order.number))).toHaveLength(2);

    await advance(2000);
    const after = await get(buyer, order.id);
    expect(after).toMatchObject({ status: 'cancelled', cancelled_by: 'deadline', ship_by: null });
    expect(after.cancel_reason).toMatch(/не отправил заказ до/);
    await expectRefundedInFull(order.id, payment.id, gatewayId, pay.amount);
    await expectBackOnSale(listing.id);
    await expectLedgerOk();
    expect(await jobsOf('orders.ship-deadline', order.id)).toMatchObject([{ status: 'done' }]);
    // Both sides told; the buyer also by SMS.
    expect((await noticesOf(seller.id, 'order_cancelled')).some((n) => n.text.includes(order.number))).toBe(true);
    expect((await noticesOf(buyer.id, 'order_cancelled')).some((n) => n.text.includes(order.number))).toBe(true);
    expect((await noticesOf(buyer.id, 'payment_refunded')).some((n) => n.text.includes(order.number))).toBe(true);
    const [b] = await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, buyer.id));
    const sms = await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.phone, b!.phone!));
    expect(sms.some((m) => m.text.includes(order.number) && m.text.includes('не отправил'))).toBe(true);
    // It counts against the seller's service level.
    const level = (await t.app.inject({ url: '/v1/sales/service-level/', headers: seller.auth })).json();
    expect(level.data.cancelled_by_seller).toBeGreaterThanOrEqual(1);

    // A late bank notice (a new event id) never revives the order nor refunds twice.
    const late = await testgatewaySuccessNotice(t.app, gatewayId, pay.amount, `late_${gatewayId}`);
    expect(late.json().result).toBe('ignored');
    await advance(3600_000);
    expect((await row(order.id)).status).toBe('cancelled');
    await expectRefundedInFull(order.id, payment.id, gatewayId, pay.amount);
    await expectLedgerOk();
  });

  it('lets the seller cancel a paid order with a reason; others get 404, the buyer 409, without a reason 400', async () => {
    const { order, listing, payment, gatewayId, row: pay } = await paidOrder(2500);
    const url = `/v1/sales/orders/${order.id}/cancel/`;
    const stranger = await makeUser(t.app, 'Глеб');
    const by = (who: TestUser, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
    expect((await by(stranger, { reason: 'Нет в наличии' })).statusCode).toBe(404);
    const byBuyer = await by(buyer);
    expect(byBuyer.statusCode, byBuyer.body).toBe(409);
    const bare = await by(seller, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().reason[0]).toMatch(/Укажите причину/);
    expect((await row(order.id)).status).toBe('paid');

    const res = await by(seller, { reason: 'Нет в наличии' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelled_by: 'seller' });
    expect(res.json().cancel_reason).toMatch(/Нет в наличии/);
    const again = await by(seller, { reason: 'Нет в наличии' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/Нельзя отменить заказ/);
    await t.app.jobs.runDue();
    await expectRefundedInFull(order.id, payment.id, gatewayId, pay.amount);
    await expectBackOnSale(listing.id);
    await expectLedgerOk();
    expect((await noticesOf(buyer.id, 'order_cancelled')).some((n) => n.text.includes('Нет в наличии'))).toBe(true);
    // The ship-by deadline later finds nothing to do.
    await advance(7 * 86_400_000);
    expect(await jobsOf('orders.ship-deadline', order.id)).toMatchObject([{ status: 'done' }]);
    expect(
      await t.app.db.select().from(testgatewayRefunds).where(eq(testgatewayRefunds.paymentId, gatewayId)),
    ).toHaveLength(1);
  });

  it('makes a shipped order delivered after 14 days and completes it exactly 48 hours later, paying the seller', async () => {
    const { order } = await paidOrder(4000);
    const ship = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/ship/`,
      headers: seller.auth,
      payload: { tracking_number: '1234567890' },
    });
    expect(ship.statusCode).toBe(200);
    const shippedAt = new Date(ship.json().shipped_at);
    expect(ship.json().deliver_by).toBe(new Date(shippedAt.getTime() + 14 * 86_400_000).toISOString());
    await advanceTo(shippedAt, 14 * 86_400_000 - 1000);
    expect((await row(order.id)).status).toBe('shipped');
    await advance(1000);
    const delivered = await get(buyer, order.id);
    expect(delivered).toMatchObject({ status: 'delivered' });
    const deliveredAt = new Date(delivered.delivered_at);
    expect(delivered.confirm_by).toBe(new Date(deliveredAt.getTime() + 48 * 3_600_000).toISOString());
    expect((await noticesOf(buyer.id, 'order_delivered')).some((n) => n.text.includes(order.number))).toBe(true);

    await advanceTo(deliveredAt, 48 * 3_600_000 - 1000);
    expect((await row(order.id)).status).toBe('delivered');
    await advance(1000);
    const done = await get(seller, order.id);
    expect(done).toMatchObject({ status: 'completed', confirm_by: null });
    expect(['processing', 'waiting_card', 'sent']).toContain(done.payout_status);
    expect((await noticesOf(seller.id, 'order_completed')).some((n) => n.text.includes('48 часов'))).toBe(true);
    await expectLedgerOk();
    expect(await jobsOf('orders.auto-complete', order.id)).toMatchObject([{ status: 'done' }]);
  });

  it('takes a carrier report (dev endpoint) and a confirmation before the auto-complete, which then does nothing', async () => {
    const { order } = await paidOrder(1500);
    const early = await t.app.inject({ method: 'POST', url: `/v1/dev/carrier/deliver/${order.id}/` });
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toMatch(/только отправленный/);
    expect((await t.app.inject({ method: 'POST', url: '/v1/dev/carrier/deliver/99999999/' })).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/ship/`,
      headers: seller.auth,
      payload: { tracking_number: '6543210987' },
    });
    await advance(3 * 86_400_000);
    const rep = await t.app.inject({ method: 'POST', url: `/v1/dev/carrier/deliver/${order.id}/` });
    expect(rep.statusCode, rep.body).toBe(200);
    expect(rep.json()).toMatchObject({ id: order.id, status: 'delivered', delivered_at: t.clock.now().toISOString() });
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/confirm/`,
      headers: buyer.auth,
    });
    expect(confirm.statusCode).toBe(200);
    await advance(3 * 86_400_000);
    expect((await row(order.id)).status).toBe('completed');
    expect(await jobsOf('orders.auto-complete', order.id)).toMatchObject([{ status: 'done' }]);
    await expectLedgerOk();
  });

  it('sweeps an order paid without deadline jobs (before this change, or the jobs lost): it is still cancelled', async () => {
    const { order, listing, payment, gatewayId, row: pay } = await paidOrder(1800);
    await t.app.db.delete(jobs).where(eq(jobs.key, `order:${order.id}:ship-by`));
    await t.app.jobs.ensureRecurring();
    await advance(7 * 86_400_000);
    expect(await row(order.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'deadline' });
    await expectRefundedInFull(order.id, payment.id, gatewayId, pay.amount);
    await expectBackOnSale(listing.id);
    await expectLedgerOk();
  });
});
