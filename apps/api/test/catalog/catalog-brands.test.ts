/**
 * The public catalog through HTTP (issue «The shop runs»; spec §3, §7): brands, compilations, sellers, sitemap
 * and the catalog calls in the OpenAPI document. The world: catalog-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { useCatalogWorld } from './catalog-world.js';

describe.runIf(dbAvailable())('public catalog: brands, compilations, sellers, sitemap', () => {
  const w = useCatalogWorld();
  const { L, get } = w;

  describe('brands, compilations, sellers, sitemap', () => {
    it('GET /v1/public/brands/ lists brands A–Z with active counts; /brands/{slug}/ answers one', async () => {
      const res = await get('/v1/public/brands/');
      expect(res.statusCode).toBe(200);
      const list = res.json().results as { slug: string; name: string; count: number }[];
      expect(list.find((b) => b.slug === w.f.brands.nike.slug)).toEqual({
        id: w.f.brands.nike.id,
        slug: w.f.brands.nike.slug,
        name: 'Nike',
        name_ru: 'Найк',
        count: 1,
        is_popular: false,
      });
      const names = list.map((b) => b.name.toLowerCase());
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      const one = await get(`/v1/public/brands/${w.f.brands.moncler.slug}/`);
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
      expect((await get(`/v1/public/brands/${w.f.brands.nike.slug}/`)).json()).toMatchObject({
        count: 1,
        price_min: 11990,
        new_count: 1,
        top_categories: ['Кроссовки'],
      });
      expect((await get('/v1/public/brands/no-such-brand/')).statusCode).toBe(404);
    });

    it('GET /v1/public/compilations/ and /compilations/{slug}/ answer covers and active counts', async () => {
      const list = (await get('/v1/public/compilations/')).json().results as { slug: string }[];
      const mine = list.find((c) => c.slug === w.f.compilation.slug);
      expect(mine).toMatchObject({ title: 'Тёплая зима', description: 'Пуховики и куртки', count: 2 });
      const one = (await get(`/v1/public/compilations/${w.f.compilation.slug}/`)).json();
      expect(one).toMatchObject({ id: w.f.compilation.id, count: 2 });
      expect(one.cover.url).toMatch(/^\/media\/p\//);
      const missing = await get('/v1/public/compilations/no-such/');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toMatch(/[а-я]/);
    });

    it('GET /v1/public/sellers/{id}/ answers the seller card; unknown → 404, junk → 400', async () => {
      const res = await get(`/v1/public/sellers/${w.f.sellers.b}/`);
      expect(res.json()).toMatchObject({
        id: w.f.sellers.b,
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
      expect(s.brands).toContain(w.f.brands.nike.slug);
      expect(s.compilations).toContain(w.f.compilation.slug);
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
