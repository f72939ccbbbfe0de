/**
 * YooKassa Payouts against a local fake: a completed order's payout goes to `POST /v3/payouts` of the
 * payouts API with the agent's own Basic auth, an `Idempotence-Key` and the card's token as `payout_token`;
 * an error is retried with the same key, a payout YooKassa cancels is tried again later with a new key; the
 * ledger and the seller's order record it once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { startFakeYooKassa } from '../fake-yookassa.js';
import { cardState, makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { ledgerEntries } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';
import { reconcileReport } from '../../src/modules/payments/reconcile.js';

describe.runIf(dbAvailable())('YooKassa Payouts against a local fake', () => {
  let fake: Awaited<ReturnType<typeof startFakeYooKassa>>;
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    fake = await startFakeYooKassa();
    const base = fake.base;
    t = await createTestApp({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret',
      YOOKASSA_API_URL: `${base}/v3`,
      YOOKASSA_PAYOUT_AGENT_ID: '505050',
      YOOKASSA_PAYOUT_SECRET: 'payout_secret',
      YOOKASSA_PAYOUTS_URL: `${base}/payouts/v3`,
      FEE_PERCENT: '10',
    });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
    const form = multipart({
      card_token: 'pm-2f000001-000f-5000-a000-1b8b3e9c1234',
      card_state: await cardState(t.app, seller),
    });
    const card = await t.app.inject({
      method: 'POST',
      url: '/v1/user/add-card/',
      headers: { ...seller.auth, ...form.headers },
      payload: form.payload,
    });
    expect(card.statusCode, card.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** An order paid through YooKassa, shipped and received. */
  const completedOrder = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    const yk = [...fake.paymentsById.values()].find(
      (p) => (p.metadata as { order_id: string }).order_id === String(id),
    )!;
    yk.status = 'succeeded';
    const notice = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/yookassa/',
      remoteAddress: '185.71.76.10', // YooKassa's published notice range
      payload: { type: 'notification', event: 'payment.succeeded', object: { id: yk.id } },
    });
    expect(notice.json().result).toBe('applied');
    const ship = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${id}/ship/`,
      headers: seller.auth,
      payload: { tracking_number: '1234567890' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const done = await t.app.inject({ method: 'POST', url: `/v1/sales/orders/${id}/confirm/`, headers: buyer.auth });
    expect(done.statusCode, done.body).toBe(200);
    return id;
  };
  const payoutEntries = async (orderId: number) =>
    t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'payout')));
  const sellerOrder = async (id: number) =>
    (
      (await t.app.inject({ url: '/v1/sales/orders/seller/', headers: seller.auth })).json().results as {
        id: number;
        payout_status: string;
      }[]
    ).find((o) => o.id === id)!;

  it('pays out with the agent keys, an Idempotence-Key and the card token; an error is retried with the same key', async () => {
    fake.state.failPayouts = 1;
    const id = await completedOrder(5000);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(fake.payoutCalls()).toHaveLength(1);
    expect(await payoutEntries(id)).toHaveLength(0);
    expect((await sellerOrder(id)).payout_status).toBe('processing');
    t.clock.advance(60_000);
    await t.app.jobs.runDue();
    expect(fake.payoutCalls()).toHaveLength(2);
    expect(fake.payoutCalls().map((c) => c.headers['idempotence-key'])).toEqual([`payout-${id}`, `payout-${id}`]);
    expect(fake.payoutCalls()[1]!.body).toMatchObject({
      amount: { value: '4500.00', currency: 'RUB' },
      payout_token: 'pm-2f000001-000f-5000-a000-1b8b3e9c1234',
      metadata: { order_id: String(id) },
    });
    expect((await payoutEntries(id)).map((e) => `${e.account} ${e.amount}`)).toEqual([
      'seller_available -450000',
      'seller_card 450000',
    ]);
    expect((await sellerOrder(id)).payout_status).toBe('sent');
  });

  it('a payout YooKassa cancels is tried again later under a new key, and recorded once', async () => {
    const before = fake.payoutCalls().length;
    fake.state.cancelNext = true;
    const id = await completedOrder(2000);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(fake.payoutCalls().length - before).toBe(1);
    expect(await payoutEntries(id)).toHaveLength(0);
    expect((await reconcileReport(t.app.db)).payouts).toContainEqual(
      expect.objectContaining({ orderId: id, state: 'failing', lastError: 'rejected_by_timeout' }),
    );
    t.clock.advance(60 * 60_000);
    await t.app.jobs.runDue();
    const keys = fake
      .payoutCalls()
      .slice(before)
      .map((c) => c.headers['idempotence-key']);
    expect(keys).toEqual([`payout-${id}`, `payout-${id}-1`]);
    expect(await payoutEntries(id)).toHaveLength(2);
    expect((await sellerOrder(id)).payout_status).toBe('sent');
    expect((await checkLedger(t.app.db)).mismatches).toEqual([]);
  });
});
