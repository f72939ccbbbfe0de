/**
 * Listing pages with a size filter (catalog/service.ts `isSmallMatch`): whether a page is found by walking
 * a sorted index or by sorting the matches, the pages together must be exactly the matches in the order
 * asked for, each once — checked page after page against the order computed directly in SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createTestApp, dbAvailable, type TestContext } from './helpers.js';

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
});
