/**
 * Search through HTTP (issue «The shop runs»: «Search understands Russian»): Russian word forms, typos,
 * brands in Latin, Cyrillic and aliases, brands one letter off. The world: search-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { addListing } from '../catalog-fixtures.js';
import { useSearchWorld } from './search-world.js';

describe.runIf(dbAvailable())('search: words, typos, brands', () => {
  const w = useSearchWorld();
  const { L, found } = w;

  describe('Russian word forms (full text, russian configuration)', () => {
    it.each([
      ['пуховики', 'moncler'],
      ['Пуховиком', 'moncler'],
      ['пуховиков', 'moncler'],
      ['кроссовки', 'airMax'],
      ['кроссовками', 'nb574'],
      ['кроссовок', 'airMax'],
      ['куртки', 'stone'],
      ['курткой', 'stone'],
      ['футболки', 'tee'],
      ['хлопковые футболки', 'tee'],
      ['тёплый пуховик', 'moncler'],
      ['теплый пуховик', 'moncler'],
      ['черный пуховик', 'moncler'],
      ['белые кроссовки', 'airMax'],
    ] as const)('«%s» finds %s', async (q, key) => {
      expect(await found(q)).toContain(L[key].slug);
    });

    it('all words must match: «белые пуховики» does not find the black one', async () => {
      expect(await found('белые пуховики')).not.toContain(L.moncler.slug);
      expect(await found('серые кроссовки')).toEqual(expect.arrayContaining([L.nb574.slug]));
      expect(await found('серые кроссовки')).not.toContain(L.airMax.slug);
    });
  });

  describe('typos (pg_trgm)', () => {
    it.each([
      ['пуховек', 'moncler'],
      ['пухавик', 'moncler'],
      ['кросовки', 'airMax'],
      ['кроссовкы', 'nb574'],
      ['футбока', 'tee'],
      ['курта стон', 'stone'],
      ['монклер', 'moncler'],
      ['манклер', 'moncler'],
      ['Монклер', 'moncler'],
      ['МОНКЛЕР', 'moncler'],
    ] as const)('«%s» finds %s', async (q, key) => {
      expect(await found(q)).toContain(L[key].slug);
    });

    it('does not take a word that finds listings by itself for a typo («искристая футболка» is no cap)', async () => {
      const cap = await addListing(w.t.app.db, {
        title: 'Бейсболка Искристая',
        owner: w.f.sellers.b,
        category: w.f.cats.clothesRoot,
        offers: [{ size: 'M', sizeId: w.f.sizes.clothes['M'], price: 1900 }],
      });
      expect(await found('искристая')).toContain(cap.slug);
      // «футболка» is spelled right (T-shirts exist), so it must not match «Бейсболка» by trigram likeness.
      expect(await found('искристая футболка')).toEqual([]);
      // A real typo still finds its word: «бейсбока» is no word of its own.
      expect(await found('искристая бейсбока')).toEqual([cap.slug]);
    });
  });

  describe('brands in Latin, Cyrillic and aliases', () => {
    it.each([
      ['nike', 'airMax', 'nb574'],
      ['Nike', 'airMax', 'nb574'],
      ['найк', 'airMax', 'nb574'],
      ['найки', 'airMax', 'nb574'],
      ['new balance', 'nb574', 'airMax'],
      ['нью беланс', 'nb574', 'airMax'],
      ['нью баланс', 'nb574', 'airMax'],
      ['newbalance', 'nb574', 'airMax'],
      ['stone island', 'stone', 'moncler'],
      ['стоун айленд', 'stone', 'moncler'],
      ['стон айленд', 'stone', 'moncler'],
      ['moncler', 'moncler', 'stone'],
    ] as const)('«%s» finds %s and not %s', async (q, yes, no) => {
      const slugs = await found(q);
      expect(slugs).toContain(L[yes].slug);
      expect(slugs).not.toContain(L[no].slug);
    });
  });

  describe('brands one letter off', () => {
    it.each(['nkie', 'naike', 'найкк', 'нaйк'])('«%s» finds Nike listings and nothing else', async (q) => {
      const res = await w.t.app.inject(`/v1/public/search/?q=${encodeURIComponent(q)}&page_size=60`);
      const body = res.json() as { count: number; results: { slug: string; brand: { slug: string } | null }[] };
      expect(body.count, q).toBeGreaterThan(0);
      expect(body.results.map((r) => r.slug)).toContain(L.airMax.slug);
      // The fixture's Nike and the demo catalog's Nike, no other brand.
      expect(body.results.every((r) => /^(tst-)?nike\b/.test(r.brand?.slug ?? ''))).toBe(true);
    });

    it('keeps a word as typed when it finds listings («пара» is no typo of «зара»)', async () => {
      const pair = await addListing(w.t.app.db, {
        title: 'Пара носков Nike в полоску',
        owner: w.f.sellers.b,
        brand: w.f.brands.nike,
        category: w.f.cats.clothesRoot,
        offers: [{ size: 'M', sizeId: w.f.sizes.clothes['M'], price: 900 }],
      });
      expect(await found('пара носков')).toContain(pair.slug);
    });
  });
});
