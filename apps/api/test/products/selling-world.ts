/**
 * The world of the selling API tests (products-*.test.ts in this folder): two signed-in sellers, a size grid, a
 * brand and categories of their own, a believable photo, and the calls that create and edit a listing.
 */
import { afterAll, beforeAll } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { brands, categories, sizeGrids, sizes } from '../../src/db/schema/index.js';
import { createTestApp, multipart, signIn, type TestContext } from '../helpers.js';

/** A user's sign-in header. */
export type Auth = { authorization: string };
/** The categories and brand the selling tests list under. */
export interface Fixture {
  brand: number;
  parent: number;
  leaf: number;
  other: number;
}

/** A believable photo: 800×600 plain JPEG (optionally with EXIF GPS and orientation 6). */
export async function jpeg(opts: { gps?: boolean; width?: number; height?: number } = {}): Promise<Buffer> {
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

/** A file part of the photo field. */
export const photo = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => ({
  field: 'photos',
  filename,
  contentType,
  data,
});

/**
 * Registers the hooks that make the world before the file's tests (its app closed after them); `t`, `a`, `b`, `fx`
 * and `img` are set from the first test on.
 */
export function useSellingWorld() {
  const s = {} as { t: TestContext; a: Auth; b: Auth; fx: Fixture; img: Buffer };

  const fields = (over: Record<string, string> = {}) => ({
    title: 'Пальто шерстяное Zara',
    description: 'Тёплое пальто, носила один сезон.',
    brand: String(s.fx.brand),
    category: String(s.fx.leaf),
    condition: 'excellent',
    color: 'beige',
    sizes: JSON.stringify([
      { size: 'M', price: 12990, count: 1 },
      { size: 'L', price: 11990, count: 2 },
    ]),
    ...over,
  });

  const create = async (auth: Auth, over: Record<string, string> = {}, files = [photo(s.img)]) => {
    const body = multipart(fields(over), files);
    return s.t.app.inject({
      method: 'POST',
      url: '/v1/products/',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const patch = async (auth: Auth, id: number, f: Record<string, string>, files: ReturnType<typeof photo>[] = []) => {
    const body = multipart(f, files);
    return s.t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${id}/`,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    s.t = await createTestApp();
    s.a = (await signIn(s.t.app)).auth;
    s.b = (await signIn(s.t.app)).auth;
    s.img = await jpeg();
    const db = s.t.app.db;
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
    s.fx = { brand: brand!.id, parent: parent!.id, leaf: leaf!.id, other: other!.id };
  });
  afterAll(() => s.t?.close());
  return Object.assign(s, { fields, create, patch });
}
