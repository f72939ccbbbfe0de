/**
 * Statistics history for the range tests: two years of figures written through the app's own writer
 * (`addToRollups`, as views, favorites and orders record them), and the sums of the daily rows to check answers by.
 */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../src/db/client.js';
import { addToRollups } from '../src/modules/stats/record.js';

export type Figures = { views: number; favorites: number; orders: number; revenue: number };
/** Today in Moscow by the test clock (2026-11-22T12:00Z). */
export const TODAY = '2026-11-22';
const DAY_MS = 86_400_000;

/**
 * Every 4th day from 2 January 2025 to today, 12:00 Moscow, figures for the listings: a listing skips some days,
 * figures vary, some days bring an order (revenue in kopecks).
 */
export async function writeTwoYears(app: FastifyInstance, sellerId: number, listings: number[]): Promise<void> {
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
    await addToRollups(app.db, sellerId, new Date(ms), [{ productId: 0, ...total }, ...bumps]);
  }
}

/** The daily rows' sums of a range per listing, the seller's total under 0 (revenue in rubles). */
export async function dailySums(app: FastifyInstance, sellerId: number, from: string, to: string) {
  const rows = await queryRows<Figures & { product_id: number }>(
    app.db,
    sql`select product_id, sum(views)::int as views, sum(favorites)::int as favorites, sum(orders)::int as orders,
          sum(revenue)::float8 / 100 as revenue
        from stats_daily where seller_id = ${sellerId} and day between ${from} and ${to} group by product_id`,
  );
  return new Map(rows.map(({ product_id, ...f }) => [Number(product_id), f]));
}

/** Ranges of the two years: whole months, partial edges, across the new year, reaching today and beyond. */
export const RANGES: [string, string, string][] = [
  ['a year up to today (a year row, a month, edge days)', '2025-11-22', TODAY],
  ['366 days across the new year, ending in the future', '2025-12-31', '2026-12-31'],
  ['partial months on both sides of the new year', '2025-06-10', '2026-05-20'],
  ['most of one year: the year minus its edges', '2025-01-15', '2025-12-20'],
  ['one whole month', '2026-02-01', '2026-02-28'],
  ['days inside a month', '2025-03-17', '2025-03-29'],
  ['a month mostly inside and one mostly outside', '2025-04-03', '2025-05-09'],
  ['from the first of January to yesterday', '2026-01-01', '2026-11-21'],
];

/**
 * Asks the statistics of a custom range and expects each listing's figures, the totals and the points to be the sums
 * of the daily rows.
 */
export async function expectSumOfDays(
  app: FastifyInstance,
  seller: { id: number; auth: Record<string, string> },
  listings: number[],
  from: string,
  to: string,
): Promise<void> {
  const res = await app.inject({
    url: `/v1/sales/statistics/?period=custom&date_from=${from}&date_to=${to}`,
    headers: seller.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { totals: Figures; points: Figures[]; top_listings: (Figures & { id: number })[] };
  const want = await dailySums(app, seller.id, from, to);
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
}
