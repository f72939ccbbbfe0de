/**
 * Orders through HTTP (issue «Buying»): bad orders refused with Russian messages, garbage answered 4xx (never 500),
 * and a seeded demo listing bought by a user signed in by phone. The shop: orders-world.ts.
 */
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbAvailable, signIn } from '../helpers.js';
import { makeCard, makeListing, makePoint, type TestUser } from '../buy-fixtures.js';
import { offers, products } from '../../src/db/schema/index.js';
import { useOrdersShop } from './orders-world.js';

describe.runIf(dbAvailable())('orders: refusals and the demo listing', () => {
  const w = useOrdersShop();
  const { order, stock } = w;

  it('refuses bad orders with Russian messages naming the problem', async () => {
    const l = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price: 3000, count: 2 }]);
    const foreign = await makeListing(w.t.app, w.other.id, [{ size: 'M', price: 3000, count: 1 }]);
    const own = await makeListing(w.t.app, w.buyer.id, [{ size: 'M', price: 3000, count: 1 }]);
    const otherCard = await makeCard(w.t.app, w.other);
    const item = (over: object = {}) => ({ slug: l.slug, size: 'M', count: 1, ...over });
    const cases: [unknown, string, RegExp][] = [
      [{ items: [item()], delivery_point: w.otherPoint }, 'delivery_point', /Пункт выдачи/],
      [{ items: [item()], delivery_point: 999999 }, 'delivery_point', /Пункт выдачи/],
      [{ items: [item()], delivery_point: w.buyerPoint, card: otherCard }, 'card', /Карта/],
      [{ items: [item({ slug: 'no-such-thing' })], delivery_point: w.buyerPoint }, 'items', /не найден/],
      [{ items: [item({ size: 'XXL' })], delivery_point: w.buyerPoint }, 'items', /Размера «XXL» нет/],
      [{ items: [item({ count: 0 })], delivery_point: w.buyerPoint }, 'items', /не меньше 1/],
      [{ items: [item({ count: -3 })], delivery_point: w.buyerPoint }, 'items', /не меньше 1/],
      [{ items: [item({ count: 3 })], delivery_point: w.buyerPoint }, 'items', /осталось только 2/],
      [{ items: [item(), item({ count: 2 })], delivery_point: w.buyerPoint }, 'items', /осталось только 2/],
      [{ items: [{ slug: own.slug, size: 'M', count: 1 }], delivery_point: w.buyerPoint }, 'items', /собственный/],
      [
        { items: [item(), { slug: foreign.slug, size: 'M', count: 1 }], delivery_point: w.buyerPoint },
        'items',
        /одного продавца/,
      ],
    ];
    for (const [body, field, msg] of cases) {
      const res = await order(w.buyer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()[field]?.[0], res.body).toMatch(msg);
    }
    expect(await stock(l.id)).toBe(2);
  });

  it('answers garbage with 4xx, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { items: [] },
      { items: 'all', delivery_point: w.buyerPoint },
      { items: [{}], delivery_point: w.buyerPoint },
      { items: [{ slug: 'x', size: 'M', count: 1.5 }], delivery_point: w.buyerPoint },
      { items: [{ slug: 'x', size: 'M', count: 1 }], delivery_point: 'one' },
      { items: [{ slug: 'x', size: 'M', count: 1 }], delivery_point: 99999999999 },
      { items: [{ slug: 'x'.repeat(10_000), size: 'M', count: 1e12 }], delivery_point: w.buyerPoint },
      [1, 2, 3],
    ];
    for (const body of bodies) {
      const res = await order(w.buyer, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const raw = await w.t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: { ...w.buyer.auth, 'content-type': 'application/json' },
      payload: '{"items":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await w.t.app.inject({ method: 'POST', url: '/v1/sales/order/', payload: {} })).statusCode).toBe(401);
    for (const url of [
      '/v1/sales/orders/abc/',
      '/v1/sales/orders/?page=0',
      '/v1/sales/orders/?filter=nonsense',
      '/v1/sales/orders/?page=500',
    ]) {
      const res = await w.t.app.inject({ url, headers: w.buyer.auth });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('lets a user signed in by phone buy a seeded demo listing', async () => {
    const { auth } = await signIn(w.t.app);
    const user: TestUser = { id: 0, auth };
    const pointId = await makePoint(w.t.app, user);
    const [demo] = await w.t.app.db
      .select({ slug: products.slug, size: offers.size, productId: products.id, price: offers.price })
      .from(products)
      .innerJoin(offers, eq(offers.productId, products.id))
      .where(and(eq(products.status, 'active'), gt(offers.count, 0)))
      .limit(1);
    expect(demo, 'the demo seed has active listings with stock').toBeDefined();
    const before = await stock(demo!.productId);
    const res = await order(user, {
      items: [{ slug: demo!.slug, size: demo!.size, count: 1 }],
      delivery_point: pointId,
      // A new account has no name yet: checkout asks who collects the parcel.
      recipient_name: 'Анна Иванова',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.total).toBe(demo!.price / 100);
    expect(await stock(demo!.productId)).toBe(before - 1);
    const self = (await w.t.app.inject({ url: '/v1/self/', headers: auth })).json();
    expect(self.info.delivery_points.map((p: { id: number }) => p.id)).toContain(pointId);
  });
});
