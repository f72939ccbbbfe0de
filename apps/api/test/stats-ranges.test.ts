/**
 * Long statistics ranges (issue 14): a listing's figures over a range are read from the fewest roll-up rows — a
 * calendar year's row, months, pentads and days at the edges, some of them subtracted (stats/cover.ts `coverDays`). Here
 * two years of history are written through the app's own writer (`addToRollups`, as views, favorites and orders
 * record them), and every range — whole months, partial edges, across the new year, one reaching today — must
 * answer exactly the sum of the daily rows, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { addToRollups } from '../src/modules/stats/record.js';
import { addDays, pentadOf } from '../src/modules/stats/time.js';
import { coverDays, coverRows, type CoverPart } from '../src/modules/stats/cover.js';
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

  /** Rows of a listing a cover reads. */
  const rowsOf = (parts: readonly CoverPart[]) => parts.reduce((n, p) => n + bucketsIn(p).length, 0);
  /** The buckets (first days) of a part, from its `from` to its `to`. */
  const bucketsIn = (p: CoverPart) => {
    const all: string[] = [];
    for (let ms = Date.parse(p.from); ms <= Date.parse(p.to); ms += DAY_MS) {
      const d = new Date(ms).toISOString().slice(0, 10);
      const first =
        p.grain === 'day'
          ? d
          : p.grain === 'pentad'
            ? pentadOf(d)
            : p.grain === 'month'
              ? `${d.slice(0, 8)}01`
              : `${d.slice(0, 5)}01-01`;
      if (first === d) all.push(d);
    }
    return all;
  };
  /** The days a bucket holds. */
  const daysOf = (grain: CoverPart['grain'], first: string) => {
    const end =
      grain === 'day'
        ? first
        : grain === 'pentad'
          ? first.endsWith('26')
            ? new Date(Date.UTC(+first.slice(0, 4), +first.slice(5, 7), 0)).toISOString().slice(0, 10)
            : new Date(Date.parse(first) + 4 * DAY_MS).toISOString().slice(0, 10)
          : grain === 'month'
            ? new Date(Date.UTC(+first.slice(0, 4), +first.slice(5, 7), 0)).toISOString().slice(0, 10)
            : `${first.slice(0, 4)}-12-31`;
    const out: string[] = [];
    for (let ms = Date.parse(first); ms <= Date.parse(end); ms += DAY_MS)
      out.push(new Date(ms).toISOString().slice(0, 10));
    return out;
  };

  it('reads a year back as one yearly row, a month and a few pentads and days, not twelve months', () => {
    const parts = coverDays({ from: '2025-11-22', to: TODAY }, TODAY);
    expect(parts.filter((p) => p.grain === 'year')).toEqual([
      { grain: 'year', from: '2026-01-01', to: '2026-01-01', sign: 1 },
    ]);
    // The pentad 21–25 November 2025 minus its 21st, the pentad 26–30 November, December 2025 and the year 2026
    // (by days and months: 9 days and 12 months).
    expect(rowsOf(parts)).toBe(5);
  });

  it('covers every range of two years exactly, the edge of a month in at most 5 rows of a listing', () => {
    // Fixed seed: 3 000 ranges between 1 January 2025 and 31 December 2026, «today» among them.
    let seed = 20261126;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const start = Date.parse('2025-01-01');
    const day = (n: number) => new Date(start + n * DAY_MS).toISOString().slice(0, 10);
    const problems: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const a = rand(730);
      const b = a + rand(Math.min(366, 730 - a));
      const [from, to, today] = [day(a), day(b), day(rand(730))];
      const parts = coverDays({ from, to }, today);
      // Each day counted once inside the range (up to today when the range reaches it), never outside.
      const count = new Map<string, number>();
      for (const p of parts)
        for (const first of bucketsIn(p))
          for (const d of daysOf(p.grain, first)) count.set(d, (count.get(d) ?? 0) + p.sign);
      const last = to >= today ? `${to.slice(0, 4)}-12-31` : to;
      const wrong = [...count].filter(([d, n]) => n !== (d >= from && d <= last ? 1 : 0));
      const days = Math.round((Date.parse(last) - Date.parse(from)) / DAY_MS) + 1;
      const counted = [...count.values()].filter((n) => n === 1).length;
      if (wrong.length || counted !== days) problems.push(`${from}…${to} (today ${today}): ${JSON.stringify(wrong)}`);
      if (coverRows(parts) !== rowsOf(parts))
        problems.push(`${from}…${to}: coverRows ${coverRows(parts)}, counted ${rowsOf(parts)}`);
      // Inside one month: at most 8 rows (pentads and days; by days alone up to 31), and at most 5 for a month's
      // edge — a range from its first day or to its last, as the edges of a long range are (by days up to 16).
      if (from.slice(0, 7) === last.slice(0, 7)) {
        const edge = from.endsWith('-01') || addDays(last, 1).endsWith('-01');
        if (rowsOf(parts) > (edge ? 5 : 8)) problems.push(`${from}…${to}: ${rowsOf(parts)} rows`);
      }
    }
    expect(problems).toEqual([]);
  });
});
