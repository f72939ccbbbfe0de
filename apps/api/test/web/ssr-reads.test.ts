/**
 * The page loaders' in-process reads (modules/catalog/ssr-reads.ts): every hot public GET
 * answered in-process is exactly the route's JSON — same status, same fields, nothing added or hidden (an owner's
 * draft stays a 404) — and anything else is left to the route. Then the pages built on them: a product page shows
 * its listing, an unknown or draft slug renders the 404 page, a listing page past its end is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicReader, type PublicReader } from '../../src/modules/catalog/index.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { addListing, makeFixture } from '../catalog-fixtures.js';

describe.runIf(dbAvailable())('in-process reads of the page loaders', () => {
  let t: TestContext;
  let read: PublicReader;
  let active: string;
  let draft: string;
  const viaRoute = async (path: string) => {
    const res = await t.app.inject({ url: path });
    return { status: res.statusCode, data: res.json() as unknown };
  };

  beforeAll(async () => {
    t = await createTestApp({}, false, { web: true });
    read = publicReader(t.app);
    const f = await makeFixture(t.app.db);
    active = (
      await addListing(t.app.db, {
        title: 'Кроссовки Nike для чтения в процессе',
        owner: f.sellers.a,
        brand: f.brands.nike,
        category: f.cats.sneakers,
        offers: [{ size: '42', sizeId: f.sizes.shoes['42'], price: 9990 }],
        photos: 2,
      })
    ).slug;
    draft = (
      await addListing(t.app.db, {
        title: 'Черновик',
        owner: f.sellers.a,
        category: f.cats.sneakers,
        status: 'draft',
        offers: [{ size: '42', price: 1000 }],
      })
    ).slug;
  });
  afterAll(async () => t?.close());

  it('answers each hot GET exactly as its route: status and body, field for field', async () => {
    const paths = [
      `/v1/public/products/${active}/`,
      `/v1/public/products/${draft}/`,
      '/v1/public/products/no-such-listing/',
      `/v1/public/products/${encodeURIComponent('Ёлка €')}/`,
      '/v1/public/products/',
      '/v1/public/products/?type=women&sort=new&page_size=24',
      '/v1/public/products/?type=men&sort=price_asc&page=2&page_size=5',
      '/v1/public/products/?brand=nike%2Cconverse&size=42',
      '/v1/public/products/?q=%D0%BA%D1%80%D0%BE%D1%81%D1%81%D0%BE%D0%B2%D0%BA%D0%B8&page_size=12',
      '/v1/public/products/?type=women&page=9999',
      '/v1/public/facets/?type=women',
      '/v1/public/facets/?type=men&size=42&condition=new_with_tag',
      '/v1/product/chars/',
      '/v1/public/brands/',
      '/v1/public/compilations/',
    ];
    for (const path of paths) {
      const mine = await read(path);
      expect(mine, path).not.toBeNull();
      const route = await viaRoute(path);
      // Each read of a listing counts a view, as the route does: the route, asked second, shows one more.
      const views = (a: typeof route) => (a.data as { view_count?: number }).view_count;
      if (views(route) !== undefined) {
        expect(views(route), path).toBe(views(mine!)! + 1);
        (route.data as { view_count: number }).view_count -= 1;
      }
      // Strict: a Date, an undefined field or a class instance would differ from parsed JSON.
      expect(mine, path).toStrictEqual(route);
    }
    expect((await read(`/v1/public/products/${draft}/`))?.status).toBe(404);
  });

  it('leaves every other path and query to the route', () => {
    for (const path of [
      '/v1/public/brands/?x=1',
      '/v1/public/brands/nike/',
      '/v1/public/compilations/?x=1',
      '/v1/public/products/x/view/',
      '/v1/public/products/x/?a=1',
      '/v1/public/products/?page=abc',
      '/v1/public/products/?sort=price',
      '/v1/public/products/?brand=nike&brand=converse',
      `/v1/public/products/${'a'.repeat(201)}/`,
      '/v1/public/products/%E0%A4%A/',
      '/v1/product/chars/?x=1',
      '/v1/public/search/?q=x',
    ])
      expect(read(path), path).toBeNull();
  });

  it('keeps the reference data frozen: a page cannot change what other pages are given', async () => {
    const chars = (await read('/v1/product/chars/'))!.data as { data: { brands: unknown[] } };
    expect(Object.isFrozen(chars.data.brands)).toBe(true);
    expect(await read('/v1/product/chars/')).toStrictEqual(await viaRoute('/v1/product/chars/'));
  });

  it('renders pages from them: the listing on its page, 404 for an unknown or draft slug and past the end', async () => {
    const page = await t.app.inject({ url: `/product/${active}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Кроссовки Nike для чтения в процессе');
    for (const url of ['/product/no-such-listing', `/product/${draft}`, '/catalog/women?page=9999']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toMatch(/^<!DOCTYPE html>/i);
    }
  });
});
