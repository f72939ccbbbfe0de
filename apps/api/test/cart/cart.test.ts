/**
 * The signed-in buyer's cart on the server (modules/cart) through HTTP: it follows the account (what one device
 * puts is what another reads), a guest cart joins it at sign-in, it loses the lines an order paid for whichever
 * way it was paid (the `order.paid` job), nobody reads another's cart, and bad bodies are Russian 400s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeListing, makePoint, makeUser, placePaidOrder, type TestUser } from '../buy-fixtures.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

type Line = { slug: string; size: string; count: number; price: number };

describe.runIf(dbAvailable())('server cart', () => {
  let t: TestContext;
  let buyer: TestUser;
  let seller: TestUser;
  let coat: { id: number; slug: string };
  let bag: { id: number; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await makeUser(t.app, 'Ира');
    seller = await makeUser(t.app, 'Олег');
    coat = await makeListing(t.app, seller.id, [{ size: 'M', price: 4990, count: 1 }], 'Пальто');
    bag = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 3 }], 'Сумка');
  });
  afterAll(() => t?.close());

  const call = async (user: TestUser | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { items: Line[] } & Record<string, unknown> };
  };

  it('keeps the cart of the account: what one device puts another reads', async () => {
    const put = await call(buyer, 'PUT', '/v1/cart/', [
      { slug: coat.slug, size: 'M', count: 1, price: 4990 },
      { slug: bag.slug, size: 'm', count: '2', price: '2 500' },
      { slug: 'no-such-listing', size: 'M', count: 1, price: 100 },
    ]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const other = await call(buyer, 'GET', '/v1/cart/');
    expect(other.body.items).toEqual([
      {
        slug: coat.slug,
        size: 'M',
        count: 1,
        price: 4990,
        title: 'Пальто',
        seller_id: seller.id,
        seller_name: 'Олег Тестова',
        stock: 1,
      },
      {
        slug: bag.slug,
        size: 'm',
        count: 2,
        price: 2500,
        title: 'Сумка',
        seller_id: seller.id,
        seller_name: 'Олег Тестова',
        stock: 3,
      },
    ]);
    // Another person's cart is their own.
    expect((await call(seller, 'GET', '/v1/cart/')).body.items).toEqual([]);
    expect((await call(null, 'GET', '/v1/cart/')).status).toBe(401);
  });

  it('joins a guest cart at sign-in (a line in both keeps the larger count)', async () => {
    const merged = await call(buyer, 'POST', '/v1/cart/merge/', [{ slug: bag.slug, size: 'M', count: 3, price: 2500 }]);
    expect(merged.status).toBe(200);
    expect(merged.body.items.map((i) => [i.slug, i.count])).toEqual([
      [coat.slug, 1],
      [bag.slug, 3],
    ]);
  });

  it('loses what an order paid for, without the cart being opened', async () => {
    const point = await makePoint(t.app, buyer);
    await placePaidOrder(t.app, buyer, coat.slug, point);
    await t.app.jobs.runDue();
    expect((await call(buyer, 'GET', '/v1/cart/')).body.items.map((i) => i.slug)).toEqual([bag.slug]);
  });

  it('answers bad bodies with a Russian 400 naming the field', async () => {
    const bad = await call(buyer, 'PUT', '/v1/cart/', [{ slug: coat.slug, size: 'M', count: 0, price: 1 }]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Количество — от 1 до 99/);
    const notList = await call(buyer, 'PUT', '/v1/cart/', { slug: coat.slug });
    expect(notList.status).toBe(400);
    // Nothing was half-written.
    expect((await call(buyer, 'GET', '/v1/cart/')).body.items.map((i) => i.slug)).toEqual([bag.slug]);
  });
});
