/**
 * Payouts: a completed order's payout (price minus fee) goes to the seller's card through the test
 * bank's payouts book — idempotent, retried with back-off while the bank fails, waiting for a card when the
 * seller has none — recorded in the ledger, shown on the seller's orders and notified. Through HTTP, on PGlite
 * and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '@vitrina/contract/orders';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import {
  makeCard,
  makeListing,
  makePoint,
  makeUser,
  placePaidOrder,
  shipAndConfirm,
  type TestUser,
} from '../buy-fixtures.js';
import { cards, jobs, ledgerEntries, notifications, payouts, testgatewayPayouts } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';
import { PAYOUT_JOB } from '../../src/modules/payments/payouts.js';
import { formatReport, reconcileReport } from '../../src/modules/payments/reconcile.js';

describe.runIf(dbAvailable())('payouts to sellers', () => {
  let t: TestContext;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50' });
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  /** An order of `seller`'s listing, paid, shipped and received by the buyer. */
  const completedOrder = async (seller: TestUser, price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const { order } = await placePaidOrder(t.app, buyer, l.slug, point);
    expect(await sellerOrder(seller, order.id)).toMatchObject({
      payout_status: 'awaiting_shipping',
      paid_out_at: null,
    });
    const done = await shipAndConfirm(t.app, seller, buyer, order.id);
    // the buyer's answer carries no payout fields
    expect(done.json()).not.toHaveProperty('payout_status');
    return order.id;
  };
  const sellerOrder = async (seller: TestUser, id: number) => {
    const res = await t.app.inject({ url: '/v1/sales/orders/seller/', headers: seller.auth });
    expect(res.statusCode).toBe(200);
    const found = (res.json() as { results: unknown[] }).results
      .map((o) => orderSchema.parse(o))
      .find((o) => o.id === id);
    return found!;
  };
  const balance = async (u: TestUser) =>
    (await t.app.inject({ url: '/v1/sales/balance/', headers: u.auth })).json().data as Record<string, unknown>;
  const payoutEntries = async (orderId: number) =>
    (
      await t.app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'payout')))
    ).map((e) => `${e.account} ${e.amount}`);
  const bankPayouts = (orderId: number) =>
    t.app.db
      .select()
      .from(testgatewayPayouts)
      .where(eq(testgatewayPayouts.idempotenceKey, `payout-${orderId}`));
  const outage = (minutes: number) =>
    t.app.inject({ method: 'POST', url: '/testgateway/api/payouts/outage/', payload: { minutes } });

  it('pays the seller price minus fee to their card once the order completes: ledger, balance, order, notice', async () => {
    const seller = await makeUser(t.app, 'Вера');
    await makeCard(t.app, seller);
    const id = await completedOrder(seller, 3000);
    expect(await sellerOrder(seller, id)).toMatchObject({ payout_status: 'processing' });
    expect(await balance(seller)).toMatchObject({ awaiting_completion: 0, available: 2700, paid_out: 0, fees: 300 });

    await t.app.jobs.runDue();
    const bank = await bankPayouts(id);
    expect(bank).toHaveLength(1);
    expect(bank[0]).toMatchObject({ amount: 270000 });
    expect(await payoutEntries(id)).toEqual(['seller_available -270000', 'seller_card 270000']);
    expect(await balance(seller)).toEqual({
      awaiting_completion: 0,
      available: 0,
      paid_out: 2700,
      fees: 300,
      last_payout_at: t.clock.now().toISOString(),
    });
    expect(await sellerOrder(seller, id)).toMatchObject({
      payout_status: 'sent',
      paid_out_at: t.clock.now().toISOString(),
      payout_amount: 2700,
    });
    await t.app.jobs.runDue();
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.type, 'payout_sent')));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toMatch(/Выплата отправлена: 2\s700\s₽/);

    // a replayed job pays nothing twice
    await t.app.jobs.enqueue(t.app.db as never, PAYOUT_JOB, { orderId: id });
    await t.app.jobs.runDue();
    expect(await bankPayouts(id)).toHaveLength(1);
    expect(await payoutEntries(id)).toHaveLength(2);
    expect((await checkLedger(t.app.db)).mismatches).toEqual([]);
  });

  it('retries a payout the bank fails with back-off until it goes through; meanwhile «в обработке»', async () => {
    const seller = await makeUser(t.app, 'Лиза');
    const first = await makeCard(t.app, seller);
    expect((await outage(10)).statusCode).toBe(200);
    const id = await completedOrder(seller, 1000);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const [job] = (await t.app.db.select().from(jobs).where(eq(jobs.kind, PAYOUT_JOB))).filter(
      (j) => Number(j.payload.orderId) === id,
    );
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.lastError).toMatch(/payouts unavailable/);
    expect(await bankPayouts(id)).toHaveLength(0);
    expect(await payoutEntries(id)).toEqual([]);
    expect(await sellerOrder(seller, id)).toMatchObject({ payout_status: 'processing', paid_out_at: null });
    expect(await balance(seller)).toMatchObject({ available: 900, paid_out: 0 });
    expect((await checkLedger(t.app.db)).ok).toBe(true);
    // npm run reconcile lists it and asks for a person until it goes through
    const report = await reconcileReport(t.app.db);
    expect(report.payouts).toContainEqual(
      expect.objectContaining({ orderId: id, state: 'failing', attempts: 1, amount: 90000 }),
    );
    expect(report.needsPerson).toBe(true);
    expect(formatReport(report)).toMatch(/выплата не проходит, повторяется; попыток 1/);

    // a new default card meanwhile changes nothing: every try of the key goes to the card chosen for it
    const second = await makeCard(t.app, seller, '5555 5555 5555 4444');
    const upd = await t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${second}/`,
      headers: seller.auth,
      payload: { is_default: true },
    });
    expect(upd.json()).toMatchObject({ is_default: true });
    t.clock.advance(11 * 60_000);
    await t.app.jobs.runDue();
    expect((await reconcileReport(t.app.db)).payouts.map((p) => p.orderId)).not.toContain(id);
    expect(await bankPayouts(id)).toHaveLength(1);
    const [chosen] = await t.app.db.select().from(cards).where(eq(cards.id, first));
    expect((await bankPayouts(id))[0]!.cardToken).toBe(chosen!.token);
    expect(await payoutEntries(id)).toEqual(['seller_available -90000', 'seller_card 90000']);
    expect(await sellerOrder(seller, id)).toMatchObject({ payout_status: 'sent', payout_amount: 900 });
    expect(await balance(seller)).toMatchObject({ available: 0, paid_out: 900 });
  });

  it('waits for a payout card («Добавьте карту для выплат») and pays once the seller adds one', async () => {
    const seller = await makeUser(t.app, 'Ольга');
    const id = await completedOrder(seller, 2000);
    await t.app.jobs.runDue();
    expect((await t.app.db.select().from(payouts).where(eq(payouts.orderId, id)))[0]).toMatchObject({
      status: 'waiting_card',
    });
    expect(await sellerOrder(seller, id)).toMatchObject({ payout_status: 'waiting_card' });
    expect((await reconcileReport(t.app.db)).payouts).toContainEqual(
      expect.objectContaining({ orderId: id, state: 'waiting_card' }),
    );
    expect(await payoutEntries(id)).toEqual([]);

    await makeCard(t.app, seller);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await bankPayouts(id)).toHaveLength(1);
    expect(await sellerOrder(seller, id)).toMatchObject({ payout_status: 'sent', payout_amount: 1800 });
    expect((await checkLedger(t.app.db)).mismatches).toEqual([]);
  });
});
