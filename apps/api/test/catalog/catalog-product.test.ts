/**
 * The public catalog through HTTP (issue «The shop runs»; spec §3, §7): a listing by slug (drafts, owner, sold)
 * and the exact contract of the hot reads. The world: catalog-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { productCardSchema, productDetailSchema } from '@vitrina/contract/catalog';
import { pageOf } from '@vitrina/contract/common';
import { dbAvailable } from '../helpers.js';
import { tokenFor } from '../catalog-fixtures.js';
import { useCatalogWorld, type Card } from './catalog-world.js';

describe.runIf(dbAvailable())('public catalog: a listing by slug', () => {
  const w = useCatalogWorld();
  const { L, get, page, slugs } = w;

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
        brand: { id: w.f.brands.nike.id, name: 'Nike', name_ru: 'Найк' },
        category: {
          id: w.f.cats.sneakers,
          name: 'Кроссовки',
          type: 'men',
          path: [
            { id: w.f.cats.shoesRoot, name: 'Обувь' },
            { id: w.f.cats.sneakers, name: 'Кроссовки' },
          ],
        },
        view_count: 6,
        sizes: ['41', '42'],
        price: 11990,
        condition_label: 'Новое с биркой',
        seller_id: w.f.sellers.a,
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
        id: w.f.sellers.a,
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
      expect(p.seller).toMatchObject({ id: w.f.sellers.b, products_count: 2, subscribers_count: 1 });
      expect(p.similar[0].slug).toBe(L.moncler.slug);
    });

    it('drafts and deleted listings are 404 for everyone but the owner, who sees the status', async () => {
      for (const l of [L.draft, L.deleted]) {
        expect((await get(`/v1/public/products/${l.slug}/`)).statusCode).toBe(404);
      }
      const stranger = await tokenFor(w.t.app.db, w.f.sellers.b);
      const hidden = await get(`/v1/public/products/${L.draft.slug}/`, stranger);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().detail).toMatch(/[а-я]/);
      const owner = await tokenFor(w.t.app.db, w.f.sellers.a);
      const res = await get(`/v1/public/products/${L.draft.slug}/`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'draft', published_at: null });
      expect((await get(`/v1/public/products/${L.deleted.slug}/`, owner)).json().status).toBe('deleted');
    });

    it('sold listings open with their status but stay out of lists; unknown slugs are 404', async () => {
      const res = await get(`/v1/public/products/${L.sold.slug}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('sold');
      expect(slugs(await page(`/v1/public/products/?seller=${w.f.sellers.a}&page_size=60`))).not.toContain(L.sold.slug);
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
        const body = (await w.t.app.inject(url)).json();
        expect(body.results.length, url).toBeGreaterThan(0);
        // parse() drops unknown keys and fails on missing or mistyped ones: equal means exactly the contract.
        expect(page.parse(body), url).toEqual(body);
      }
      const slug = (
        (await w.t.app.inject('/v1/public/products/?page_size=1')).json() as { results: { slug: string }[] }
      ).results[0]!.slug;
      const detail = (await w.t.app.inject(`/v1/public/products/${slug}/`)).json();
      expect(productDetailSchema.parse(detail)).toEqual(detail);
    });
  });
});
