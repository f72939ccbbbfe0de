/**
 * Search through HTTP (issue «The shop runs»: «Search understands Russian»): mixed queries with sizes and types,
 * relevance, the catalog's filters and sorts, pages, drafts never shown. The world: search-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { useSearchWorld } from './search-world.js';

describe.runIf(dbAvailable())('search: mixed queries, filters, pages', () => {
  const w = useSearchWorld();
  const { L, search, found } = w;

  describe('mixed queries', () => {
    it('«кроссовки найк 42»: brand and size become filters', async () => {
      const slugs = await found('кроссовки найк 42');
      expect(slugs).toContain(L.airMax.slug);
      expect(slugs).not.toContain(L.nb574.slug);
    });

    it('«кроссовки 43» finds nothing of ours (no 43 in stock), «кроссовки 42» finds both', async () => {
      expect(await found('кроссовки 42')).toEqual(expect.arrayContaining([L.airMax.slug, L.nb574.slug]));
      const s44 = await found('кроссовки nike 44', `&seller=${w.f.sellers.a}`);
      expect(s44).not.toContain(L.nb574.slug);
    });

    it('«кросовки нью беланс», «пуховик монклер», «монклер пуховек m»', async () => {
      expect(await found('кросовки нью беланс')).toEqual(expect.arrayContaining([L.nb574.slug]));
      expect(await found('кросовки нью беланс')).not.toContain(L.airMax.slug);
      expect(await found('пуховик монклер')).toContain(L.moncler.slug);
      expect(await found('монклер пуховек m')).toContain(L.moncler.slug);
    });

    it("«кеды конверс»: a category word inside a brand alias («конверсы кеды») does not match the brand's hoodie", async () => {
      const slugs = await found('кеды конверс');
      expect(slugs).toContain(L.keds.slug);
      expect(slugs).not.toContain(L.hoodie.slug);
      expect(await found('конверсы кеды')).toContain(L.keds.slug);
      expect(await found('конверс')).toEqual(expect.arrayContaining([L.keds.slug, L.hoodie.slug]));
    });

    it('«пуховик мужской», «мужские кроссовки»: a type word becomes the type filter', async () => {
      const ofB = `&seller=${w.f.sellers.b}`;
      expect(await found('пуховик мужской', ofB)).toContain(L.moncler.slug);
      expect(await found('пуховики для мужчин', ofB)).toContain(L.moncler.slug);
      expect(await found('пуховик женский', ofB)).toEqual([]);
      expect((await found('мужские кроссовки', `&seller=${w.f.sellers.a}`)).sort()).toEqual(
        [L.airMax.slug, L.nb574.slug].sort(),
      );
      // A type chosen in the filters wins over the word: the word is then left out.
      expect(await found('пуховик женский', `${ofB}&type=men`)).toContain(L.moncler.slug);
      expect(await found('пуховик мужской', `${ofB}&type=women`)).toEqual([]);
    });

    it('ranks by relevance: the brand and title match first', async () => {
      const p = await search('кроссовки nike', `&seller=${w.f.sellers.a}`);
      expect(p.results[0]!.slug).toBe(L.airMax.slug);
      const p2 = await search('кроссовки new balance', `&seller=${w.f.sellers.a}`);
      expect(p2.results[0]!.slug).toBe(L.nb574.slug);
    });
  });

  describe('filters, sorting, pages', () => {
    it('takes the catalog filters', async () => {
      expect(await found('пуховик', `&color=black&seller=${w.f.sellers.b}`)).toEqual([L.moncler.slug]);
      expect(await found('кроссовки', `&brand=${w.f.brands.newBalance.slug}`)).toEqual([L.nb574.slug]);
      expect(await found('кроссовки', `&price_max=8000&seller=${w.f.sellers.a}`)).toEqual([L.nb574.slug]);
      expect(await found('кроссовки', `&size=42&category=${w.f.cats.shoesRoot}&seller=${w.f.sellers.a}`)).toHaveLength(
        2,
      );
      expect(await found('куртка', `&type=women&seller=${w.f.sellers.b}`)).toEqual([]);
      const bad = await w.t.app.inject(`/v1/public/search/?q=${encodeURIComponent('кроссовки')}&color=ultraviolet`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['color']);
    });

    it('sorts by price and date when asked', async () => {
      const byPrice = await search('кроссовки', `&seller=${w.f.sellers.a}&sort=price_desc`);
      expect(byPrice.results.map((r) => r.slug)).toEqual([L.airMax.slug, L.nb574.slug]);
      const byNew = await search('кроссовки', `&seller=${w.f.sellers.a}&sort=new`);
      expect(byNew.results.map((r) => r.slug)).toEqual([L.nb574.slug, L.airMax.slug]);
    });

    it('answers DRF pages; past the end → 404 «Неверная страница.»', async () => {
      const p = await search('кроссовки', `&seller=${w.f.sellers.a}&page_size=1`);
      expect(p.count).toBe(2);
      expect(p.results).toHaveLength(1);
      expect(p.next).toContain('page=2');
      expect(p.next).toContain('q=');
      const past = await w.t.app.inject(
        `/v1/public/search/?q=${encodeURIComponent('кроссовки')}&seller=${w.f.sellers.a}&page=3&page_size=1`,
      );
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Неверная страница.' });
    });

    it('never shows drafts or sold listings', async () => {
      expect(await found('секретный')).toEqual([]);
      expect(await found('черновик')).not.toContain(L.draft.slug);
      expect(await found('пуховик монклер')).not.toContain(L.sold.slug);
    });

    it('finds nothing for nonsense, without errors', async () => {
      expect((await search('ъъъщщщыыы')).count).toBe(0);
    });
  });
});
