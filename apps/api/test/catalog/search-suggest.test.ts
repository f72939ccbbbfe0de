/**
 * Search through HTTP (issue «The shop runs»: «Search understands Russian»): bad queries, and suggestions for the
 * header search box. The world: search-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { useSearchWorld } from './search-world.js';

describe.runIf(dbAvailable())('search: bad queries and suggestions', () => {
  const w = useSearchWorld();
  const { L } = w;

  describe('bad queries', () => {
    it.each([
      ['missing', '/v1/public/search/'],
      ['empty', '/v1/public/search/?q='],
      ['whitespace', `/v1/public/search/?q=${encodeURIComponent('   ')}`],
      ['too long', `/v1/public/search/?q=${'я'.repeat(201)}`],
    ])('%s q → 400 {q: [...]}', async (_name, url) => {
      const res = await w.t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['q']);
      expect(res.json().q[0]).toMatch(/[а-я]/);
    });

    it.each(["' or 1=1 --", 'a & b | !c', 'кроссовки:* & (', '"пуховик', '\\', '%_%', 'а и в', '!!!', '42', 'm'])(
      'survives «%s»',
      async (q) => {
        const res = await w.t.app.inject(`/v1/public/search/?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, res.body).toBe(200);
      },
    );
  });

  describe('GET /v1/public/search/suggest/', () => {
    const suggest = async (q: string) => {
      const res = await w.t.app.inject(`/v1/public/search/suggest/?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        brands: { id: number; slug: string; name: string }[];
        categories: { id: number; name: string; type: string }[];
        products: { slug: string; title: string; price: number }[];
      };
    };

    it('suggests brands by Latin, Cyrillic, alias and typo', async () => {
      for (const q of ['mon', 'монк', 'монклер', 'манклер', 'Moncler']) {
        expect(
          (await suggest(q)).brands.map((b) => b.slug),
          q,
        ).toContain(w.f.brands.moncler.slug);
      }
      expect((await suggest('найк')).brands.map((b) => b.slug)).toContain(w.f.brands.nike.slug);
      expect((await suggest('нью')).brands.map((b) => b.slug)).toContain(w.f.brands.newBalance.slug);
      expect((await suggest('стон')).brands.map((b) => b.slug)).toContain(w.f.brands.stoneIsland.slug);
    });

    it('suggests categories and listings by prefix and typo, at most 5/5/6', async () => {
      const s = await suggest('кросс');
      expect(s.categories.map((c) => c.id)).toContain(w.f.cats.sneakers);
      expect(s.products.length).toBeGreaterThan(0);
      expect(s.brands.length).toBeLessThanOrEqual(5);
      expect(s.categories.length).toBeLessThanOrEqual(5);
      expect(s.products.length).toBeLessThanOrEqual(6);
      expect((await suggest('фантаз')).products.map((p) => p.slug)).toEqual([L.airMax.slug]);
      expect((await suggest('пуховик лучез')).products.map((p) => p.slug)).toEqual([L.moncler.slug]);
      expect((await suggest('пуховек лучезарный')).products.map((p) => p.slug)).toEqual([L.moncler.slug]);
      expect((await suggest('лучезарнй')).products.map((p) => p.slug)).toContain(L.moncler.slug);
      const typo = (await suggest('пуховек')).products;
      expect(typo.length).toBeGreaterThan(0);
      expect(typo.some((p) => /пухов/i.test(p.title))).toBe(true);
      const air = (await suggest('air max фантазия')).products.find((p) => p.slug === L.airMax.slug);
      expect(air).toMatchObject({ title: 'Кроссовки Nike Air Max 90 Фантазия', price: 12990 });
      expect((await suggest('секретный')).products).toEqual([]);
    });

    it('works from 2 characters; shorter or missing → empty lists; over 200 → 400', async () => {
      expect(await suggest('п')).toEqual({ brands: [], categories: [], products: [] });
      expect(await suggest('')).toEqual({ brands: [], categories: [], products: [] });
      expect((await w.t.app.inject('/v1/public/search/suggest/')).json()).toEqual({
        brands: [],
        categories: [],
        products: [],
      });
      expect((await suggest('пу')).categories.map((c) => c.id)).toContain(w.f.cats.downJackets);
      expect((await w.t.app.inject(`/v1/public/search/suggest/?q=${'я'.repeat(201)}`)).statusCode).toBe(400);
      for (const q of ["' or 1=1", 'a & b', ':*', '!!']) {
        expect((await w.t.app.inject(`/v1/public/search/suggest/?q=${encodeURIComponent(q)}`)).statusCode).toBe(200);
      }
    });
  });
});
