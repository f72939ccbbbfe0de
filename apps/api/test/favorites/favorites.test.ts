/**
 * Favorites (spec §3, §4, §7) through HTTP: the contract's shape, idempotent add, remove, the
 * whole list in every answer, 400/401/404 in Russian, one user's list invisible to another, sold and deleted
 * listings kept with `available: false`, the seller-only count, the `favorite.added`/`favorite.removed`
 * events; and the keepers' notifications when a price drops on edit or the last piece is paid for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { favoritesAnswerSchema, favoriteIdsAnswerSchema, FAVORITES_MAX } from '@vitrina/contract/favorites';
import type { Notification } from '@vitrina/contract/notifications';
import { events, favorites, jobs, notifications, payments, products, users } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, placeOrder, type TestUser } from '../buy-fixtures.js';
import { addListing, makeFixture, type Fixture } from '../catalog-fixtures.js';

describe.runIf(dbAvailable())('favorites API', () => {
  let t: TestContext;
  let seller: TestUser;
  let anna: TestUser;
  let boris: TestUser;
  let fx: Fixture;

  const call = (u: TestUser | null, id: number | string, action: 'add-to-favorites' | 'remove-favorite') =>
    t.app.inject({ method: 'POST', url: `/v1/favorites/${id}/${action}/`, headers: u?.auth ?? {} });
  const add = (u: TestUser, id: number) => call(u, id, 'add-to-favorites');
  const remove = (u: TestUser, id: number) => call(u, id, 'remove-favorite');
  const list = async (u: TestUser) => {
    const res = await t.app.inject({ url: '/v1/favorites/', headers: u.auth });
    expect(res.statusCode).toBe(200);
    return favoritesAnswerSchema.parse(res.json()).data;
  };
  const notes = async (u: TestUser): Promise<Notification[]> =>
    (await t.app.inject({ url: '/v1/notifications/?page_size=100', headers: u.auth })).json().results;
  const eventsOf = async (type: string, productId: number) =>
    (await t.app.db.select().from(events).where(eq(events.type, type))).filter(
      (e) => (e.payload as { listingId: number }).listingId === productId,
    );

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    fx = await makeFixture(t.app.db);
    seller = await makeUser(t.app, 'Вера');
    anna = await makeUser(t.app, 'Анна');
    boris = await makeUser(t.app, 'Борис');
  });
  afterAll(() => t?.close());

  it('adds once, answers the whole list as cards with added_at, removes, and writes the events', async () => {
    const a = await makeListing(t.app, seller.id, [{ size: 'M', price: 4990, count: 1 }], 'Тренч');
    const b = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 2 }], 'Шарф');
    expect((await t.app.inject({ url: '/v1/favorites/', headers: anna.auth })).json()).toEqual({ data: [] });

    const first = await add(anna, a.id);
    expect(first.statusCode).toBe(200);
    expect(favoritesAnswerSchema.parse(first.json()).data.map((i) => i.id)).toEqual([a.id]);
    t.clock.advance(1000);
    const twice = favoritesAnswerSchema.parse((await add(anna, b.id)).json()).data;
    const again = favoritesAnswerSchema.parse((await add(anna, b.id)).json()).data;
    expect(again).toEqual(twice);
    expect(twice.map((i) => i.id)).toEqual([b.id, a.id]); // newest first
    expect(twice[0]).toMatchObject({ title: 'Шарф', price: 2500, sizes: ['M'], seller_id: seller.id, available: true });
    expect(Date.parse(twice[0]!.added_at)).toBe(t.clock.now().getTime());
    expect((await t.app.db.select().from(favorites).where(eq(favorites.userId, anna.id))).length).toBe(2);

    const added = await eventsOf('favorite.added', b.id);
    expect(added).toHaveLength(1); // the repeat wrote nothing
    expect(added[0]!.payload).toEqual({
      userId: anna.id,
      listingId: b.id,
      sellerId: seller.id,
      at: t.clock.now().toISOString(),
    });

    const ids = await t.app.inject({ url: '/v1/favorites/ids/', headers: anna.auth });
    expect(favoriteIdsAnswerSchema.parse(ids.json()).data).toEqual([b.id, a.id]);

    const after = favoritesAnswerSchema.parse((await remove(anna, b.id)).json()).data;
    expect(after.map((i) => i.id)).toEqual([a.id]);
    expect((await remove(anna, b.id)).json()).toEqual({ data: after }); // nothing left to remove: same list
    const removed = await eventsOf('favorite.removed', b.id);
    expect(removed).toHaveLength(1);
    expect(removed[0]!.payload).toMatchObject({ userId: anna.id, listingId: b.id, sellerId: seller.id });
  });

  it('parallel adds of one listing keep one row and write one event', async () => {
    const u = await makeUser(t.app, 'Ева');
    const l = await makeListing(t.app, seller.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(u, l.id)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await t.app.db.select().from(favorites).where(eq(favorites.userId, u.id))).toHaveLength(1);
    expect(await eventsOf('favorite.added', l.id)).toHaveLength(1);
  });

  it('keeps one user’s favorites from another', async () => {
    const l = await makeListing(t.app, seller.id);
    await add(boris, l.id);
    expect((await list(boris)).map((i) => i.id)).toEqual([l.id]);
    expect((await list(anna)).map((i) => i.id)).not.toContain(l.id);
    // Boris removing what only Anna keeps changes nothing of hers.
    const [annas] = await list(anna);
    await remove(boris, annas!.id);
    expect((await list(anna)).map((i) => i.id)).toContain(annas!.id);
  });

  it('answers 401 without a token, 400 for a bad id and 404 for an unknown listing, in Russian', async () => {
    const l = await makeListing(t.app, seller.id);
    expect((await call(null, l.id, 'add-to-favorites')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/favorites/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/favorites/ids/' })).statusCode).toBe(401);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await call(anna, bad, 'add-to-favorites');
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/[а-яё]/i);
    }
    const unknown = await add(anna, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Товар не найден.' });
    expect((await remove(anna, 2_000_000_000)).statusCode).toBe(404);
    // A draft of someone else and a deleted listing can't be added.
    await t.app.db.update(products).set({ status: 'draft' }).where(eq(products.id, l.id));
    expect((await add(anna, l.id)).statusCode).toBe(404);
    await t.app.db.update(products).set({ status: 'deleted' }).where(eq(products.id, l.id));
    expect((await add(anna, l.id)).statusCode).toBe(404);
  });

  it('keeps sold and deleted listings in the list, marked unavailable', async () => {
    const u = await makeUser(t.app, 'Галя');
    const sold = await makeListing(t.app, seller.id, [{ size: 'M', price: 1000, count: 1 }], 'Куртка');
    const gone = await makeListing(t.app, seller.id, [{ size: 'M', price: 2000, count: 1 }], 'Сумка');
    await add(u, sold.id);
    await add(u, gone.id);
    await t.app.db.update(products).set({ status: 'sold' }).where(eq(products.id, sold.id));
    await t.app.db.update(products).set({ status: 'deleted' }).where(eq(products.id, gone.id));
    const items = await list(u);
    expect(items.map((i) => [i.id, i.status, i.available])).toEqual([
      [gone.id, 'deleted', false],
      [sold.id, 'sold', false],
    ]);
    // Still removable.
    expect((await remove(u, gone.id)).json().data.map((i: { id: number }) => i.id)).toEqual([sold.id]);
  });

  it('tells only the seller how many keep a listing', async () => {
    const l = await makeListing(t.app, seller.id);
    const count = async (u: TestUser) => t.app.inject({ url: `/v1/favorites/${l.id}/count/`, headers: u.auth });
    expect((await count(seller)).json()).toEqual({ data: { count: 0 } });
    await add(anna, l.id);
    await add(boris, l.id);
    await add(boris, l.id);
    expect((await count(seller)).json()).toEqual({ data: { count: 2 } });
    expect((await count(anna)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/favorites/${l.id}/count/` })).statusCode).toBe(401);
  });

  it(`refuses a favorite past FAVORITES_MAX (${FAVORITES_MAX}) in Russian`, async () => {
    const u = await makeUser(t.app, 'Дина');
    const l = await makeListing(t.app, seller.id);
    // Fill the list directly (the limit, not the adding, is under test), with listings made in one insert.
    const many = await t.app.db
      .insert(products)
      .values(
        Array.from({ length: FAVORITES_MAX }, (_, i) => ({
          slug: `fav-cap-${u.id}-${i}`,
          ownerId: seller.id,
          title: 'Вещь',
          type: 'women',
          condition: 'good',
          status: 'active',
        })),
      )
      .returning({ id: products.id });
    await t.app.db.insert(favorites).values(many.map((p) => ({ userId: u.id, productId: p.id })));
    const res = await add(u, l.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/не больше 1000/);
    expect(
      await t.app.db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, u.id), eq(favorites.productId, l.id))),
    ).toEqual([]);
    // Re-adding one already kept is still fine at the cap.
    expect((await add(u, many[0]!.id)).statusCode).toBe(200);
  });

  it('tells keepers (not others, not those who turned it off) when the seller lowers the price', async () => {
    const l = await addListing(t.app.db, {
      title: 'Пуховик Moncler',
      owner: seller.id,
      brand: fx.brands.moncler,
      category: fx.cats.downJackets,
      type: 'women',
      offers: [{ size: 'M', sizeId: fx.sizes.clothes.M, price: 30000, count: 1 }],
    });
    const keeper = await makeUser(t.app, 'Ира');
    const quiet = await makeUser(t.app, 'Оля');
    const stranger = await makeUser(t.app, 'Петя');
    await add(keeper, l.id);
    await add(quiet, l.id);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: quiet.auth,
      payload: { settings: [{ type: 'favorite_price_drop', site: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const patch = async (price: number) => {
      const body = multipart({ sizes: JSON.stringify([{ size: 'M', price, count: 1 }]) });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/v1/products/${l.id}/`,
        headers: { ...seller.auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.jobs.runDue();
    };
    await patch(32000); // a rise tells nobody
    expect((await notes(keeper)).filter((n) => n.type === 'favorite_price_drop')).toEqual([]);
    await patch(24990);
    const [drop] = (await notes(keeper)).filter((n) => n.type === 'favorite_price_drop');
    expect(drop).toMatchObject({
      title: 'Цена снижена: Пуховик Moncler',
      text: 'Вещь из вашего избранного подешевела: было 32 000 ₽, стало 24 990 ₽.',
      link: `/product/${l.slug}`,
      read: false,
    });
    expect((await eventsOf('listing.price_dropped', l.id))[0]!.payload).toEqual({
      listingId: l.id,
      oldPrice: 3_200_000,
      newPrice: 2_499_000,
    });
    expect((await notes(quiet)).filter((n) => n.type === 'favorite_price_drop')).toEqual([]);
    expect((await notes(stranger)).filter((n) => n.type === 'favorite_price_drop')).toEqual([]);
    expect((await notes(seller)).filter((n) => n.type === 'favorite_price_drop')).toEqual([]);
  });

  it('tells a crowd of keepers with one job and one statement', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 9000, count: 1 }], 'Платье');
    const crowd = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: 250 }, (_, i) => ({ phone: `+7999${String(i).padStart(7, '0')}`, firstName: 'Гость' })),
      )
      .returning({ id: users.id });
    await t.app.db.insert(favorites).values(crowd.map((u) => ({ userId: u.id, productId: l.id })));
    await t.app.db.transaction((tx) =>
      t.app.events.emit(tx, 'listing.price_dropped', { listingId: l.id, oldPrice: 900_000, newPrice: 800_000 }),
    );
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'event:favorites.price-drop'));
    await t.app.jobs.runDue();
    const made = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'favorite_price_drop'), eq(notifications.link, `/product/${l.slug}`)));
    expect(made.map((n) => n.userId).sort((a, b) => a - b)).toEqual(crowd.map((u) => u.id).sort((a, b) => a - b));
    expect(
      queued.filter(
        (j) => (j.payload as { event: { payload: { listingId: number } } }).event.payload.listingId === l.id,
      ),
    ).toHaveLength(1);
  });

  it('tells keepers «продана» when the last piece is paid for, and the list marks it sold', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1500, count: 1 }], 'Кеды Converse');
    const buyer = await makeUser(t.app, 'Покупатель');
    const keepers = [await makeUser(t.app, 'Женя'), await makeUser(t.app, 'Зоя')];
    for (const k of keepers) await add(k, l.id);
    const point = await makePoint(t.app, buyer);
    const o = await placeOrder(t.app, buyer, l.slug, point);
    await t.app.jobs.runDue();
    expect((await notes(keepers[0]!)).filter((n) => n.type === 'favorite_sold')).toEqual([]); // reserved ≠ sold
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, o.payment.id));
    const paid = await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${row!.providerPaymentId}/pay`,
      payload: { number: '4111 1111 1111 1111', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(paid.json().status).toBe('succeeded');
    await t.app.jobs.runDue();
    for (const k of keepers) {
      const sold = (await notes(k)).filter((n) => n.type === 'favorite_sold');
      expect(sold).toHaveLength(1);
      expect(sold[0]).toMatchObject({
        title: 'Вещь из избранного продана: Кеды Converse',
        link: `/seller/${seller.id}`,
      });
      expect((await list(k)).find((i) => i.id === l.id)).toMatchObject({ status: 'sold', available: false });
    }
    expect(await eventsOf('listing.sold_out', l.id)).toHaveLength(1);
    expect((await notes(buyer)).filter((n) => n.type === 'favorite_sold')).toEqual([]);
  });
});
