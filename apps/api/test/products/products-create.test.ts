/**
 * Selling API (issue «Selling», spec §4, §7): tokens, the fee, a listing created through real multipart HTTP
 * (photos, sizes, slug, min price, search text), EXIF stripped, drafts invisible to visitors. The world: selling-world.ts.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema/index.js';
import { dbAvailable } from '../helpers.js';
import { jpeg, photo, useSellingWorld } from './selling-world.js';

describe.runIf(dbAvailable())('selling API: creating', () => {
  const s = useSellingWorld();
  const { create, patch } = s;

  it('needs a token for every call', async () => {
    for (const [method, url] of [
      ['POST', '/v1/products/'],
      ['PATCH', '/v1/products/1/'],
      ['DELETE', '/v1/products/1/'],
      ['POST', '/v1/products/1/make_draft/'],
      ['GET', '/v1/fee/'],
      ['GET', '/v1/product_statuses/'],
      ['GET', '/v1/product_owner/'],
    ] as const) {
      const res = await s.t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().detail).toBe('Учетные данные не были предоставлены.');
    }
  });

  it('answers the fee from configuration', async () => {
    const res = await s.t.app.inject({ url: '/v1/fee/', headers: s.a });
    expect(res.json()).toEqual({ percent: s.t.config.fee.percent, min: s.t.config.fee.minRub });
  });

  it('creates a published listing with photos, sizes, slug, min price and search text', async () => {
    const res = await create(s.a, {}, [
      photo(s.img),
      photo(await jpeg({ width: 1000, height: 1400 }), 'b.png', 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const l = res.json();
    expect(l.status).toBe('active');
    expect(l.slug).toBe(`palto-sherstyanoe-zara-${l.id}`);
    expect(l.title).toBe('Пальто шерстяное Zara');
    expect(l.brand).toEqual({ id: s.fx.brand, name: 'Zara Test' });
    expect(l.category).toMatchObject({ id: s.fx.leaf, type: 'women' });
    expect(l.price).toBe(11990);
    expect(l.sizes.map((s: { size: string }) => s.size)).toEqual(['M', 'L']);
    expect(l.photos).toHaveLength(2);
    expect(l.photos[0]).toMatchObject({ width: 800, height: 600 });
    expect(l.photos[1]).toMatchObject({ width: 1000, height: 1400 });
    expect(l.photos[0].srcset).toContain('320w');
    expect(l.published_at).toBe('2026-11-22T12:00:00.000Z');
    // The image is served, as WebP, with immutable caching.
    const media = await s.t.app.inject({ url: l.photos[0].url_large });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toContain('immutable');
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800 });
    const [row] = await s.t.app.db.select().from(products).where(eq(products.id, l.id));
    expect(row!.minPrice).toBe(1_199_000);
    expect(row!.searchText).toContain('Зара Тест');
    expect(row!.searchText).toContain('Пальто тест');
    expect(row!.ownerId).toBeGreaterThan(0);
    // The owner reads it back.
    const own = await s.t.app.inject({ url: `/v1/products/${l.id}/`, headers: s.a });
    expect(own.json().id).toBe(l.id);
    // It is public: its page and the seller's listing show it.
    const pub = await s.t.app.inject({ url: `/v1/public/products/${l.slug}/` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ id: l.id, price: 11990, status: 'active' });
    const bySeller = await s.t.app.inject({ url: `/v1/public/products/?seller=${row!.ownerId}&page_size=60` });
    expect(bySeller.json().results.map((r: { id: number }) => r.id)).toContain(l.id);
  });

  it('strips EXIF (GPS) and applies orientation', async () => {
    const withGps = await jpeg({ gps: true });
    const inMeta = await sharp(withGps).metadata();
    expect(inMeta.orientation).toBe(6);
    // The GPS IFD pointer tag (0x8825, little-endian) is in the upload's EXIF.
    expect(inMeta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await create(s.a, {}, [photo(withGps)]);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().photos[0];
    // Orientation 6 = rotated 90°: 800×600 becomes portrait.
    expect(p.height).toBeGreaterThan(p.width);
    const file = path.join(s.t.config.mediaDir, p.url_large.replace('/media/', ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(readFileSync(file)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('saves a draft without photos and hides it from visitors', async () => {
    const res = await create(s.a, { draft: 'true', title: 'Черновик платья' }, []);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d.status).toBe('draft');
    expect(d.photos).toEqual([]);
    expect(d.published_at).toBeNull();
    expect((await s.t.app.inject({ url: `/v1/public/products/${d.slug}/` })).statusCode).toBe(404);
    const [owner] = await s.t.app.db.select({ id: products.ownerId }).from(products).where(eq(products.id, d.id));
    const list = await s.t.app.inject({ url: `/v1/public/products/?seller=${owner!.id}&page_size=60` });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((r: { id: number }) => r.id)).not.toContain(d.id);
    // The owner still reaches it with a token (the product page shows a draft banner then).
    expect((await s.t.app.inject({ url: `/v1/public/products/${d.slug}/`, headers: s.a })).statusCode).toBe(200);
    // Publishing without a photo is refused; with one it works.
    const bad = await patch(s.a, d.id, { status: 'active' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().photos[0]).toMatch(/фотограф/);
    const ok = await patch(s.a, d.id, { publish: 'true' }, [photo(s.img)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('active');
    expect(ok.json().published_at).not.toBeNull();
  });
});
