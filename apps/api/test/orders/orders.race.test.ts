/**
 * Orders and payments under races (issue «Buying»): the last piece sold exactly once, crossing multi-item
 * orders without deadlocks, a cancel while the bank confirms, duplicate webhooks arriving together.
 *
 * A race test: it runs only in the \`api-pg\` project (PostgreSQL), named \`*.race.test.ts\` (vitest.config.ts).
 * PGlite runs one query at a time on the event loop, so there these requests would simply queue up and
 * prove nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { chargedAtTestBank, makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { offers, orders, payments, products } from '../../src/db/schema/index.js';
import { signTestgatewayBody } from '../../src/providers/payments/testgateway-webhook.js';

describe.runIf(dbAvailable())('order and payment races', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '300' });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const order = (user: TestUser, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/sales/order/', headers: user.auth, payload: body as object });
  const stock = async (productId: number) =>
    (await t.app.db.select().from(offers).where(eq(offers.productId, productId))).reduce((s, o) => s + o.count, 0);
  const status = async (productId: number) =>
    (await t.app.db.select().from(products).where(eq(products.id, productId)))[0]!.status;
  const orderRow = async (id: number) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const newOrder = async (price: number) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }]);
    const res = await order(buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, body.payment.id));
    return { listing: l, order: body.order, payment: body.payment, gatewayId: pay!.providerPaymentId! };
  };
  const webhook = (raw: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook/testgateway/',
      headers: { 'content-type': 'application/json', 'x-testgateway-signature': signature },
      payload: raw,
    });
  const sign = (raw: string) => `sha256=${signTestgatewayBody(t.app.config.payments.testgatewaySecret, raw)}`;

  it('sells the last item exactly once when 8 buyers race', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 7000, count: 1 }]);
    const racers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => makeUser(t.app, `Покупатель ${'АБВГДЕЖЗ'[i]}`)),
    );
    const points = await Promise.all(racers.map((u) => makePoint(t.app, u)));
    const results = await Promise.all(
      racers.map((u, i) => order(u, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: points[i] })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect([400, 409]).toContain(r.statusCode);
      expect(JSON.stringify(r.json())).toMatch(/уже купили|оформляет другой покупатель|осталось/);
    }
    expect(await stock(l.id)).toBe(0);
    expect(await status(l.id)).toBe('reserved');
    const made = await t.app.db.select().from(orders).where(eq(orders.sellerId, seller.id));
    const forListing = made.filter((o) => o.total === 700000);
    expect(forListing).toHaveLength(1);
  });

  it('handles crossing multi-item races without deadlocks or double sales', async () => {
    const a = await makeListing(t.app, seller.id, [{ size: 'M', price: 1100, count: 1 }], 'Куртка');
    const b = await makeListing(t.app, seller.id, [{ size: 'M', price: 2200, count: 1 }], 'Юбка');
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser(t.app, `Гонщик ${'АБВГДЕЖЗ'[i]}`)));
    const points = await Promise.all(racers.map((u) => makePoint(t.app, u)));
    const results = await Promise.all(
      racers.map((u, i) => {
        const items = [
          { slug: a.slug, size: 'M', count: 1 },
          { slug: b.slug, size: 'M', count: 1 },
        ];
        return order(u, { items: i % 2 ? items.reverse() : items, delivery_point: points[i] });
      }),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 409 || c === 400)).toBe(true);
    expect(await stock(a.id)).toBe(0);
    expect(await stock(b.id)).toBe(0);
    const winner = results.find((r) => r.statusCode === 201)!.json();
    expect(winner.order.total).toBe(3300);
    expect(winner.order.items).toHaveLength(2);
  });

  it('lets a buyer cancel while the bank confirms the payment: no 500, and the state stays consistent', async () => {
    for (let round = 0; round < 4; round++) {
      const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 1 }]);
      const created = await order(buyer, { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point });
      expect(created.statusCode, created.body).toBe(201);
      const { order: o, payment } = created.json() as { order: { id: number }; payment: { id: string } };
      const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, payment.id));
      const cancel = () =>
        t.app.inject({ method: 'POST', url: `/v1/sales/orders/${o.id}/cancel/`, headers: buyer.auth });
      const results = await Promise.all([
        cancel(),
        t.app.inject({
          method: 'POST',
          url: `/testgateway/api/payments/${pay!.providerPaymentId}/pay`,
          payload: { number: '4111 1111 1111 1111', exp_month: '12', exp_year: '30', cvc: '123' },
        }),
        cancel(),
      ]);
      for (const r of results) expect(r.statusCode, r.body).toBeLessThan(500);
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, o.id));
      if (row!.status === 'paid') expect(await stock(l.id)).toBe(0);
      else {
        expect(row!.status).toBe('cancelled');
        // Either the stock is back on sale, or (paid after the cancel, item re-taken) the order would be paid.
        expect(await stock(l.id)).toBe(1);
      }
    }
  });

  it('applies concurrent duplicate webhooks once', async () => {
    const { order, gatewayId } = await newOrder(6100);
    // the bank charged the card (the shop checks every notice with the bank)
    await chargedAtTestBank(t.app, gatewayId);
    const raw = JSON.stringify({
      event_id: 'evt_parallel',
      event: 'payment.succeeded',
      payment: { id: gatewayId, status: 'succeeded', amount: 610000, metadata: {} },
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => webhook(raw, sign(raw))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json().result === 'applied')).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('paid');
  });
});
