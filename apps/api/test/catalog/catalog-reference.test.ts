/**
 * The public catalog through HTTP (issue «The shop runs»; spec §3, §7): reference data (chars, categories, sizes)
 * and the cart availability check, bad bodies included. The world: catalog-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable, multipart } from '../helpers.js';
import { useCatalogWorld } from './catalog-world.js';

describe.runIf(dbAvailable())('public catalog: reference data and the cart check', () => {
  const w = useCatalogWorld();
  const { L, get } = w;

  describe('reference data', () => {
    it('GET /v1/product/chars/ answers {data} with brands, categories, conditions, colours, types', async () => {
      const res = await get('/v1/product/chars/');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.brands).toContainEqual({
        id: w.f.brands.nike.id,
        slug: w.f.brands.nike.slug,
        name: 'Nike',
        name_ru: expect.any(String),
      });
      expect(data.categories).toContainEqual({
        id: w.f.cats.sneakers,
        name: 'Кроссовки',
        type: 'men',
        parent: w.f.cats.shoesRoot,
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
      expect(list.find((c) => c.id === w.f.cats.sneakers)).toMatchObject({
        name: 'Кроссовки',
        parent: w.f.cats.shoesRoot,
        has_sizes: true,
      });
      expect(list.find((c) => c.id === w.f.cats.bags)).toMatchObject({ has_sizes: false });
      const bad = await get('/v1/public/categories/aliens/');
      expect(bad.statusCode).toBe(404);
      expect(bad.json().detail).toMatch(/[а-я]/);
    });

    it('GET /v1/public/sizes/{category}/ answers the grid (inherited from the parent) in order', async () => {
      const res = await get(`/v1/public/sizes/${w.f.cats.sneakers}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        ['40', '41', '42', '43', '44'].map((v) => ({ id: w.f.sizes.shoes[v], value: v, label: `${v} RU` })),
      );
      expect(
        (await get(`/v1/public/sizes/${w.f.cats.downJackets}/`)).json().map((s: { value: string }) => s.value),
      ).toEqual(['XS', 'S', 'M', 'L', 'XL']);
      expect((await get(`/v1/public/sizes/${w.f.cats.bags}/`)).json()).toEqual([]);
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
      w.t.app.inject({
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
      const empty = await w.t.app.inject({
        method: 'POST',
        url: '/v1/product/check-availability/',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.statusCode).toBe(400);
      const none = await w.t.app.inject({ method: 'POST', url: '/v1/product/check-availability/' });
      expect(none.statusCode).toBe(400);
      const form = multipart({ slug: 'x', size: 'M', count: '1' });
      const multi = await w.t.app.inject({
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
});
