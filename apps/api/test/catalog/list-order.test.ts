/**
 * Listing pages with a size filter (catalog/service.ts `isSmallMatch`): whether a page is found by walking
 * a sorted index or by sorting the matches, the pages together must be exactly the matches in the order
 * asked for, each once — checked page after page against the order computed directly in SQL. And the choice
 * itself at the bench's catalog size: a size-filtered set is walked unless the walk would be long.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { rememberCount } from '../../src/modules/catalog/counts.js';
import { isSmallMatch } from '../../src/modules/catalog/listing.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('listing pages with a size filter', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const orders: Record<string, SQL> = {
    new: sql`p.published_at desc, p.id desc`,
    price_asc: sql`p.min_price asc, p.id desc`,
    popular: sql`p.view_count desc, p.id desc`,
  };

  /** Every page of `query` with pages of 5, in order. */
  const allPages = async (query: string) => {
    const ids: number[] = [];
    for (let page = 1; page < 100; page++) {
      const res = await t.app.inject(`/v1/public/products/?${query}&page_size=5&page=${page}`);
      if (res.statusCode === 404) break;
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { count: number; results: { id: number }[]; next: string | null };
      ids.push(...body.results.map((r) => r.id));
      if (!body.next) break;
    }
    return ids;
  };

  it.each([
    ['42,43', 'new'],
    ['42,43', 'price_asc'],
    ['M', 'popular'],
    ['M,L', 'new'],
    ['XL,44', 'price_asc'],
  ])('size=%s, sort=%s: the pages are the matches in order', async (sizes, sort) => {
    const want = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id from products p where p.status = 'active' and exists (
            select 1 from offers o where o.product_id = p.id and o.count > 0
              and upper(o.size) = any(${sql.param(sizes.toUpperCase().split(','))}::text[]))
          order by ${orders[sort]!}`,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(await allPages(`size=${sizes}&sort=${sort}`)).toEqual(want.map((r) => r.id));
  });

  it('walks the index for a size-filtered set unless the walk would be long (100 000 listings)', async () => {
    const db = t.database.db;
    // As if the catalog had 92 009 active listings (the bench's), kept the way a counted figure is.
    rememberCount(db, [sql`p.status = 'active'`], 92_009);
    const sized = (count: number, pageEnd: number) => isSmallMatch(db, count, { pageEnd, perRowLookup: true });
    // «мужское, Nike/Adidas/NB, 42–43»: 834 matches — page 1 walks (0.7 ms, sorting 1.8–4.9 ms).
    expect(await sized(834, 24)).toBe(false);
    // A few hundred matches, or a deep page of them: the walk would be long, the matches are sorted.
    expect(await sized(300, 24)).toBe(true);
    expect(await sized(834, 240)).toBe(true);
    // Without a per-row lookup the same 834 matches are a small set, sorted as before.
    expect(await isSmallMatch(db, 834, { pageEnd: 24, perRowLookup: false })).toBe(true);
    rememberCount(db, [sql`p.status = 'active'`], 0); // forget it: later requests count the real catalog
  });
});
