/**
 * Selling API (issue «Selling», spec §4, §7): create/edit/draft/publish/delete through real multipart
 * HTTP, ownership, paging by 12, bad fields one by one, lying/oversized/huge files, EXIF stripped,
 * drafts invisible to visitors.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, products, sizeGrids, sizes } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, multipart, signIn, type TestContext } from '../helpers.js';

type Auth = { authorization: string };
interface Fixture {
  brand: number;
  parent: number;
  leaf: number;
  other: number;
}

/** A believable photo: 800×600 plain JPEG (optionally with EXIF GPS and orientation 6). */
async function jpeg(opts: { gps?: boolean; width?: number; height?: number } = {}): Promise<Buffer> {
  const w = opts.width ?? 800;
  const h = opts.height ?? 600;
  const img = sharp({ create: { width: w, height: h, channels: 3, background: { r: 180, g: 120, b: 90 } } }).jpeg({
    quality: 70,
  });
  if (!opts.gps) return img.toBuffer();
  const withGps = await img
    .withExif({
      IFD0: { Make: 'Spyphone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
    })
    .toBuffer();
  // Orientation 6 (camera held upright) on top of the GPS block.
  return sharp(withGps).keepExif().withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

const photo = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => ({
  field: 'photos',
  filename,
  contentType,
  data,
});

describe.runIf(dbAvailable())('selling API', () => {
  let t: TestContext;
  let a: Auth;
  let b: Auth;
  let fx: Fixture;
  let img: Buffer;

  const fields = (over: Record<string, string> = {}) => ({
    title: 'Пальто шерстяное Zara',
    description: 'Тёплое пальто, носила один сезон.',
    brand: String(fx.brand),
    category: String(fx.leaf),
    condition: 'excellent',
    color: 'beige',
    sizes: JSON.stringify([
      { size: 'M', price: 12990, count: 1 },
      { size: 'L', price: 11990, count: 2 },
    ]),
    ...over,
  });

  const create = async (auth: Auth, over: Record<string, string> = {}, files = [photo(img)]) => {
    const body = multipart(fields(over), files);
    return t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const patch = async (auth: Auth, id: number, f: Record<string, string>, files: ReturnType<typeof photo>[] = []) => {
    const body = multipart(f, files);
    return t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${id}/`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = (await signIn(t.app)).auth;
    b = (await signIn(t.app)).auth;
    img = await jpeg();
    const db = t.app.db;
    const [grid] = await db.insert(sizeGrids).values({ slug: 'sell-test-grid', name: 'Одежда, тест' }).returning();
    await db
      .insert(sizes)
      .values(['XS', 'S', 'M', 'L', 'XL'].map((v, i) => ({ gridId: grid!.id, value: v, label: v, position: i })));
    const [brand] = await db
      .insert(brands)
      .values({ slug: 'sell-test-zara', name: 'Zara Test', nameRu: 'Зара Тест', aliases: ['зара'] })
      .returning();
    const [type] = await db
      .execute(sql`select id from catalog_types where id = 'women'`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    if (!type) await db.execute(sql`insert into catalog_types (id, name, position) values ('women', 'Женщинам', 0)`);
    const [parent] = await db
      .insert(categories)
      .values({ type: 'women', slug: 'sell-test-outer', name: 'Верхняя одежда тест' })
      .returning();
    const [leaf] = await db
      .insert(categories)
      .values({
        type: 'women',
        slug: 'sell-test-coats',
        name: 'Пальто тест',
        parentId: parent!.id,
        sizeGridId: grid!.id,
      })
      .returning();
    const [other] = await db
      .insert(categories)
      .values({ type: 'women', slug: 'sell-test-bags', name: 'Сумки тест', parentId: parent!.id })
      .returning();
    fx = { brand: brand!.id, parent: parent!.id, leaf: leaf!.id, other: other!.id };
  });
  afterAll(() => t?.close());

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
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().detail).toBe('Учетные данные не были предоставлены.');
    }
  });

  it('answers the fee from configuration', async () => {
    const res = await t.app.inject({ url: '/v1/fee/', headers: a });
    expect(res.json()).toEqual({ percent: t.config.fee.percent, min: t.config.fee.minRub });
  });

  it('creates a published listing with photos, sizes, slug, min price and search text', async () => {
    const res = await create(a, {}, [
      photo(img),
      photo(await jpeg({ width: 1000, height: 1400 }), 'b.png', 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const l = res.json();
    expect(l.status).toBe('active');
    expect(l.slug).toBe(`palto-sherstyanoe-zara-${l.id}`);
    expect(l.title).toBe('Пальто шерстяное Zara');
    expect(l.brand).toEqual({ id: fx.brand, name: 'Zara Test' });
    expect(l.category).toMatchObject({ id: fx.leaf, type: 'women' });
    expect(l.price).toBe(11990);
    expect(l.sizes.map((s: { size: string }) => s.size)).toEqual(['M', 'L']);
    expect(l.photos).toHaveLength(2);
    expect(l.photos[0]).toMatchObject({ width: 800, height: 600 });
    expect(l.photos[1]).toMatchObject({ width: 1000, height: 1400 });
    expect(l.photos[0].srcset).toContain('320w');
    expect(l.published_at).toBe('2026-11-22T12:00:00.000Z');
    // The image is served, as WebP, with immutable caching.
    const media = await t.app.inject({ url: l.photos[0].url_large });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toContain('immutable');
    const meta = await sharp(media.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800 });
    const [row] = await t.app.db.select().from(products).where(eq(products.id, l.id));
    expect(row!.minPrice).toBe(1_199_000);
    expect(row!.searchText).toContain('Зара Тест');
    expect(row!.searchText).toContain('Пальто тест');
    expect(row!.ownerId).toBeGreaterThan(0);
    // The owner reads it back.
    const own = await t.app.inject({ url: `/v1/products/${l.id}/`, headers: a });
    expect(own.json().id).toBe(l.id);
    // It is public: its page and the seller's listing show it.
    const pub = await t.app.inject({ url: `/v1/public/products/${l.slug}/` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ id: l.id, price: 11990, status: 'active' });
    const bySeller = await t.app.inject({ url: `/v1/public/products/?seller=${row!.ownerId}&page_size=60` });
    expect(bySeller.json().results.map((r: { id: number }) => r.id)).toContain(l.id);
  });

  it('strips EXIF (GPS) and applies orientation', async () => {
    const withGps = await jpeg({ gps: true });
    const inMeta = await sharp(withGps).metadata();
    expect(inMeta.orientation).toBe(6);
    // The GPS IFD pointer tag (0x8825, little-endian) is in the upload's EXIF.
    expect(inMeta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await create(a, {}, [photo(withGps)]);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().photos[0];
    // Orientation 6 = rotated 90°: 800×600 becomes portrait.
    expect(p.height).toBeGreaterThan(p.width);
    const file = path.join(t.config.mediaDir, p.url_large.replace('/media/', ''));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(readFileSync(file)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('saves a draft without photos and hides it from visitors', async () => {
    const res = await create(a, { draft: 'true', title: 'Черновик платья' }, []);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json();
    expect(d.status).toBe('draft');
    expect(d.photos).toEqual([]);
    expect(d.published_at).toBeNull();
    expect((await t.app.inject({ url: `/v1/public/products/${d.slug}/` })).statusCode).toBe(404);
    const [owner] = await t.app.db.select({ id: products.ownerId }).from(products).where(eq(products.id, d.id));
    const list = await t.app.inject({ url: `/v1/public/products/?seller=${owner!.id}&page_size=60` });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((r: { id: number }) => r.id)).not.toContain(d.id);
    // The owner still reaches it with a token (the product page shows a draft banner then).
    expect((await t.app.inject({ url: `/v1/public/products/${d.slug}/`, headers: a })).statusCode).toBe(200);
    // Publishing without a photo is refused; with one it works.
    const bad = await patch(a, d.id, { status: 'active' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().photos[0]).toMatch(/фотограф/);
    const ok = await patch(a, d.id, { publish: 'true' }, [photo(img)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('active');
    expect(ok.json().published_at).not.toBeNull();
  });

  it('names every bad field in Russian, one by one, and stores nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: 'ab' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ description: 'x'.repeat(4001) }, 'description'],
      [{ brand: '999999' }, 'brand'],
      [{ brand: 'abc' }, 'brand'],
      [{ brand: '' }, 'brand'],
      [{ category: '999999' }, 'category'],
      [{ category: String(fx.parent) }, 'category'],
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
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
    for (const [over, field] of cases) {
      const res = await create(a, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const body = res.json();
      expect(Object.keys(body), JSON.stringify(over)).toEqual([field]);
      expect(body[field][0]).toMatch(/[а-яё]/i);
    }
    const noPhoto = await create(a, {}, []);
    expect(noPhoto.statusCode).toBe(400);
    expect(Object.keys(noPhoto.json())).toEqual(['photos']);
    const missing = multipart({ condition: 'good' });
    const all = await t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...a, ...missing.headers },
      payload: missing.payload,
    });
    expect(all.statusCode).toBe(400);
    expect(Object.keys(all.json()).sort()).toEqual(['brand', 'category', 'photos', 'sizes', 'title']);
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after[0]!.n).toBe(before[0]!.n);
    // JSON instead of multipart is refused clearly.
    const json = await t.app.inject({ method: 'POST', url: '/v1/products/', headers: a, payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses lying, tiny, huge and oversized files and removes what the request stored', async () => {
    const { readdirSync } = await import('node:fs');
    const count = () => {
      const dir = path.join(t.config.mediaDir, 'p');
      if (!existsSync(dir)) return 0;
      return readdirSync(dir).reduce((n, d) => n + readdirSync(path.join(dir, d)).length, 0);
    };
    const before = count();
    const lying = await create(a, {}, [
      photo(img),
      photo(Buffer.from('это не картинка, а текст'.repeat(50)), 'photo.jpg'),
    ]);
    expect(lying.statusCode).toBe(400);
    expect(lying.json().photos[0]).toMatch(/JPEG, PNG, WebP или HEIC/);
    expect(count()).toBe(before);
    // A valid request whose fields fail also leaves no files behind.
    const badFields = await create(a, { title: 'no' }, [photo(img)]);
    expect(badFields.statusCode).toBe(400);
    expect(count()).toBe(before);
    // Too many pixels: 8000×6000 = 48 MP (a PNG of one colour is small on the wire).
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    const big = await create(a, {}, [photo(huge, 'huge.png', 'image/png')]);
    expect(big.statusCode).toBe(400);
    expect(big.json().photos[0]).toMatch(/40 мегапикселей/);
    // More than 15 MB → 413, cut off at the limit.
    const fat = Buffer.concat([img, Buffer.alloc(15 * 1024 * 1024 + 10, 1)]);
    const tooLarge = await create(a, {}, [photo(fat)]);
    expect(tooLarge.statusCode).toBe(413);
    expect(JSON.stringify(tooLarge.json())).toMatch(/15 МБ/);
    // Eleven photos → 400.
    const eleven = await create(
      a,
      {},
      Array.from({ length: 11 }, () => photo(img)),
    );
    expect([400, 413]).toContain(eleven.statusCode);
    expect(count()).toBe(before);
  });

  it('edits fields, sizes and photos (add, remove, reorder) and keeps the slug', async () => {
    const l = (await create(a, {}, [photo(img), photo(await jpeg({ width: 600, height: 900 }))])).json();
    const [p1, p2] = l.photos;
    const res = await patch(
      a,
      l.id,
      {
        title: 'Пальто шерстяное, почти новое',
        sizes: JSON.stringify([{ size: 'S', price: 9990, count: 3 }]),
        remove_photos: JSON.stringify([p1.id]),
        photo_order: JSON.stringify([p2.id]),
      },
      [photo(await jpeg({ width: 900, height: 900 }))],
    );
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    expect(e.title).toBe('Пальто шерстяное, почти новое');
    expect(e.slug).toBe(l.slug);
    expect(e.price).toBe(9990);
    expect(e.sizes).toEqual([expect.objectContaining({ size: 'S', price: 9990, count: 3 })]);
    expect(e.photos.map((p: { id: number }) => p.id)[0]).toBe(p2.id);
    expect(e.photos).toHaveLength(2);
    expect(e.photos[1].width).toBe(900);
    // The removed photo's files are gone.
    expect((await t.app.inject({ url: p1.url })).statusCode).toBe(404);
    // Reorder: the new photo first.
    const re = await patch(a, l.id, { photo_order: JSON.stringify([e.photos[1].id, e.photos[0].id]) });
    expect(re.json().photos.map((p: { id: number }) => p.id)).toEqual([e.photos[1].id, e.photos[0].id]);
    // Invalid edits are named.
    expect((await patch(a, l.id, { title: '' })).json()).toHaveProperty('title');
    expect((await patch(a, l.id, { remove_photos: '[999999]' })).json()).toHaveProperty('remove_photos');
    expect(
      (
        await patch(a, l.id, { remove_photos: JSON.stringify(re.json().photos.map((p: { id: number }) => p.id)) })
      ).json(),
    ).toHaveProperty('photos');
    const [row] = await t.app.db.select().from(products).where(eq(products.id, l.id));
    expect(row!.searchText).toContain('Zara Test');
    expect(row!.minPrice).toBe(999_000);
  });

  it("guards other users' listings (404) for read, edit, delete and make_draft", async () => {
    const l = (await create(a)).json();
    const body = multipart({ title: 'Чужое' });
    const calls = [
      t.app.inject({ url: `/v1/products/${l.id}/`, headers: b }),
      t.app.inject({
        method: 'PATCH',
        url: `/v1/products/${l.id}/`,
        headers: { ...b, ...body.headers },
        payload: body.payload,
      }),
      t.app.inject({ method: 'DELETE', url: `/v1/products/${l.id}/`, headers: b }),
      t.app.inject({ method: 'POST', url: `/v1/products/${l.id}/make_draft/`, headers: b }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Страница не найдена.' });
    }
    const still = (await t.app.inject({ url: `/v1/products/${l.id}/`, headers: a })).json();
    expect(still).toMatchObject({ title: l.title, status: 'active' });
    expect((await t.app.inject({ url: '/v1/products/abc/', headers: a })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/products/999999/', headers: a })).statusCode).toBe(404);
  });

  it('moves to drafts, deletes softly and hides from everyone', async () => {
    const l = (await create(a)).json();
    const d = await t.app.inject({ method: 'POST', url: `/v1/products/${l.id}/make_draft/`, headers: a });
    expect(d.statusCode).toBe(200);
    expect(d.json().status).toBe('draft');
    expect((await t.app.inject({ url: `/v1/public/products/${l.slug}/` })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/products/${l.id}/`, headers: a });
    expect(del.statusCode).toBe(204);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, l.id));
    expect(row!.status).toBe('deleted');
    expect((await t.app.inject({ url: `/v1/products/${l.id}/`, headers: a })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/products/${l.id}/`, headers: a })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v1/public/products/${l.slug}/` })).statusCode).toBe(404);
  });

  it('counts statuses and pages the owner list by 12 (13 drafts → 12 + 1, page 3 → 404)', async () => {
    const c = (await signIn(t.app)).auth;
    for (let i = 0; i < 13; i += 1) {
      const res = await create(c, { draft: 'true', title: `Черновик номер ${i + 1}` }, []);
      expect(res.statusCode).toBe(201);
      t.clock.advance?.(1000);
    }
    await create(c);
    const st = (await t.app.inject({ url: '/v1/product_statuses/', headers: c })).json();
    expect(st).toEqual([
      { value: 'active', label: 'В продаже', count: 1 },
      { value: 'draft', label: 'Черновики', count: 13 },
      { value: 'reserved', label: 'Забронированы', count: 0 },
      { value: 'sold', label: 'Проданы', count: 0 },
      { value: 'pending_review', label: 'На проверке', count: 0 },
      { value: 'blocked', label: 'Заблокированы', count: 0 },
    ]);
    const p1 = (await t.app.inject({ url: '/v1/product_owner/?status=draft&page_size=12&page=1', headers: c })).json();
    expect(p1.count).toBe(13);
    expect(p1.results).toHaveLength(12);
    expect(p1.next).toBe('/v1/product_owner/?status=draft&page_size=12&page=2');
    expect(p1.previous).toBeNull();
    expect(p1.results[0]).toMatchObject({
      status: 'draft',
      status_label: 'Черновик',
      seller_id: expect.any(Number),
      offers: expect.any(Array),
    });
    const p2 = (await t.app.inject({ url: '/v1/product_owner/?status=draft&page_size=12&page=2', headers: c })).json();
    expect(p2.results).toHaveLength(1);
    expect(p2.next).toBeNull();
    const p3 = await t.app.inject({ url: '/v1/product_owner/?status=draft&page_size=12&page=3', headers: c });
    expect(p3.statusCode).toBe(404);
    expect(p3.json()).toEqual({ detail: 'Неверная страница.' });
    const active = (await t.app.inject({ url: '/v1/product_owner/?status=active&page_size=12', headers: c })).json();
    expect(active.count).toBe(1);
    expect(active.results[0].photo.url).toMatch(/^\/media\/p\//);
    expect((await t.app.inject({ url: '/v1/product_owner/?status=weird', headers: c })).statusCode).toBe(400);
    // Another user's list does not contain them.
    const other = (await t.app.inject({ url: '/v1/product_owner/?status=draft', headers: b })).json();
    expect(other.count).toBe(0);
  });
});
