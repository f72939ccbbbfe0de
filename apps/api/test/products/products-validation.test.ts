/**
 * Selling API (issue «Selling», spec §4, §7): bad fields one by one, lying, tiny, huge and oversized files
 * refused with nothing stored. The world: selling-world.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/index.js';
import { dbAvailable, multipart } from '../helpers.js';
import { photo, useSellingWorld } from './selling-world.js';

describe.runIf(dbAvailable())('selling API: bad fields and files', () => {
  const s = useSellingWorld();
  const { create } = s;

  it('names every bad field in Russian, one by one, and stores nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: 'ab' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ description: 'x'.repeat(4001) }, 'description'],
      [{ brand: '999999' }, 'brand'],
      [{ brand: 'abc' }, 'brand'],
      [{ brand: '' }, 'brand'],
      [{ category: '999999' }, 'category'],
      [{ category: String(s.fx.parent) }, 'category'],
      [{ category: '' }, 'category'],
      [{ condition: 'broken' }, 'condition'],
      [{ color: 'ultraviolet' }, 'color'],
      [{ sizes: 'not json' }, 'sizes'],
      [{ sizes: '[]' }, 'sizes'],
      [{ sizes: JSON.stringify([{ size: 'M', price: 99, count: 1 }]) }, 'sizes'],
      [{ sizes: JSON.stringify([{ size: 'M', price: 10_000_001, count: 1 }]) }, 'sizes'],
      [{ sizes: JSON.stringify([{ size: 'M', price: 1000, count: 0 }]) }, 'sizes'],
      [{ sizes: JSON.stringify([{ size: 'M', price: 1000, count: 100 }]) }, 'sizes'],
      [{ sizes: JSON.stringify([{ size: 'XXXL', price: 1000, count: 1 }]) }, 'sizes'],
      [
        {
          sizes: JSON.stringify([
            { size: 'M', price: 1000, count: 1 },
            { size: 'm', price: 1000, count: 1 },
          ]),
        },
        'sizes',
      ],
    ];
    const before = await s.t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
    for (const [over, field] of cases) {
      const res = await create(s.a, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const body = res.json();
      expect(Object.keys(body), JSON.stringify(over)).toEqual([field]);
      expect(body[field][0]).toMatch(/[а-яё]/i);
    }
    const noPhoto = await create(s.a, {}, []);
    expect(noPhoto.statusCode).toBe(400);
    expect(Object.keys(noPhoto.json())).toEqual(['photos']);
    const missing = multipart({ condition: 'good' });
    const all = await s.t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...s.a, ...missing.headers },
      payload: missing.payload,
    });
    expect(all.statusCode).toBe(400);
    expect(Object.keys(all.json()).sort()).toEqual(['brand', 'category', 'photos', 'sizes', 'title']);
    const after = await s.t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after[0]!.n).toBe(before[0]!.n);
    // JSON instead of multipart is refused clearly.
    const json = await s.t.app.inject({ method: 'POST', url: '/v1/products/', headers: s.a, payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses lying, tiny, huge and oversized files and removes what the request stored', async () => {
    const { readdirSync } = await import('node:fs');
    const count = () => {
      const dir = path.join(s.t.config.mediaDir, 'p');
      if (!existsSync(dir)) return 0;
      return readdirSync(dir).reduce((n, d) => n + readdirSync(path.join(dir, d)).length, 0);
    };
    const before = count();
    const lying = await create(s.a, {}, [
      photo(s.img),
      photo(Buffer.from('это не картинка, а текст'.repeat(50)), 'photo.jpg'),
    ]);
    expect(lying.statusCode).toBe(400);
    expect(lying.json().photos[0]).toMatch(/JPEG, PNG, WebP или HEIC/);
    expect(count()).toBe(before);
    // A valid request whose fields fail also leaves no files behind.
    const badFields = await create(s.a, { title: 'no' }, [photo(s.img)]);
    expect(badFields.statusCode).toBe(400);
    expect(count()).toBe(before);
    // Too many pixels: 8000×6000 = 48 MP (a PNG of one colour is small on the wire).
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    const big = await create(s.a, {}, [photo(huge, 'huge.png', 'image/png')]);
    expect(big.statusCode).toBe(400);
    expect(big.json().photos[0]).toMatch(/40 мегапикселей/);
    // More than 15 MB → 413, cut off at the limit.
    const fat = Buffer.concat([s.img, Buffer.alloc(15 * 1024 * 1024 + 10, 1)]);
    const tooLarge = await create(s.a, {}, [photo(fat)]);
    expect(tooLarge.statusCode).toBe(413);
    expect(JSON.stringify(tooLarge.json())).toMatch(/15 МБ/);
    // Eleven photos → 400.
    const eleven = await create(
      s.a,
      {},
      Array.from({ length: 11 }, () => photo(s.img)),
    );
    expect([400, 413]).toContain(eleven.statusCode);
    expect(count()).toBe(before);
  });
});
