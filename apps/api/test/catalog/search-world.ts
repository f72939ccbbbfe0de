/**
 * The small known catalog of the search tests (search-language, search-queries and search-suggest in this folder):
 * the fixture world of catalog-fixtures.ts with nine listings (on sale, a draft, sold), and the search calls.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../helpers.js';
import { addListing, makeFixture, type Fixture } from '../catalog-fixtures.js';

/** A search answer page. */
export type PageBody = { count: number; next: string | null; results: { slug: string; price: number }[] };

/**
 * Registers the hooks that build the world before the file's tests (`t`, `f` set from the first test on) and close
 * the app after them.
 */
export function useSearchWorld() {
  const w = {} as { t: TestContext; f: Fixture };
  const L = {} as Record<
    'airMax' | 'nb574' | 'moncler' | 'stone' | 'tee' | 'draft' | 'sold' | 'keds' | 'hoodie',
    { id: number; slug: string }
  >;
  const search = async (q: string, extra = '') => {
    const res = await w.t.app.inject(`/v1/public/search/?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    return res.json() as PageBody;
  };
  const found = async (q: string, extra = '') => (await search(q, `&page_size=60${extra}`)).results.map((r) => r.slug);

  beforeAll(async () => {
    w.t = await createTestApp();
    const db = w.t.app.db;
    w.f = await makeFixture(db);
    const { a, b } = w.f.sellers;
    L.airMax = await addListing(db, {
      title: 'Кроссовки Nike Air Max 90 Фантазия',
      owner: a,
      brand: w.f.brands.nike,
      category: w.f.cats.sneakers,
      color: 'white',
      description: 'Лёгкие беговые кроссовки, носил один сезон.',
      offers: [
        { size: '42', sizeId: w.f.sizes.shoes['42'], price: 12990, count: 1 },
        { size: '44', sizeId: w.f.sizes.shoes['44'], price: 12990, count: 0 },
      ],
      publishedAt: '2026-11-20T10:00:00Z',
    });
    L.nb574 = await addListing(db, {
      title: 'Кроссовки New Balance 574',
      owner: a,
      brand: w.f.brands.newBalance,
      category: w.f.cats.sneakers,
      color: 'grey',
      offers: [{ size: '42', sizeId: w.f.sizes.shoes['42'], price: 7500 }],
      publishedAt: '2026-11-21T10:00:00Z',
    });
    L.moncler = await addListing(db, {
      title: 'Пуховик Moncler Maya Лучезарный',
      owner: b,
      brand: w.f.brands.moncler,
      category: w.f.cats.downJackets,
      color: 'black',
      description: 'Тёплый зимний пуховик с капюшоном.',
      offers: [{ size: 'M', sizeId: w.f.sizes.clothes.M, price: 89000 }],
      publishedAt: '2026-11-19T10:00:00Z',
    });
    L.stone = await addListing(db, {
      title: 'Куртка Stone Island Soft Shell',
      owner: b,
      brand: w.f.brands.stoneIsland,
      category: w.f.cats.downJackets,
      color: 'blue',
      offers: [{ size: 'L', sizeId: w.f.sizes.clothes.L, price: 35000 }],
      publishedAt: '2026-11-18T10:00:00Z',
    });
    L.tee = await addListing(db, {
      title: 'Футболка оверсайз хлопковая',
      owner: b,
      brand: null,
      category: w.f.cats.clothesRoot,
      color: 'white',
      offers: [{ size: 'S', sizeId: w.f.sizes.clothes.S, price: 1500 }],
      publishedAt: '2026-11-17T10:00:00Z',
    });
    const c = (await w.t.app.db.execute(
      sql`insert into users (first_name, city) values ('Вера', 'Омск') returning id`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const cSeller = c.rows[0]!.id;
    L.keds = await addListing(db, {
      title: 'Кеды Converse Chuck 70 Hi',
      owner: cSeller,
      brand: w.f.brands.converse,
      category: w.f.cats.sneakers,
      offers: [{ size: '40', sizeId: w.f.sizes.shoes['40'], price: 6000 }],
    });
    L.hoodie = await addListing(db, {
      title: 'Худи Converse с капюшоном',
      owner: cSeller,
      brand: w.f.brands.converse,
      category: w.f.cats.clothesRoot,
      offers: [{ size: 'L', sizeId: w.f.sizes.clothes.L, price: 3000 }],
    });
    L.draft = await addListing(db, {
      title: 'Пуховик Moncler черновик секретный',
      owner: b,
      brand: w.f.brands.moncler,
      category: w.f.cats.downJackets,
      status: 'draft',
      offers: [{ size: 'M', price: 1000 }],
    });
    L.sold = await addListing(db, {
      title: 'Пуховик Moncler проданный секретный',
      owner: b,
      brand: w.f.brands.moncler,
      category: w.f.cats.downJackets,
      status: 'sold',
      offers: [{ size: 'M', price: 1000, count: 0 }],
    });
  });
  afterAll(() => w.t?.close());
  return Object.assign(w, { L, search, found });
}
