/**
 * Long statistics ranges (issue 14): a listing's figures over a range are read from the fewest roll-up rows — a
 * calendar year's row, months, and days at the edges, some of them subtracted (stats/time.ts `coverDays`). Here
 * two years of history are written through the app's own writer (`addToRollups`, as views, favorites and orders
 * record them), and every range — whole months, partial edges, across the new year, one reaching today — must
 * answer exactly the sum of the daily rows, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { addToRollups } from '../src/modules/stats/record.js';
import { coverDays } from '../src/modules/stats/time.js';
import { createTestApp, dbAvailable, type TestContext } from './helpers.js';
import { makeListing, makeUser, type TestUser } from './buy-fixtures.js';

type Figures = { views: number; favorites: number; orders: number; revenue: number };
/** Today in Moscow by the test clock (2026-11-22T12:00Z). */
const TODAY = '2026-11-22';
const DAY_MS = 86_400_000;

describe.runIf(dbAvailable())('statistics over long ranges', () => {
  let t: TestContext;
  let seller: TestUser;
  const listings: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Олег');
    for (let i = 0; i < 3; i++) listings.push((await makeListing(t.app, seller.id)).id);
    // Every 4th day from 2 January 2025 to today, 12:00 Moscow; a listing skips some days; figures vary.
    let n = 0;
    for (let ms = Date.parse('2025-01-02T09:00:00Z'); ms <= Date.parse(`${TODAY}T09:00:00Z`); ms += 4 * DAY_MS) {
      n++;
      const bumps = listings
        .filter((_, i) => (n + i) % 3 !== 0)
        .map((productId, i) => ({
          productId,
          views: 1 + ((n * (i + 3)) % 7),
          favorites: (n + i) % 2,
          orders: n % 5 === i ? 1 : 0,
          revenue: n % 5 === i ? 499_050 + n : 0,
        }));
      const total = bumps.reduce(
        (a, b) => ({
          views: a.views + b.views,
          favorites: a.favorites + b.favorites,
          orders: a.orders + b.orders,
          revenue: a.revenue + b.revenue,
        }),
        { views: 0, favorites: 0, orders: 0, revenue: 0 },
      );
      await addToRollups(t.app.db, seller.id, new Date(ms), [{ productId: 0, ...total }, ...bumps]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The daily rows' sums of a range, per listing (revenue in rubles). */
  const dailySums = async (from: string, to: string) => {
    const rows = await queryRows<Figures & { product_id: number }>(
      t.app.db,
      sql`select product_id, sum(views)::int as views, sum(favorites)::int as favorites, sum(orders)::int as orders,
            sum(revenue)::float8 / 100 as revenue
          from stats_daily where seller_id = ${seller.id} and day between ${from} and ${to} group by product_id`,
    );
    return new Map(rows.map(({ product_id, ...f }) => [Number(product_id), f]));
  };

  it.each([
    ['a year up to today (a year row, a month, edge days)', '2025-11-22', TODAY],
    ['366 days across the new year, ending in the future', '2025-12-31', '2026-12-31'],
    ['partial months on both sides of the new year', '2025-06-10', '2026-05-20'],
    ['most of one year: the year minus its edges', '2025-01-15', '2025-12-20'],
    ['one whole month', '2026-02-01', '2026-02-28'],
    ['days inside a month', '2025-03-17', '2025-03-29'],
    ['a month mostly inside and one mostly outside', '2025-04-03', '2025-05-09'],
  ])('%s: %s…%s equals the sum of the days', async (_name, from, to) => {
    const res = await t.app.inject({
      url: `/v1/sales/statistics/?period=custom&date_from=${from}&date_to=${to}`,
      headers: seller.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { totals: Figures; points: Figures[]; top_listings: (Figures & { id: number })[] };
    const want = await dailySums(from, to);
    for (const id of listings) {
      const got = data.top_listings.find((l) => l.id === id);
      const w = want.get(id) ?? { views: 0, favorites: 0, orders: 0, revenue: 0 };
      expect(got, `listing ${id}`).toMatchObject({
        views: w.views,
        favorites: w.favorites,
        orders: w.orders,
        revenue: w.revenue,
      });
    }
    const seller0 = want.get(0)!;
    expect(data.totals).toMatchObject(seller0);
    expect(data.points.reduce((a, p) => a + p.views, 0)).toBe(seller0.views);
    expect(seller0.views).toBeGreaterThan(0);
  });

  it('reads a year back as one yearly row, a few months and edge days, not twelve months', () => {
    const parts = coverDays({ from: '2025-11-22', to: TODAY }, TODAY);
    expect(parts.filter((p) => p.grain === 'year')).toEqual([
      { grain: 'year', from: '2026-01-01', to: '2026-01-01', sign: 1 },
    ]);
    const rows = parts.reduce(
      (n, p) =>
        n + (p.grain === 'day' ? (Date.parse(p.to) - Date.parse(p.from)) / DAY_MS + 1 : p.grain === 'month' ? 1 : 1),
      0,
    );
    // 22–30 November 2025, December 2025 and the year 2026 (by months alone: 9 days and 12 months).
    expect(rows).toBe(11);
  });
});
