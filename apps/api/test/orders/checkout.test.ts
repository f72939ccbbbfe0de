/**
 * Checkout as steps: what the payment provider did is undone when a later step fails, the money
 * an order records is the contract's split (what the sell form shows), and expired reservations are released by
 * the expiry job checkout queues (on any process's worker), never by an order request on its way.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerReceives } from '@vitrina/contract/money';
import { buildApp } from '../../src/app.js';
import { events, jobs, offers, orders, payments, products, testgatewayPayments } from '../../src/db/schema/index.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('checkout steps', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '12', FEE_MIN_RUB: '0' });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const order = (slug: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug, size: 'M', count: 1 }], delivery_point: point },
    });
  const listing = async (id: number) => {
    const [p] = await t.app.db.select().from(products).where(eq(products.id, id));
    const [o] = await t.app.db.select().from(offers).where(eq(offers.productId, id));
    return { status: p!.status, stock: o!.count };
  };
  const orderRow = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const lastOrderOf = async (buyerId: number) =>
    (
      await t.app.db
        .select()
        .from(orders)
        .where(eq(orders.buyerId, buyerId))
        .orderBy(sql`id desc`)
        .limit(1)
    )[0]!;
  const gatewayPayment = async (orderId: number) =>
    (
      await t.app.db
        .select()
        .from(testgatewayPayments)
        .where(sql`${testgatewayPayments.metadata}->>'order_id' = ${String(orderId)}`)
    )[0];

  it('records the fee and payout the sell form shows, to the kopeck (12 990 ₽ at 12 %)', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 12990, count: 1 }]);
    const res = await order(l.slug);
    expect(res.statusCode, res.body).toBe(201);
    const shown = sellerReceives(12990, { percent: 12, min: 0 });
    expect(res.json().order).toMatchObject({ total: 12990, fee: shown.commission, payout: shown.receive });
    expect(res.json().order).toMatchObject({ fee: 1558.8, payout: 11431.2 });
  });

  it('cancels the payment at the provider and the order when saving the payment id fails', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 3100, count: 1 }]);
    // The real test gateway creates the payment; then the database refuses to store its id.
    await t.app.db.execute(sql`
      create or replace function checkout_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure: provider id not saved'; end $$`);
    await t.app.db.execute(sql`
      create trigger checkout_test_fail before update of provider_payment_id on payments
      for each row execute function checkout_test_fail()`);
    try {
      const res = await order(l.slug);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Внутренняя ошибка сервера. Мы уже разбираемся.' });
    } finally {
      await t.app.db.execute(sql`drop trigger checkout_test_fail on payments`);
      await t.app.db.execute(sql`drop function checkout_test_fail()`);
    }
    const o = await lastOrderOf(buyer.id);
    expect(o).toMatchObject({ status: 'cancelled', cancelReason: 'Платёжный сервис недоступен.' });
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(pay).toMatchObject({ status: 'canceled', providerPaymentId: null });
    // The bank's payment exists and can no longer take money.
    expect((await gatewayPayment(o.id))?.status).toBe('canceled');
    expect(await listing(l.id)).toEqual({ status: 'active', stock: 1 });
    // And the listing can be bought again at once.
    expect((await order(l.slug)).statusCode).toBe(201);
  });

  it('an order request releases nothing; the expiry job queued at checkout releases the order when due', async () => {
    const a = await makeListing(t.app, seller.id, [{ size: 'M', price: 2000, count: 1 }]);
    const b = await makeListing(t.app, seller.id, [{ size: 'M', price: 2100, count: 1 }]);
    const first = (await order(a.slug)).json();
    expect(await listing(a.id)).toEqual({ status: 'reserved', stock: 0 });
    t.clock.advance(15 * 60_000 - 1000);
    await t.app.jobs.runDue();
    expect((await orderRow(first.order.id)).status).toBe('awaiting_payment'); // not yet due
    t.clock.advance(1001);
    expect((await order(b.slug)).statusCode).toBe(201);
    expect((await orderRow(first.order.id)).status).toBe('awaiting_payment');

    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await orderRow(first.order.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Время на оплату истекло, товар снова в продаже.',
    });
    expect(await listing(a.id)).toEqual({ status: 'active', stock: 1 });
    expect((await gatewayPayment(first.order.id))?.status).toBe('canceled');
    // The cancellation is a domain event, recorded with it.
    const [ev] = await t.app.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'order.cancelled'), sql`${events.payload}->>'orderId' = ${String(first.order.id)}`));
    expect(ev?.payload).toMatchObject({ by: 'expiry' });
  });

  it("expires an order from the worker's own polling, on any process, reading app.clock", async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2200, count: 1 }]);
    const created = (await order(l.slug)).json();
    // A second process on the same database, polling every 20 ms as a server does.
    const other = await buildApp({
      config: { ...t.config, jobsPollMs: 20 },
      database: t.database,
      clock: t.clock,
      logger: false,
    });
    await other.ready();
    try {
      t.clock.advance(15 * 60_000 + 1);
      const deadline = Date.now() + 5_000;
      while ((await orderRow(created.order.id)).status !== 'cancelled' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
    } finally {
      await other.close();
    }
    expect((await orderRow(created.order.id)).status).toBe('cancelled');
    expect(await listing(l.id)).toEqual({ status: 'active', stock: 1 });
  });

  it('the safety sweep queues an expiry for an overdue order that has none', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2300, count: 1 }]);
    const created = (await order(l.slug)).json();
    // As if the order came from before expiry jobs existed: its job is gone (and no sweep is queued yet).
    await t.app.db.delete(jobs).where(eq(jobs.key, `order:${created.order.id}:expire`));
    await t.app.db.delete(jobs).where(eq(jobs.key, 'every:orders.sweep-expired'));
    // (nor the reconciliation of pending payments, which would settle it with the bank as well)
    await t.app.db.delete(jobs).where(eq(jobs.key, 'every:payments.reconcile-pending'));
    t.clock.advance(15 * 60_000 + 1);
    await t.app.jobs.runDue();
    expect((await orderRow(created.order.id)).status).toBe('awaiting_payment'); // nothing left to expire it
    await t.app.jobs.ensureRecurring();
    await t.app.jobs.runDue(); // the sweep queues the expiry, which is due at once and runs in the same drain
    expect((await orderRow(created.order.id)).status).toBe('cancelled');
    expect(await listing(l.id)).toEqual({ status: 'active', stock: 1 });
  });
});
