/**
 * Public pages show no one who never sold and no phone numbers: `GET /v1/public/sellers/{id}/` is 404
 * for a user who never published a listing (and for a deleted account); subscriber lists say which people have a
 * seller page (`has_public_page`); no public answer carries the seeded sellers' or a signed-up seller's phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { products, users } from '../../src/db/schema/index.js';
import { queryRows } from '../../src/db/client.js';
import { createTestApp, dbAvailable, randomPhone, signIn, type TestContext } from '../helpers.js';
import { makeListing, makeUser } from '../buy-fixtures.js';

describe.runIf(dbAvailable())('public privacy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const idOf = async (auth: { authorization: string }) =>
    (await t.app.inject({ url: '/v1/self/', headers: auth })).json().info.id as number;

  it('has no seller page for a user who never published, until they do', async () => {
    const buyer = await signIn(t.app);
    const id = await idOf(buyer.auth);
    const page = await t.app.inject(`/v1/public/sellers/${id}/`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ detail: 'Продавец не найден.' });
    // A draft is not a publication.
    const draft = await makeListing(t.app, id);
    await t.app.db.update(products).set({ status: 'draft', publishedAt: null }).where(eq(products.id, draft.id));
    expect((await t.app.inject(`/v1/public/sellers/${id}/`)).statusCode).toBe(404);
    // Published once: the page exists, even after the listing is sold or removed.
    await makeListing(t.app, id);
    expect((await t.app.inject(`/v1/public/sellers/${id}/`)).statusCode).toBe(200);
    await t.app.db.update(products).set({ status: 'deleted' }).where(eq(products.ownerId, id));
    expect((await t.app.inject(`/v1/public/sellers/${id}/`)).statusCode).toBe(200);
    expect((await t.app.inject('/v1/public/sellers/2147483647/')).statusCode).toBe(404);
  });

  it('marks subscribers and subscriptions without a seller page', async () => {
    const seller = await makeUser(t.app, 'Олег');
    await makeListing(t.app, seller.id);
    const buyer = await makeUser(t.app, 'Вера');
    const fan = await makeUser(t.app, 'Зоя');
    for (const who of [buyer, fan])
      expect(
        (await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${seller.id}/`, headers: who.auth }))
          .statusCode,
      ).toBe(200);
    // The buyer has no seller page: nobody can subscribe to them.
    expect(
      (await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${buyer.id}/`, headers: seller.auth }))
        .statusCode,
    ).toBe(404);
    const subscribers = (await t.app.inject({ url: '/v1/social/subscribers/', headers: seller.auth })).json();
    expect(subscribers.results.map((u: { id: number; has_public_page: boolean }) => [u.id, u.has_public_page])).toEqual(
      [
        [fan.id, false],
        [buyer.id, false],
      ],
    );
    const subscribes = (await t.app.inject({ url: '/v1/social/subscribes/', headers: fan.auth })).json();
    expect(subscribes.results).toEqual([expect.objectContaining({ id: seller.id, has_public_page: true })]);
  });

  it('never shows a phone number in public answers', async () => {
    // Give the seeded sellers phones (demo sellers have none) and add a signed-up seller with a full profile.
    const owners = await queryRows<{ owner_id: number }>(
      t.app.db,
      sql`select owner_id from products where status = 'active' group by owner_id order by count(*) desc limit 5`,
    );
    const phones: string[] = [];
    for (const o of owners) {
      const phone = randomPhone();
      phones.push(phone);
      await t.app.db.update(users).set({ phone }).where(eq(users.id, o.owner_id));
    }
    const fresh = await signIn(t.app);
    phones.push(fresh.phone);
    const freshId = await idOf(fresh.auth);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: fresh.auth,
      payload: { first_name: 'Мария', city: 'Казань', about: 'Продаю своё' },
    });
    const mine = await makeListing(t.app, freshId, undefined, 'Куртка джинсовая');
    const sellerIds = [...owners.map((o) => o.owner_id), freshId];

    const urls = [
      '/v1/public/products/?page_size=48',
      '/v1/public/products/?sort=new&page_size=48',
      '/v1/public/search/?q=куртка',
      '/v1/public/search/suggest/?q=кур',
      '/v1/public/brands/',
      '/v1/public/compilations/',
      '/v1/public/sitemap/',
      `/v1/public/products/${mine.slug}/`,
      ...sellerIds.flatMap((id) => [`/v1/public/sellers/${id}/`, `/v1/public/products/?seller=${id}`]),
    ];
    const slugs = await queryRows<{ slug: string }>(
      t.app.db,
      sql`select slug from products where status = 'active' and owner_id = any(${sql.param(sellerIds)}::int[]) limit 10`,
    );
    urls.push(...slugs.map((s) => `/v1/public/products/${s.slug}/`));
    const forms = phones.flatMap((p) => [p, p.slice(1), p.slice(2), `8${p.slice(2)}`]);
    let checked = 0;
    for (const url of urls) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      for (const f of forms) expect(res.body.includes(f), `${url} shows ${f}`).toBe(false);
      checked += 1;
    }
    expect(checked).toBe(urls.length);
    // The phone is really stored (the scan could find it), and is only in the owner's own profile.
    const self = await t.app.inject({ url: '/v1/self/', headers: fresh.auth });
    expect(self.body).toContain(fresh.phone);
  });
});
