/**
 * A favorite's price drop on the favorites list (`old_price`): the price when the caller added it, in rubles, shown
 * struck through while the listing is on sale and cheaper than then; null after a rise, for one added after the
 * drop, and for one no longer on sale. Every answer of the spec's three calls carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { favoritesAnswerSchema } from '@vitrina/contract/favorites';
import { products } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';
import { addListing, makeFixture, type Fixture } from '../catalog-fixtures.js';

describe.runIf(dbAvailable())('favorites: the price when added', () => {
  let t: TestContext;
  let fx: Fixture;
  let seller: TestUser;

  const list = async (u: TestUser) => {
    const res = await t.app.inject({ url: '/v1/favorites/', headers: u.auth });
    expect(res.statusCode).toBe(200);
    return favoritesAnswerSchema.parse(res.json()).data;
  };
  const add = async (u: TestUser, id: number) => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/favorites/${id}/add-to-favorites/`, headers: u.auth });
    expect(res.statusCode, res.body).toBe(200);
    return favoritesAnswerSchema.parse(res.json()).data;
  };
  const patch = async (id: number, fields: Record<string, string>) => {
    const body = multipart(fields);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${id}/`,
      headers: { ...seller.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const price = (id: number, rubles: number) =>
    patch(id, { sizes: JSON.stringify([{ size: 'M', price: rubles, count: 1 }]) });

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    fx = await makeFixture(t.app.db);
    seller = await makeUser(t.app, 'Вера');
  });
  afterAll(() => t?.close());

  const listing = () =>
    addListing(t.app.db, {
      title: 'Пальто Max Mara',
      owner: seller.id,
      brand: fx.brands.moncler,
      category: fx.cats.downJackets,
      type: 'women',
      offers: [{ size: 'M', sizeId: fx.sizes.clothes.M, price: 30000, count: 1 }],
    });

  it('strikes the price when added through once it is lower, and not after a rise', async () => {
    const l = await listing();
    const early = await makeUser(t.app, 'Ира');
    const [added] = await add(early, l.id);
    expect(added).toMatchObject({ id: l.id, price: 30000, old_price: null });

    await price(l.id, 32000);
    expect((await list(early))[0]).toMatchObject({ price: 32000, old_price: null });

    await price(l.id, 24990);
    expect((await list(early))[0]).toMatchObject({ price: 24990, old_price: 30000, available: true });

    // Someone who adds it now keeps today's price: nothing struck through for them.
    const late = await makeUser(t.app, 'Оля');
    expect((await add(late, l.id))[0]).toMatchObject({ price: 24990, old_price: null });
    // Adding again does not move the price remembered for the first keeper.
    expect((await add(early, l.id))[0]).toMatchObject({ price: 24990, old_price: 30000 });
  });

  it('shows no drop for an item no longer on sale', async () => {
    const l = await listing();
    const u = await makeUser(t.app, 'Петя');
    await add(u, l.id);
    await price(l.id, 20000);
    expect((await list(u))[0]).toMatchObject({ old_price: 30000 });
    // Sold (the orders module's doing; set here directly).
    await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, l.id));
    expect((await list(u))[0]).toMatchObject({ available: false, old_price: null });
  });
});
