/**
 * The small known catalog of the public catalog tests (catalog-*.test.ts in this folder): the fixture world of
 * catalog-fixtures.ts with seven listings of two sellers (on sale, a draft, sold, deleted), a compilation and a
 * subscription, in a fresh app per test file.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../helpers.js';
import { addListing, makeFixture, type Fixture } from '../catalog-fixtures.js';

/** A listing card of a listing page, as the tests read it. */
export type Card = {
  id: number;
  slug: string;
  title: string;
  price: number;
  sizes: string[];
  status: string;
  brand: { slug: string } | null;
  photo: { url: string } | null;
};
/** A listing page. */
export type PageBody = { count: number; next: string | null; previous: string | null; results: Card[] };

/** The listings of the world by name. */
export type WorldListings = Record<
  'airMax' | 'nb574' | 'moncler' | 'stone' | 'draft' | 'sold' | 'deleted',
  { id: number; slug: string }
>;

/** The test file's app and world (`t`, `f` set before its first test) with the GET helpers. */
export interface CatalogWorld {
  t: TestContext;
  f: Fixture;
  L: WorldListings;
  get: (url: string, headers?: Record<string, string>) => ReturnType<TestContext['app']['inject']>;
  /** GETs a listing page, expecting 200. */
  page: (url: string) => Promise<PageBody>;
  slugs: (p: PageBody) => string[];
}

/**
 * Registers the hooks that build the world before the file's tests (or the describe's it is called in) and close
 * the app after them.
 */
export function useCatalogWorld(): CatalogWorld {
  const w = {
    L: {} as WorldListings,
    get: (url: string, headers: Record<string, string> = {}) => w.t.app.inject({ method: 'GET', url, headers }),
    page: async (url: string) => {
      const res = await w.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PageBody;
    },
    slugs: (p: PageBody) => p.results.map((r) => r.slug),
  } as CatalogWorld;
  const L = w.L;
  beforeAll(async () => {
    const t = (w.t = await createTestApp());
    const db = t.app.db;
    const f = (w.f = await makeFixture(db));
    const { a, b } = f.sellers;
    L.airMax = await addListing(db, {
      title: 'Кроссовки Nike Air Max 90',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      condition: 'new_with_tag',
      color: 'white',
      offers: [
        { size: '42', sizeId: f.sizes.shoes['42'], price: 12990, count: 2 },
        { size: '41', sizeId: f.sizes.shoes['41'], price: 11990, count: 1 },
        { size: '44', sizeId: f.sizes.shoes['44'], price: 12990, count: 0 },
      ],
      photos: 3,
      publishedAt: '2026-11-20T10:00:00Z',
      views: 5,
    });
    L.nb574 = await addListing(db, {
      title: 'Кроссовки New Balance 574',
      owner: a,
      brand: f.brands.newBalance,
      category: f.cats.sneakers,
      condition: 'good',
      color: 'grey',
      offers: [{ size: '43', sizeId: f.sizes.shoes['43'], price: 7500 }],
      publishedAt: '2026-11-21T10:00:00Z',
      views: 50,
    });
    L.moncler = await addListing(db, {
      title: 'Пуховик Moncler Maya',
      owner: b,
      brand: f.brands.moncler,
      category: f.cats.downJackets,
      condition: 'excellent',
      color: 'black',
      offers: [{ size: 'M', sizeId: f.sizes.clothes.M, price: 89000 }],
      publishedAt: '2026-11-19T10:00:00Z',
      views: 20,
    });
    L.stone = await addListing(db, {
      title: 'Пуховик Stone Island',
      owner: b,
      brand: f.brands.stoneIsland,
      category: f.cats.downJackets,
      condition: 'satisfactory',
      color: 'blue',
      offers: [{ size: 's', price: 35000 }],
      publishedAt: '2026-11-18T10:00:00Z',
    });
    L.draft = await addListing(db, {
      title: 'Черновик кроссовки Nike',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      status: 'draft',
      offers: [{ size: '42', price: 5000 }],
    });
    L.sold = await addListing(db, {
      title: 'Проданные кроссовки Nike',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      status: 'sold',
      offers: [{ size: '42', price: 6000, count: 0 }],
    });
    L.deleted = await addListing(db, {
      title: 'Удалённые кроссовки Nike',
      owner: a,
      brand: f.brands.nike,
      category: f.cats.sneakers,
      status: 'deleted',
      offers: [{ size: '42', price: 6000 }],
    });
    await db.execute(sql`insert into compilation_products (compilation_id, product_id, position) values
    (${f.compilation.id}, ${L.moncler.id}, 0), (${f.compilation.id}, ${L.stone.id}, 1), (${f.compilation.id}, ${L.sold.id}, 2)`);
    await db.execute(sql`insert into subscriptions (subscriber_id, seller_id) values (${a}, ${b})`);
  });
  afterAll(() => w.t?.close());
  return w;
}
