/**
 * The money ledger: each money move written with the change that causes it, double-entry and
 * append-only; the seller's balance read from it (`GET /v1/sales/balance/`); the balance check catching a forged
 * entry. Through HTTP, on PGlite and PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAnswerSchema } from '@vitrina/contract/sales';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import {
  chargedAtTestBank,
  makeCard,
  makeListing,
  makePoint,
  makeUser,
  placeOrder,
  placePaidOrder,
  shipAndConfirm,
  testgatewaySuccessNotice,
  type TestUser,
} from '../buy-fixtures.js';
import { ledgerEntries } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';

describe.runIf(dbAvailable())('money ledger', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    // 10 % fee, at least 50 ₽
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50' });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
    await makeCard(t.app, seller);
  });
  afterAll(() => t?.close());

  /** The entries of an order as `kind account amount` lines, in the order written. */
  const entriesOf = async (orderId: number) =>
    (
      await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(ledgerEntries.id)
    ).map((e) => `${e.kind} ${e.account} ${e.amount}`);
  const balance = async (u: TestUser) => {
    const res = await t.app.inject({ url: '/v1/sales/balance/', headers: u.auth });
    expect(res.statusCode, res.body).toBe(200);
    return balanceAnswerSchema.parse(res.json()).data;
  };
  const paidOrder = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    return placePaidOrder(t.app, buyer, l.slug, point);
  };

  it("a paid order: charge and hold in the payment's transaction; a repeated notice writes nothing", async () => {
    const before = await balance(seller);
    const { order, gatewayId } = await paidOrder(3000);
    expect(await entriesOf(order.id)).toEqual([
      'charge buyer -300000',
      'charge clearing 300000',
      'hold clearing -300000',
      'hold seller_hold 300000',
    ]);
    expect((await testgatewaySuccessNotice(t.app, gatewayId, 300000, 'evt_other')).json().result).toBe('ignored');
    expect(await entriesOf(order.id)).toHaveLength(4);
    const after = await balance(seller);
    expect(after.awaiting_completion - before.awaiting_completion).toBe(3000);
    expect(after.available).toBe(before.available);
    expect((await checkLedger(t.app.db)).mismatches).toEqual([]);
  });

  it("a completed order: the hold splits into the fee and the seller's available money", async () => {
    const { order } = await paidOrder(3000);
    const before = await balance(seller);
    await shipAndConfirm(t.app, seller, buyer, order.id);
    expect((await entriesOf(order.id)).slice(4)).toEqual([
      'release seller_hold -300000',
      'release fees 30000',
      'release seller_available 270000',
    ]);
    const after = await balance(seller);
    expect(after.awaiting_completion - before.awaiting_completion).toBe(-3000);
    expect(after.fees - before.fees).toBe(300);
    expect((await checkLedger(t.app.db)).mismatches).toEqual([]);
  });

  it("a payment arriving after the buyer cancelled: charge, then the refund job's refund; no hold", async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 1 }]);
    const { order, gatewayId } = await placeOrder(t.app, buyer, l.slug, point);
    await chargedAtTestBank(t.app, gatewayId);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await entriesOf(order.id)).toEqual([]);
    expect((await testgatewaySuccessNotice(t.app, gatewayId, 250000)).json().result).toBe('applied');
    expect(await entriesOf(order.id)).toEqual(['charge buyer -250000', 'charge clearing 250000']);
    // the refund on its way is no mismatch
    const pending = await checkLedger(t.app.db);
    expect(pending.mismatches).toEqual([]);
    expect(pending.totals.refundsPending).toBeGreaterThanOrEqual(250000);
    await t.app.jobs.runDue();
    expect(await entriesOf(order.id)).toEqual([
      'charge buyer -250000',
      'charge clearing 250000',
      'refund clearing -250000',
      'refund buyer 250000',
    ]);
    const after = await checkLedger(t.app.db);
    expect(after.mismatches).toEqual([]);
    expect(after.totals.refundsPending).toBe(0);
    expect(after.totals.charges).toBe(after.totals.paidOrders + after.totals.refunds);
  });

  it('a cancelled unpaid order writes nothing', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1500, count: 1 }]);
    const { order } = await placeOrder(t.app, buyer, l.slug, point);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.jobs.runDue();
    expect(await entriesOf(order.id)).toEqual([]);
  });

  it("the balance is the caller's own: another user sees zeros, a guest gets 401", async () => {
    const other = await makeUser(t.app, 'Глеб');
    expect(await balance(other)).toEqual({
      awaiting_completion: 0,
      available: 0,
      paid_out: 0,
      fees: 0,
      last_payout_at: null,
    });
    expect((await t.app.inject({ url: '/v1/sales/balance/' })).statusCode).toBe(401);
  });

  it('refuses to change or delete a ledger entry (append-only trigger)', async () => {
    const { order } = await paidOrder(1000);
    /** The database's refusal (drizzle wraps it: the reason is the cause). */
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'accepted',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(
      await refusal(t.app.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.orderId, order.id))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(t.app.db.delete(ledgerEntries).where(eq(ledgerEntries.orderId, order.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(t.app.db.execute(sql`truncate ledger_entries`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await entriesOf(order.id)).toHaveLength(4);
  });

  // Last: forged entries stay (the ledger is append-only).
  it('the balance check catches a forged move: a release of an order never completed, and a one-legged entry', async () => {
    const { order } = await paidOrder(4000);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
    const at = new Date();
    const forged = (moveKey: string, account: string, amount: number) => ({
      moveKey,
      kind: 'release',
      account,
      amount,
      orderId: order.id,
      sellerId: seller.id,
      createdAt: at,
    });
    await t.app.db
      .insert(ledgerEntries)
      .values([forged('forged:1', 'seller_hold', -400000), forged('forged:1', 'seller_available', 400000)]);
    const r = await checkLedger(t.app.db);
    expect(r.ok).toBe(false);
    expect(r.mismatches).toContainEqual(
      expect.objectContaining({
        orderId: order.id,
        what: 'освобождение удержания по завершённому заказу',
        expected: 0,
        actual: 400000,
      }),
    );
    await t.app.db.insert(ledgerEntries).values([forged('forged:2', 'fees', 100)]);
    const r2 = await checkLedger(t.app.db);
    expect(r2.mismatches).toContainEqual(
      expect.objectContaining({ what: expect.stringMatching(/forged:2 не сходится/), actual: 100 }),
    );
    expect(r2.mismatches).toContainEqual(
      expect.objectContaining({ orderId: null, what: expect.stringMatching(/^итого: выплаты/) }),
    );
  });
});
