/**
 * The public catalog through HTTP (issue «The shop runs»; spec §3, §7): listing pages with every filter and sort,
 * pages and 404. The world: catalog-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { useCatalogWorld } from './catalog-world.js';

describe.runIf(dbAvailable())('public catalog: listing pages', () => {
  const w = useCatalogWorld();
  const { L, get, page, slugs } = w;

  describe('GET /v1/public/products/', () => {
    const mine = (q = '') => `/v1/public/products/?seller=${w.f.sellers.a}${q}`;

    it('lists only active listings as cards with first photo, in-stock sizes in grid order and the lowest price', async () => {
      const p = await page(mine());
      expect(slugs(p).sort()).toEqual([L.airMax.slug, L.nb574.slug].sort());
      const air = p.results.find((r) => r.slug === L.airMax.slug)!;
      expect(air).toMatchObject({
        title: 'Кроссовки Nike Air Max 90',
        brand: { id: w.f.brands.nike.id, slug: w.f.brands.nike.slug, name: 'Nike' },
        sizes: ['41', '42'],
        price: 11990,
        condition: 'new_with_tag',
        condition_label: 'Новое с биркой',
        seller_id: w.f.sellers.a,
        status: 'active',
      });
      expect(air.photo).toMatchObject({ width: 1280, height: 1280 });
      expect(air.photo!.url).toMatch(/^\/media\/p\/[0-9a-f]{2}\/[0-9a-f]{24}\/640\.webp$/);
    });

    it('empty numeric filters (?seller=&price_max=&page=) count as not given, like empty list filters', async () => {
      const all = (await w.t.app.inject('/v1/public/products/')).json() as { count: number };
      const res = await w.t.app.inject('/v1/public/products/?seller=&price_min=&price_max=&page=&page_size=&brand=');
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
      const first = await page(`/v1/public/products/?seller=${w.f.sellers.b}&page_size=1&sort=price_asc`);
      expect(first.count).toBe(2);
      expect(slugs(first)).toEqual([L.stone.slug]);
      expect(first.previous).toBeNull();
      expect(first.next).toContain('page=2');
      expect(first.next).toContain(`seller=${w.f.sellers.b}`);
      const second = await page(first.next!);
      expect(slugs(second)).toEqual([L.moncler.slug]);
      expect(second.next).toBeNull();
      expect(second.previous).not.toContain('page=');
      const past = await get(`/v1/public/products/?seller=${w.f.sellers.b}&page_size=1&page=3`);
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Неверная страница.' });
      const zero = await get('/v1/public/products/?page=0');
      expect(zero.statusCode).toBe(400);
      expect((await page(`/v1/public/products/?seller=999999`)).count).toBe(0);
    });

    it('sorts: new, price_asc, price_desc, popular', async () => {
      const q = `/v1/public/products/?brand=${w.f.brands.nike.slug},${w.f.brands.newBalance.slug},${w.f.brands.moncler.slug},${w.f.brands.stoneIsland.slug}`;
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
      const root = await page(`/v1/public/products/?category=${w.f.cats.clothesRoot}`);
      expect(slugs(root).sort()).toEqual([L.moncler.slug, L.stone.slug].sort());
      const leaf = await page(`/v1/public/products/?category=${w.f.cats.sneakers}&seller=${w.f.sellers.a}`);
      expect(slugs(leaf).sort()).toEqual([L.airMax.slug, L.nb574.slug].sort());
      const both = await page(`/v1/public/products/?category=${w.f.cats.sneakers},${w.f.cats.downJackets}`);
      expect(both.count).toBe(4);
      const bySlug = (await get(`/v1/public/categories/men/`))
        .json()
        .find((c: { id: number }) => c.id === w.f.cats.downJackets).slug;
      expect((await page(`/v1/public/products/?category=${bySlug}&type=men`)).count).toBe(2);
      expect((await page(`/v1/public/products/?type=men&seller=${w.f.sellers.b}`)).count).toBe(2);
      expect((await page(`/v1/public/products/?type=women&seller=${w.f.sellers.b}`)).count).toBe(0);
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
      expect(slugs(await page(`/v1/public/products/?brand=${w.f.brands.nike.id}`))).toEqual([L.airMax.slug]);
      expect(slugs(await page(`/v1/public/products/?brand=${w.f.brands.nike.slug.toUpperCase()}`))).toEqual([
        L.airMax.slug,
      ]);
      expect((await page(`/v1/public/products/?brand=${w.f.brands.nike.id},${w.f.brands.moncler.slug}`)).count).toBe(2);
      expect(slugs(await page(`/v1/public/products/?compilation=${w.f.compilation.slug}&sort=price_desc`))).toEqual([
        L.moncler.slug,
        L.stone.slug,
      ]);
      expect(slugs(await page(`/v1/public/products/?size=42&seller=${w.f.sellers.a}`))).toEqual([L.airMax.slug]);
      // size 44 is out of stock
      expect((await page(`/v1/public/products/?size=44&seller=${w.f.sellers.a}`)).count).toBe(0);
      expect(slugs(await page(`/v1/public/products/?size=m&seller=${w.f.sellers.b}`))).toEqual([L.moncler.slug]);
      expect(slugs(await page(`/v1/public/products/?size=S&seller=${w.f.sellers.b}`))).toEqual([L.stone.slug]);
      expect(slugs(await page(`/v1/public/products/?size=41,43&seller=${w.f.sellers.a}&sort=price_asc`))).toEqual([
        L.nb574.slug,
        L.airMax.slug,
      ]);
      expect(slugs(await page(`/v1/public/products/?condition=good&seller=${w.f.sellers.a}`))).toEqual([L.nb574.slug]);
      expect((await page(`/v1/public/products/?condition=good,new_with_tag&seller=${w.f.sellers.a}`)).count).toBe(2);
      expect(slugs(await page(`/v1/public/products/?color=black&seller=${w.f.sellers.b}`))).toEqual([L.moncler.slug]);
      expect(slugs(await page(`/v1/public/products/?price_min=10000&price_max=40000&seller=${w.f.sellers.a}`))).toEqual(
        [L.airMax.slug],
      );
      expect(slugs(await page(`/v1/public/products/?price_max=7500&seller=${w.f.sellers.a}`))).toEqual([L.nb574.slug]);
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
      const p = await page(`/v1/public/products/?q=${encodeURIComponent('пуховики')}&seller=${w.f.sellers.b}`);
      expect(slugs(p).sort()).toEqual([L.moncler.slug, L.stone.slug].sort());
    });
  });
});
