/**
 * Listing cards through the prepared card statement (catalog/cards.ts `cardRows`, db/client.ts
 * `preparedRows`): PostgreSQL keeps a generic plan of it after five runs on a connection, so these tests
 * run it well past that and check every card against the tables, and that a change shows at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { preparedRows, queryRows } from '../../src/db/client.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

type Card = { id: number; slug: string; price: number; sizes: string[]; brand: { name: string } | null };

describe.runIf(dbAvailable())('listing cards from the prepared statement', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** In-stock sizes (grid order) and the lowest in-stock price (rubles) of a listing, read directly. */
  const truth = async (id: number) => {
    const rows = await queryRows<{ size: string; price: number }>(
      t.database.db,
      sql`select o.size, o.price from offers o left join sizes s on s.id = o.size_id
          where o.product_id = ${id} and o.count > 0 order by coalesce(s.position, 2147483647), o.id`,
    );
    return { sizes: rows.map((r) => r.size), price: Math.min(...rows.map((r) => r.price)) / 100 };
  };

  it('gives the right cards, in the page order, page after page', async () => {
    const seen = new Set<number>();
    let previous = -1;
    const size = 4;
    for (let page = 1; page <= 10; page++) {
      const res = await t.app.inject(`/v1/public/products/?sort=price_asc&page_size=${size}&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      const { count, results: cards } = res.json() as { count: number; results: Card[] };
      expect(count).toBeGreaterThanOrEqual(10 * size);
      expect(cards).toHaveLength(size);
      for (const c of cards) {
        expect(seen.has(c.id), `${c.slug} twice`).toBe(false);
        seen.add(c.id);
        expect(c.price).toBeGreaterThanOrEqual(previous); // the ids query's order is kept
        previous = c.price;
        expect({ sizes: c.sizes, price: c.price }).toEqual(await truth(c.id));
      }
    }
  });

  it('shows a new price and a sold-out size at once', async () => {
    const first = async () =>
      ((await t.app.inject('/v1/public/products/?sort=new&page_size=1')).json() as { results: Card[] }).results[0]!;
    for (let i = 0; i < 6; i++) await first(); // past the point where PostgreSQL settles on a generic plan
    const before = await first();
    await t.database.db.execute(sql`update offers set price = 123400 where product_id = ${before.id}`);
    const after = await first();
    expect(after.id).toBe(before.id);
    expect(after.price).toBe(1234);
    await t.database.db.execute(
      sql`update offers set count = 0 where product_id = ${before.id} and size = ${before.sizes[0]!}`,
    );
    const sold = await first();
    expect(sold.sizes).toEqual(before.sizes.slice(1));
  });

  it('runs the same prepared statement with other values and returns their rows', async () => {
    const ids = await queryRows<{ id: number; slug: string }>(
      t.database.db,
      sql`select id, slug from products order by id limit 10`,
    );
    for (let i = 0; i < 10; i++) {
      const want = ids
        .slice(i)
        .concat(ids.slice(0, i))
        .slice(0, 1 + (i % 4));
      const got = await preparedRows<{ id: number; slug: string }>(
        t.database.db,
        sql`select p.id, p.slug from unnest(${sql.param(want.map((r) => r.id))}::int[]) with ordinality as k(id, n)
            join products p on p.id = k.id order by k.n`,
      );
      expect(got).toEqual(want);
    }
  });
});
