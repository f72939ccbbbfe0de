/**
 * The public catalog through HTTP (issue «The shop runs»; spec §3, §7): chars, categories, sizes, the
 * cart availability check (bad bodies included), listing pages with every filter and sort, pages and
 * 404, a listing by slug (drafts, owner, sold), brands, compilations, sellers, sitemap, OpenAPI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { productCardSchema, productDetailSchema } from '@vitrina/contract/catalog';
import { pageOf } from '@vitrina/contract/common';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { addListing, makeFixture, tokenFor, type Fixture } from '../catalog-fixtures.js';

type Card = {
  id: number;
  slug: string;
  title: string;
  price: number;
  sizes: string[];
  status: string;
  brand: { slug: string } | null;
  photo: { url: string } | null;
};
type PageBody = { count: number; next: string | null; previous: string | null; results: Card[] };

describe.runIf(dbAvailable())('public catalog', () => {
  let t: TestContext;
  let f: Fixture;
  const L = {} as Record<
    'airMax' | 'nb574' | 'moncler' | 'stone' | 'draft' | 'sold' | 'deleted',
    { id: number; slug: string }
  >;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PageBody;
  };
  const slugs = (p: PageBody) => p.results.map((r) => r.slug);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    f = await makeFixture(db);
    const { a, b } = f.sellers;
    L.airMax = await addListing(db, {
      title: 'Кроссовки Nike Air Max 90',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      condition: 'new_with_tag',
      color: 'white',
      offers: [
        { size: '42', sizeId: f.sizes.shoes['42'], price: 12990, count: 2 },
        { size: '41', sizeId: f.sizes.shoes['41'], price: 11990, count: 1 },
        { size: '44', sizeId: f.sizes.shoes['44'], price: 12990, count: 0 },
      ],
      photos: 3,
      publishedAt: '2026-11-20T10:00:00Z',
      views: 5,
    });
    L.nb574 = await addListing(db, {
      title: 'Кроссовки New Balance 574',
      owner: a,
      brand: f.brands.newBalance,
      category: f.cats.sneakers,
      condition: 'good',
      color: 'grey',
      offers: [{ size: '43', sizeId: f.sizes.shoes['43'], price: 7500 }],
      publishedAt: '2026-11-21T10:00:00Z',
      views: 50,
    });
    L.moncler = await addListing(db, {
      title: 'Пуховик Moncler Maya',
      owner: b,
      brand: f.brands.moncler,
      category: f.cats.downJackets,
      condition: 'excellent',
      color: 'black',
      offers: [{ size: 'M', sizeId: f.sizes.clothes.M, price: 89000 }],
      publishedAt: '2026-11-19T10:00:00Z',
      views: 20,
    });
    L.stone = await addListing(db, {
      title: 'Пуховик Stone Island',
      owner: b,
      brand: f.brands.stoneIsland,
      category: f.cats.downJackets,
      condition: 'satisfactory',
      color: 'blue',
      offers: [{ size: 's', price: 35000 }],
      publishedAt: '2026-11-18T10:00:00Z',
    });
    L.draft = await addListing(db, {
      title: 'Черновик кроссовки Nike',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      status: 'draft',
      offers: [{ size: '42', price: 5000 }],
    });
    L.sold = await addListing(db, {
      title: 'Проданные кроссовки Nike',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      status: 'sold',
      offers: [{ size: '42', price: 6000, count: 0 }],
    });
    L.deleted = await addListing(db, {
      title: 'Удалённые кроссовки Nike',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      status: 'deleted',
      offers: [{ size: '42', price: 6000 }],
    });
    await db.execute(sql`insert into compilation_products (compilation_id, product_id, position) values
      (${f.compilation.id}, ${L.moncler.id}, 0), (${f.compilation.id}, ${L.stone.id}, 1), (${f.compilation.id}, ${L.sold.id}, 2)`);
    await db.execute(sql`insert into subscriptions (subscriber_id, seller_id) values (${a}, ${b})`);
  });
  afterAll(() => t?.close());

  describe('reference data', () => {
    it('GET /v1/product/chars/ answers {data} with brands, categories, conditions, colours, types', async () => {
      const res = await get('/v1/product/chars/');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.brands).toContainEqual({ id: f.brands.nike.id, slug: f.brands.nike.slug, name: 'Nike' });
      expect(data.categories).toContainEqual({
        id: f.cats.sneakers,
        name: 'Кроссовки',
        type: 'men',
        parent: f.cats.shoesRoot,
      });
      expect(data.conditions).toContainEqual({ value: 'new_with_tag', label: 'Новое с биркой' });
      expect(data.colors).toContainEqual({ value: 'black', label: 'Чёрный', hex: '#111111' });
      expect(data.types.map((x: { value: string }) => x.value)).toEqual(['women', 'men', 'kids']);
      const names = data.brands.map((b: { name: string }) => b.name.toLowerCase());
      expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    });

    it('GET /v1/public/categories/{type}/ lists the categories of a type; unknown type → 404', async () => {
      const res = await get('/v1/public/categories/men/');
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: number; parent: number | null; type: string; has_sizes: boolean }[];
      expect(list.every((c) => c.type === 'men')).toBe(true);
      expect(list.find((c) => c.id === f.cats.sneakers)).toMatchObject({
        name: 'Кроссовки',
        parent: f.cats.shoesRoot,
        has_sizes: true,
      });
      expect(list.find((c) => c.id === f.cats.bags)).toMatchObject({ has_sizes: false });
      const bad = await get('/v1/public/categories/aliens/');
      expect(bad.statusCode).toBe(404);
      expect(bad.json().detail).toMatch(/[а-я]/);
    });

    it('GET /v1/public/sizes/{category}/ answers the grid (inherited from the parent) in order', async () => {
      const res = await get(`/v1/public/sizes/${f.cats.sneakers}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        ['40', '41', '42', '43', '44'].map((v) => ({ id: f.sizes.shoes[v], value: v, label: `${v} RU` })),
      );
      expect(
        (await get(`/v1/public/sizes/${f.cats.downJackets}/`)).json().map((s: { value: string }) => s.value),
      ).toEqual(['XS', 'S', 'M', 'L', 'XL']);
      expect((await get(`/v1/public/sizes/${f.cats.bags}/`)).json()).toEqual([]);
    });

    it('sizes: non-numeric id → 400, unknown id → 404, both Russian', async () => {
      const bad = await get('/v1/public/sizes/abc/');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().category[0]).toMatch(/[а-я]/);
      const huge = await get('/v1/public/sizes/99999999999999/');
      expect(huge.statusCode).toBe(400);
      const missing = await get('/v1/public/sizes/999999/');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toMatch(/[а-я]/);
    });
  });

  describe('POST /v1/product/check-availability/', () => {
    const check = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/product/check-availability/',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers,
      });

    it('reports unknown slugs, missing sizes, counts above stock and listings not on sale', async () => {
      const res = await check([
        { slug: L.airMax.slug, size: '42', count: 2, price: 12990 },
        { slug: L.airMax.slug, size: '41', count: 2, price: '11 990' },
        { slug: L.airMax.slug, size: '44', count: 1, price: '12 990' },
        { slug: L.airMax.slug, size: '39', count: 1, price: 1 },
        { slug: L.moncler.slug, size: 'm', count: 1, price: '89 000' },
        { slug: L.stone.slug, size: 'S', count: 1, price: 35000 },
        { slug: L.sold.slug, size: '42', count: 1, price: 6000 },
        { slug: L.draft.slug, size: '42', count: 1, price: 5000 },
        { slug: 'no-such-listing', size: 'M', count: 1, price: 100 },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        unavailable_items: [
          { slug: L.airMax.slug, size: '41' },
          { slug: L.airMax.slug, size: '44' },
          { slug: L.airMax.slug, size: '39' },
          { slug: L.sold.slug, size: '42' },
          { slug: L.draft.slug, size: '42' },
          { slug: 'no-such-listing', size: 'M' },
        ],
      });
    });

    it('an empty cart is fine; the same line twice adds up', async () => {
      expect((await check([])).json()).toEqual({ success: true, unavailable_items: [] });
      const res = await check([
        { slug: L.airMax.slug, size: '42', count: 2, price: 12990 },
        { slug: L.airMax.slug, size: '42', count: 1, price: 12990 },
      ]);
      expect(res.json().unavailable_items).toEqual([{ slug: L.airMax.slug, size: '42' }]);
    });

    it.each([
      ['an object', { slug: 'x', size: 'M', count: 1 }],
      ['a string', '"корзина"'],
      ['a number', '42'],
      ['null', 'null'],
      ['items without fields', [{}]],
      ['a missing slug', [{ size: 'M', count: 1, price: 1 }]],
      ['a missing size', [{ slug: 'x', count: 1, price: 1 }]],
      ['a negative count', [{ slug: 'x', size: 'M', count: -1, price: 1 }]],
      ['a zero count', [{ slug: 'x', size: 'M', count: 0, price: 1 }]],
      ['a fractional count', [{ slug: 'x', size: 'M', count: 1.5, price: 1 }]],
      ['a text count', [{ slug: 'x', size: 'M', count: 'много', price: 1 }]],
      ['an object price', [{ slug: 'x', size: 'M', count: 1, price: { a: 1 } }]],
      ['items that are strings', ['x', 'y']],
      ['garbage JSON', '{"slug": ['],
    ])('answers 400 in Russian to %s', async (_name, body) => {
      const res = await check(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/[а-яА-Я]/);
    });

    it('answers 400 to non-JSON bodies and to an empty body, never 415/500', async () => {
      for (const headers of [
        { 'content-type': 'text/plain' },
        { 'content-type': 'application/x-www-form-urlencoded' },
      ]) {
        const res = await check('slug=x&size=M', headers);
        expect(res.statusCode, res.body).toBe(400);
      }
      const empty = await t.app.inject({
        method: 'POST',
        url: '/v1/product/check-availability/',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(400);
      const none = await t.app.inject({ method: 'POST', url: '/v1/product/check-availability/' });
      expect(none.statusCode).toBe(400);
      const form = multipart({ slug: 'x', size: 'M', count: '1' });
      const multi = await t.app.inject({
        method: 'POST',
        url: '/v1/product/check-availability/',
        payload: form.payload,
        headers: form.headers,
      });
      expect(multi.statusCode, multi.body).toBe(400);
      const tooMany = await check(Array.from({ length: 101 }, () => ({ slug: 'x', size: 'M', count: 1, price: 1 })));
      expect(tooMany.statusCode).toBe(400);
    });

    it('names each bad field in plain Russian, without English type names', async () => {
      const res = await check([{ slug: 1, count: -1, price: 'abc' }, 5]);
      expect(res.statusCode).toBe(400);
      const body = res.json() as Record<string, string[]>;
      expect(body['0.slug']).toEqual(['Ожидается строка, а пришло число.']);
      expect(body['0.size']).toEqual(['Обязательное поле.']);
      expect(body['0.count']).toEqual(['Значение должно быть не меньше 1.']);
      expect(body['1']).toEqual(['Ожидается объект, а пришло число.']);
      expect(res.body).not.toMatch(/string|number|object|undefined|expected|received/i);
      const notArray = await check({ slug: 'x' });
      expect(notArray.json()).toEqual({ non_field_errors: ['Ожидается массив, а пришло объект.'] });
    });
  });

  describe('GET /v1/public/products/', () => {
    const mine = (q = '') => `/v1/public/products/?seller=${f.sellers.a}${q}`;

    it('lists only active listings as cards with first photo, in-stock sizes in grid order and the lowest price', async () => {
      const p = await page(mine());
      expect(slugs(p).sort()).toEqual([L.airMax.slug, L.nb574.slug].sort());
      const air = p.results.find((r) => r.slug === L.airMax.slug)!;
      expect(air).toMatchObject({
        title: 'Кроссовки Nike Air Max 90',
        brand: { id: f.brands.nike.id, slug: f.brands.nike.slug, name: 'Nike' },
        sizes: ['41', '42'],
        price: 11990,
        condition: 'new_with_tag',
        condition_label: 'Новое с биркой',
        seller_id: f.sellers.a,
        status: 'active',
      });
      expect(air.photo).toMatchObject({ width: 1280, height: 1280 });
      expect(air.photo!.url).toMatch(/^\/media\/p\/[0-9a-f]{2}\/[0-9a-f]{24}\/640\.webp$/);
    });

    it('empty numeric filters (?seller=&price_max=&page=) count as not given, like empty list filters', async () => {
      const all = (await t.app.inject('/v1/public/products/')).json() as { count: number };
      const res = await t.app.inject('/v1/public/products/?seller=&price_min=&price_max=&page=&page_size=&brand=');
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { count: number }).count).toBe(all.count);
    });

    it('default page size is 24 and page_size is capped at 60', async () => {
      const p = await page('/v1/public/products/');
      expect(p.results.length).toBe(Math.min(24, p.count));
      const big = await get('/v1/public/products/?page_size=61');
      expect(big.statusCode).toBe(400);
      expect(big.json().page_size[0]).toMatch(/[а-я]/);
    });

    it('pages: next/previous keep the filters; a page past the end is 404 «Неверная страница.»', async () => {
      const first = await page(`/v1/public/products/?seller=${f.sellers.b}&page_size=1&sort=price_asc`);
      expect(first.count).toBe(2);
      expect(slugs(first)).toEqual([L.stone.slug]);
      expect(first.previous).toBeNull();
      expect(first.next).toContain('page=2');
      expect(first.next).toContain(`seller=${f.sellers.b}`);
      const second = await page(first.next!);
      expect(slugs(second)).toEqual([L.moncler.slug]);
      expect(second.next).toBeNull();
      expect(second.previous).not.toContain('page=');
      const past = await get(`/v1/public/products/?seller=${f.sellers.b}&page_size=1&page=3`);
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Неверная страница.' });
      const zero = await get('/v1/public/products/?page=0');
      expect(zero.statusCode).toBe(400);
      expect((await page(`/v1/public/products/?seller=999999`)).count).toBe(0);
    });

    it('sorts: new, price_asc, price_desc, popular', async () => {
      const q = `/v1/public/products/?brand=${f.brands.nike.slug},${f.brands.newBalance.slug},${f.brands.moncler.slug},${f.brands.stoneIsland.slug}`;
      expect(slugs(await page(`${q}&sort=new`))).toEqual([L.nb574.slug, L.airMax.slug, L.moncler.slug, L.stone.slug]);
      expect(slugs(await page(q))).toEqual([L.nb574.slug, L.airMax.slug, L.moncler.slug, L.stone.slug]);
      expect(slugs(await page(`${q}&sort=price_asc`))).toEqual([
        L.nb574.slug,
        L.airMax.slug,
        L.stone.slug,
        L.moncler.slug,
      ]);
      expect(slugs(await page(`${q}&sort=price_desc`))).toEqual([
        L.moncler.slug,
        L.stone.slug,
        L.airMax.slug,
        L.nb574.slug,
      ]);
      expect(slugs(await page(`${q}&sort=popular`))).toEqual([
        L.nb574.slug,
        L.moncler.slug,
        L.airMax.slug,
        L.stone.slug,
      ]);
      const bad = await get(`${q}&sort=cheapest`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['sort']);
    });

    it('filters by type and by category including descendants (id or slug)', async () => {
      const root = await page(`/v1/public/products/?category=${f.cats.clothesRoot}`);
      expect(slugs(root).sort()).toEqual([L.moncler.slug, L.stone.slug].sort());
      const leaf = await page(`/v1/public/products/?category=${f.cats.sneakers}&seller=${f.sellers.a}`);
      expect(slugs(leaf).sort()).toEqual([L.airMax.slug, L.nb574.slug].sort());
      const both = await page(`/v1/public/products/?category=${f.cats.sneakers},${f.cats.downJackets}`);
      expect(both.count).toBe(4);
      const bySlug = (await get(`/v1/public/categories/men/`))
        .json()
        .find((c: { id: number }) => c.id === f.cats.downJackets).slug;
      expect((await page(`/v1/public/products/?category=${bySlug}&type=men`)).count).toBe(2);
      expect((await page(`/v1/public/products/?type=men&seller=${f.sellers.b}`)).count).toBe(2);
      expect((await page(`/v1/public/products/?type=women&seller=${f.sellers.b}`)).count).toBe(0);
      for (const [url, field] of [
        ['/v1/public/products/?type=aliens', 'type'],
        ['/v1/public/products/?category=999999', 'category'],
        ['/v1/public/products/?category=no-such-category', 'category'],
      ]) {
        const res = await get(url!);
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json())).toEqual([field]);
        expect(res.json()[field!][0]).toMatch(/[а-я]/);
      }
    });

    it('filters by brand ids or slugs, compilation, size (any case), condition, colour, price range and seller', async () => {
      expect(slugs(await page(`/v1/public/products/?brand=${f.brands.nike.id}`))).toEqual([L.airMax.slug]);
      expect(slugs(await page(`/v1/public/products/?brand=${f.brands.nike.slug.toUpperCase()}`))).toEqual([
        L.airMax.slug,
      ]);
      expect((await page(`/v1/public/products/?brand=${f.brands.nike.id},${f.brands.moncler.slug}`)).count).toBe(2);
      expect(slugs(await page(`/v1/public/products/?compilation=${f.compilation.slug}&sort=price_desc`))).toEqual([
        L.moncler.slug,
        L.stone.slug,
      ]);
      expect(slugs(await page(`/v1/public/products/?size=42&seller=${f.sellers.a}`))).toEqual([L.airMax.slug]);
      // size 44 is out of stock
      expect((await page(`/v1/public/products/?size=44&seller=${f.sellers.a}`)).count).toBe(0);
      expect(slugs(await page(`/v1/public/products/?size=m&seller=${f.sellers.b}`))).toEqual([L.moncler.slug]);
      expect(slugs(await page(`/v1/public/products/?size=S&seller=${f.sellers.b}`))).toEqual([L.stone.slug]);
      expect(slugs(await page(`/v1/public/products/?size=41,43&seller=${f.sellers.a}&sort=price_asc`))).toEqual([
        L.nb574.slug,
        L.airMax.slug,
      ]);
      expect(slugs(await page(`/v1/public/products/?condition=good&seller=${f.sellers.a}`))).toEqual([L.nb574.slug]);
      expect((await page(`/v1/public/products/?condition=good,new_with_tag&seller=${f.sellers.a}`)).count).toBe(2);
      expect(slugs(await page(`/v1/public/products/?color=black&seller=${f.sellers.b}`))).toEqual([L.moncler.slug]);
      expect(slugs(await page(`/v1/public/products/?price_min=10000&price_max=40000&seller=${f.sellers.a}`))).toEqual([
        L.airMax.slug,
      ]);
      expect(slugs(await page(`/v1/public/products/?price_max=7500&seller=${f.sellers.a}`))).toEqual([L.nb574.slug]);
      expect(slugs(await page(`/v1/public/products/?price_min=35000&price_max=35000`))).toContain(L.stone.slug);
      for (const [url, field] of [
        ['/v1/public/products/?brand=no-such-brand', 'brand'],
        ['/v1/public/products/?compilation=no-such', 'compilation'],
        ['/v1/public/products/?condition=broken', 'condition'],
        ['/v1/public/products/?color=ultraviolet', 'color'],
        ['/v1/public/products/?price_min=abc', 'price_min'],
        ['/v1/public/products/?price_min=-5', 'price_min'],
        ['/v1/public/products/?price_min=500&price_max=100', 'price_max'],
        ['/v1/public/products/?seller=abc', 'seller'],
        ['/v1/public/products/?page=abc', 'page'],
      ]) {
        const res = await get(url!);
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json()), url).toEqual([field]);
        expect(res.json()[field!][0]).toMatch(/[а-я]/i);
      }
    });

    it('with q it searches (ranked), like /v1/public/search/', async () => {
      const p = await page(`/v1/public/products/?q=${encodeURIComponent('пуховики')}&seller=${f.sellers.b}`);
      expect(slugs(p).sort()).toEqual([L.moncler.slug, L.stone.slug].sort());
    });
  });

  describe('GET /v1/public/products/{slug}/', () => {
    it('answers the listing with offers, labels, ordered photos, seller card and similar listings; counts the view', async () => {
      const res = await get(`/v1/public/products/${L.airMax.slug}/`);
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json();
      expect(p).toMatchObject({
        slug: L.airMax.slug,
        title: 'Кроссовки Nike Air Max 90',
        status: 'active',
        type: 'men',
        color: 'white',
        color_label: 'Белый',
        brand: { id: f.brands.nike.id, name: 'Nike', name_ru: 'Найк' },
        category: {
          id: f.cats.sneakers,
          name: 'Кроссовки',
          type: 'men',
          path: [
            { id: f.cats.shoesRoot, name: 'Обувь' },
            { id: f.cats.sneakers, name: 'Кроссовки' },
          ],
        },
        view_count: 6,
        sizes: ['41', '42'],
        price: 11990,
        condition_label: 'Новое с биркой',
        seller_id: f.sellers.a,
        photo: { width: 1280, height: 1280 },
        published_at: '2026-11-20T10:00:00.000Z',
      });
      expect(
        p.offers.map((o: { size: string; size_label: string; price: number; count: number }) => [
          o.size,
          o.size_label,
          o.price,
          o.count,
        ]),
      ).toEqual([
        ['41', '41 RU', 11990, 1],
        ['42', '42 RU', 12990, 2],
        ['44', '44 RU', 12990, 0],
      ]);
      expect(p.photos.map((ph: { height: number }) => ph.height)).toEqual([1280, 1281, 1282]);
      expect(p.seller).toMatchObject({
        id: f.sellers.a,
        name: 'Анна Тестова',
        city: 'Казань',
        products_count: 2,
        subscribers_count: 0,
      });
      expect(p.similar[0].slug).toBe(L.nb574.slug);
      expect(p.similar.length).toBeLessThanOrEqual(10);
      expect(p.similar.map((s: Card) => s.status).every((s: string) => s === 'active')).toBe(true);
      expect(p.similar.map((s: Card) => s.slug)).not.toContain(L.airMax.slug);
      const again = (await get(`/v1/public/products/${L.airMax.slug}/`)).json();
      expect(again.view_count).toBe(7);
    });

    it('labels offers without a size id from the category grid; the seller card counts subscribers', async () => {
      const p = (await get(`/v1/public/products/${L.stone.slug}/`)).json();
      expect(p.offers).toEqual([expect.objectContaining({ size: 's', size_label: 'S (46)', price: 35000, count: 1 })]);
      expect(p.seller).toMatchObject({ id: f.sellers.b, products_count: 2, subscribers_count: 1 });
      expect(p.similar[0].slug).toBe(L.moncler.slug);
    });

    it('drafts and deleted listings are 404 for everyone but the owner, who sees the status', async () => {
      for (const l of [L.draft, L.deleted]) {
        expect((await get(`/v1/public/products/${l.slug}/`)).statusCode).toBe(404);
      }
      const stranger = await tokenFor(t.app.db, f.sellers.b);
      const hidden = await get(`/v1/public/products/${L.draft.slug}/`, stranger);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().detail).toMatch(/[а-я]/);
      const owner = await tokenFor(t.app.db, f.sellers.a);
      const res = await get(`/v1/public/products/${L.draft.slug}/`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'draft', published_at: null });
      expect((await get(`/v1/public/products/${L.deleted.slug}/`, owner)).json().status).toBe('deleted');
    });

    it('sold listings open with their status but stay out of lists; unknown slugs are 404', async () => {
      const res = await get(`/v1/public/products/${L.sold.slug}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('sold');
      expect(slugs(await page(`/v1/public/products/?seller=${f.sellers.a}&page_size=60`))).not.toContain(L.sold.slug);
      const missing = await get('/v1/public/products/no-such-slug/');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toMatch(/[а-я]/);
    });
  });

  describe('answers of the hot reads (plain JSON serializer)', () => {
    it('listing pages, search and a listing by slug carry exactly the contract: no field more, none less', async () => {
      const page = pageOf(productCardSchema);
      for (const url of [
        '/v1/public/products/?page_size=60',
        `/v1/public/products/?q=${encodeURIComponent('кроссовки')}`,
        `/v1/public/search/?q=${encodeURIComponent('пуховик')}`,
      ]) {
        const body = (await t.app.inject(url)).json();
        expect(body.results.length, url).toBeGreaterThan(0);
        // parse() drops unknown keys and fails on missing or mistyped ones: equal means exactly the contract.
        expect(page.parse(body), url).toEqual(body);
      }
      const slug = ((await t.app.inject('/v1/public/products/?page_size=1')).json() as { results: { slug: string }[] })
        .results[0]!.slug;
      const detail = (await t.app.inject(`/v1/public/products/${slug}/`)).json();
      expect(productDetailSchema.parse(detail)).toEqual(detail);
    });
  });

  describe('brands, compilations, sellers, sitemap', () => {
    it('GET /v1/public/brands/ lists brands A–Z with active counts; /brands/{slug}/ answers one', async () => {
      const res = await get('/v1/public/brands/');
      expect(res.statusCode).toBe(200);
      const list = res.json().results as { slug: string; name: string; count: number }[];
      expect(list.find((b) => b.slug === f.brands.nike.slug)).toEqual({
        id: f.brands.nike.id,
        slug: f.brands.nike.slug,
        name: 'Nike',
        name_ru: 'Найк',
        count: 1,
        is_popular: false,
      });
      const names = list.map((b) => b.name.toLowerCase());
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      const one = await get(`/v1/public/brands/${f.brands.moncler.slug}/`);
      expect(one.json()).toMatchObject({
        name: 'Moncler',
        name_ru: 'Монклер',
        count: 1,
        description: 'Описание Moncler',
        aliases: ['монклэр'],
        price_min: 89000,
        new_count: 0,
        top_categories: ['Пуховики'],
      });
      // Only active listings count: Nike's draft is left out of the summary.
      expect((await get(`/v1/public/brands/${f.brands.nike.slug}/`)).json()).toMatchObject({
        count: 1,
        price_min: 11990,
        new_count: 1,
        top_categories: ['Кроссовки'],
      });
      expect((await get('/v1/public/brands/no-such-brand/')).statusCode).toBe(404);
    });

    it('GET /v1/public/compilations/ and /compilations/{slug}/ answer covers and active counts', async () => {
      const list = (await get('/v1/public/compilations/')).json().results as { slug: string }[];
      const mine = list.find((c) => c.slug === f.compilation.slug);
      expect(mine).toMatchObject({ title: 'Тёплая зима', description: 'Пуховики и куртки', count: 2 });
      const one = (await get(`/v1/public/compilations/${f.compilation.slug}/`)).json();
      expect(one).toMatchObject({ id: f.compilation.id, count: 2 });
      expect(one.cover.url).toMatch(/^\/media\/p\//);
      const missing = await get('/v1/public/compilations/no-such/');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toMatch(/[а-я]/);
    });

    it('GET /v1/public/sellers/{id}/ answers the seller card; unknown → 404, junk → 400', async () => {
      const res = await get(`/v1/public/sellers/${f.sellers.b}/`);
      expect(res.json()).toMatchObject({
        id: f.sellers.b,
        name: 'Борис Тестова',
        city: 'Пермь',
        about: 'Продаю своё',
        avatar: null,
        products_count: 2,
        subscribers_count: 1,
      });
      expect((await get('/v1/public/sellers/999999/')).statusCode).toBe(404);
      expect((await get('/v1/public/sellers/abc/')).statusCode).toBe(400);
    });

    it('GET /v1/public/sitemap/ lists active listings, brands and compilations', async () => {
      const s = (await get('/v1/public/sitemap/')).json() as {
        products: { slug: string; updated_at: string }[];
        brands: string[];
        compilations: string[];
      };
      const prodSlugs = s.products.map((p) => p.slug);
      expect(prodSlugs).toContain(L.airMax.slug);
      expect(prodSlugs).not.toContain(L.draft.slug);
      expect(prodSlugs).not.toContain(L.sold.slug);
      expect(s.products[0]!.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(s.brands).toContain(f.brands.nike.slug);
      expect(s.compilations).toContain(f.compilation.slug);
    });

    it('every catalog call is in the OpenAPI document', async () => {
      const doc = (await get('/v1/docs/json')).json();
      for (const p of [
        '/v1/product/chars/',
        '/v1/public/categories/{type}/',
        '/v1/public/sizes/{category}/',
        '/v1/product/check-availability/',
        '/v1/public/products/',
        '/v1/public/products/{slug}/',
        '/v1/public/search/',
        '/v1/public/search/suggest/',
        '/v1/public/brands/',
        '/v1/public/brands/{slug}/',
        '/v1/public/compilations/',
        '/v1/public/compilations/{slug}/',
        '/v1/public/sellers/{id}/',
        '/v1/public/sitemap/',
      ]) {
        expect(Object.keys(doc.paths), p).toContain(p);
      }
    });
  });
});
