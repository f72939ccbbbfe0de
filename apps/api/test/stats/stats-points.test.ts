/**
 * The statistics' points written from PostgreSQL's flat figures (stats/points.ts) must be the very text
 * `JSON.stringify` would write of the contract's points built as objects: revenue as `toRubles` (kopecks ÷ 100,
 * negative after refunds), conversion as `conversionOf` (4 decimals, half up, at most 1, 0 without views) — over a
 * grid of counts that includes halves to round, more orders than views and sums near 2^53 kopecks, sent through
 * PostgreSQL (PGlite and PostgreSQL). Empty buckets are zeros, and the buckets of every grain come in order with the
 * contract's labels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { toRubles } from '../../src/lib/money.js';
import { conversionOf, pointsJson, seriesFiguresSql } from '../../src/modules/stats/points.js';
import { addDays, resolvePeriod, type ResolvedPeriod } from '../../src/modules/stats/time.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

type Row = { views: number; favorites: number; orders: number; revenue: number };

const VIEWS = [0, 1, 2, 3, 7, 9, 800, 1600, 3333, 20_000, 1_000_003];
const ORDERS = [0, 1, 2, 3, 5, 11, 4000];
const REVENUE = [0, 1, 5, 10, 99, 1_299_050, -1000, -7, 333, 12_345_678_901, 2 ** 53 - 1, 9_007_199_254_740_000];

/** Every combination of the grid, one a day from 1 January 2026 (a few days of it left empty). */
function grid(): Map<string, Row> {
  const rows = new Map<string, Row>();
  let i = 0;
  for (const views of VIEWS)
    for (const orders of ORDERS) {
      const revenue = REVENUE[i % REVENUE.length]!;
      if (i % 13 !== 5) rows.set(addDays('2026-01-01', i), { views, favorites: (i * 7) % 50, orders, revenue });
      i++;
    }
  return rows;
}

describe.runIf(dbAvailable())('points written by PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The points text of `p` over `rows` (as the `series` relation: bucket `b` and counters), through PostgreSQL. */
  async function pointsText(p: ResolvedPeriod, rows: [string, Row][], cast: 'date' | 'timestamptz'): Promise<string> {
    const values = rows.map(
      ([b, r]) =>
        sql`(${b}::${sql.raw(cast)}, ${r.views}::int, ${r.favorites}::int, ${r.orders}::int, ${r.revenue}::float8)`,
    );
    const series = sql`(select * from (values ${sql.join(values, sql`, `)}) v(b, views, favorites, orders, revenue))`;
    const [row] = await queryRows<{ figures: string | null }>(
      t.app.db,
      sql`select ${seriesFiguresSql(p, series)} as figures`,
    );
    return pointsJson(p, row!.figures);
  }

  it('writes each point as JSON.stringify writes the point built in JavaScript', async () => {
    const rows = grid();
    const days = [...rows.keys()].sort();
    const p = resolvePeriod(
      { period: 'custom', date_from: days[0]!, date_to: days.at(-1)! },
      new Date('2026-11-22T12:00:00Z'),
    );
    const text = await pointsText(p, [...rows], 'date');
    const zero: Row = { views: 0, favorites: 0, orders: 0, revenue: 0 };
    const expected = [];
    for (let d = days[0]!; d <= days.at(-1)!; d = addDays(d, 1)) {
      const r = rows.get(d) ?? zero;
      expected.push({
        date: d,
        views: r.views,
        favorites: r.favorites,
        orders: r.orders,
        revenue: toRubles(r.revenue),
        conversion: conversionOf(r),
      });
    }
    expect(expected.length).toBe(VIEWS.length * ORDERS.length);
    expect(text).toBe(JSON.stringify(expected));
    // The grid reaches the rules' edges: halves rounded up, the cap at 1, no views.
    const conversions = expected.map((e) => e.conversion);
    expect(conversionOf({ views: 1600, orders: 1 })).toBe(0.0006); // 6.25 → 6
    expect(conversionOf({ views: 800, orders: 1 })).toBe(0.0013); // 12.5 → 13
    expect(conversions).toContain(1);
    expect(conversions).toContain(0.0013);
  });

  it('labels hours in Moscow time and months as YYYY-MM, empty buckets as zeros', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const day = resolvePeriod({ period: 'day' }, now);
    const hours = await pointsText(
      day,
      [['2026-11-22T06:00:00Z', { views: 4, favorites: 1, orders: 1, revenue: 50 }]],
      'timestamptz',
    );
    const points = JSON.parse(hours) as { date: string; views: number; conversion: number }[];
    expect(points).toHaveLength(24);
    expect(points[0]!.date).toBe('2026-11-22T00:00');
    expect(points[9]).toEqual({
      date: '2026-11-22T09:00',
      views: 4,
      favorites: 1,
      orders: 1,
      revenue: 0.5,
      conversion: 0.25,
    });
    expect(points[23]).toEqual({
      date: '2026-11-22T23:00',
      views: 0,
      favorites: 0,
      orders: 0,
      revenue: 0,
      conversion: 0,
    });
    // No rows at all: every bucket is zeros.
    const empty = JSON.parse(pointsJson(day, null)) as { views: number; revenue: number }[];
    expect(empty).toHaveLength(24);
    expect(empty.every((e) => e.views === 0 && e.revenue === 0)).toBe(true);
    const year = resolvePeriod({ period: 'year' }, now);
    const months = JSON.parse(
      await pointsText(year, [['2026-03-01', { views: 2, favorites: 0, orders: 0, revenue: 0 }]], 'date'),
    ) as { date: string; views: number }[];
    expect(months.map((m) => m.date)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
    expect(months[2]!.views).toBe(2);
  });
});
