/**
 * The points of a period (spec §7 `GET /v1/sales/statistics/`) as the JSON text of the answer's `points`
 * array: every bucket of the period in order, empty ones as zeros,
 * `[{"date":"2026-11-01","views":…,"favorites":…,"orders":…,"revenue":…,"conversion":…},…]`.
 *
 * Why text: a custom range has up to 366 points. Read as JSON, kept in a Map and built into objects that
 * `JSON.stringify` writes again, they cost ~1.5 ms of Node CPU per answer — half of the answer's cost in Node, and the
 * one Node thread bounds the statistics at 10 connections on 2 cores. Written by PostgreSQL as text instead, they
 * cost it 1.2 ms more than the rows alone. So PostgreSQL sends only the numbers — `bucket index, views, favorites,
 * orders, revenue` per row with figures, one flat comma-separated text — and Node writes the points from them with one
 * template per point: no object per point, no Map, no stringify (docs/performance.md, 2026-11-27 evening).
 */
import { sql, type SQL } from 'drizzle-orm';
import { toRubles } from '../../lib/money.js';
import { moscowOffsetMs } from '../../lib/moscow-time.js';
import { eachDay, eachMonth, type HourRange, type ResolvedPeriod } from './time.js';

/**
 * Conversion — orders ÷ views as a fraction 0…1 with 4 decimals, at most 1 (buyers who came by a direct link
 * without a counted view), 0 without views.
 */
export const conversionOf = (r: { views: number; orders: number }) =>
  r.views ? Math.min(1, Math.round((r.orders / r.views) * 10_000) / 10_000) : 0;

/**
 * The seller's total rows (`product_id = 0`) of a period's grain: `b` (the bucket: a day, a month's first day or an
 * hour's start) and the counters, revenue in kopecks as float8.
 */
export function seriesRowsSql(sellerId: number, p: ResolvedPeriod): SQL {
  const counters = sql`views, favorites, orders, revenue::float8 as revenue`;
  if (p.grain === 'hour')
    return sql`select hour as b, ${counters} from stats_hourly where seller_id = ${sellerId} and product_id = 0
      and hour >= ${p.hours.from.toISOString()} and hour < ${p.hours.to.toISOString()}`;
  const [table, col] = p.grain === 'day' ? ['stats_daily', 'day'] : ['stats_monthly', 'month'];
  return sql`select ${sql.identifier(col)} as b, ${counters} from ${sql.identifier(table)}
    where seller_id = ${sellerId} and product_id = 0 and ${sql.identifier(col)} between ${p.days.from} and ${p.days.to}`;
}

/**
 * The figures of `series` (a relation with {@link seriesRowsSql}'s columns, e.g. a CTE name) as one text, a scalar
 * subquery: `index,views,favorites,orders,revenue` of each row with figures, comma-separated, in no particular order
 * — the index counts the period's buckets from 0 (hours, days or months since its start); null without rows.
 */
export function seriesFiguresSql(p: ResolvedPeriod, series: SQL): SQL {
  const index =
    p.grain === 'hour'
      ? sql`(extract(epoch from s.b - ${p.hours.from.toISOString()}::timestamptz) / 3600)::int`
      : p.grain === 'day'
        ? sql`s.b - ${p.days.from}::date`
        : sql`((extract(year from s.b) - extract(year from ${p.days.from}::date)) * 12
            + extract(month from s.b) - extract(month from ${p.days.from}::date))::int`;
  return sql`(select string_agg(concat_ws(',', ${index}, s.views, s.favorites, s.orders, s.revenue), ',')
    from ${series} s)`;
}

/** The labels of a period's buckets, oldest first: the points' `date`. */
function labels(p: ResolvedPeriod): string[] {
  if (p.grain === 'hour') return hourLabels(p.hours);
  if (p.grain === 'day') return eachDay(p.days);
  return eachMonth(p.days).map((m) => m.slice(0, 7));
}

/**
 * `YYYY-MM-DDTHH:00` (Moscow) of every hour of a range. Moscow's offset is read once: it has not changed within a
 * day since 2014 (no summer time).
 */
function hourLabels(r: HourRange): string[] {
  const offset = moscowOffsetMs(r.from);
  const out: string[] = [];
  for (let t = r.from.getTime(); t < r.to.getTime(); t += 3_600_000)
    out.push(`${new Date(t + offset).toISOString().slice(0, 13)}:00`);
  return out;
}

/**
 * The `points` JSON text of a period from {@link seriesFiguresSql}'s text: exactly what `JSON.stringify` writes of
 * the contract's points (numbers as JavaScript prints them; revenue in rubles by `toRubles`, the conversion by
 * {@link conversionOf}) — `stats-points.test.ts` holds it to that.
 * @param figures the flat text (null: no rows — every point is zeros)
 */
export function pointsJson(p: ResolvedPeriod, figures: string | null): string {
  const names = labels(p);
  const n = names.length;
  const byBucket = new Float64Array(n * 4);
  if (figures) {
    const v = JSON.parse(`[${figures}]`) as number[];
    for (let i = 0; i + 4 < v.length; i += 5) {
      const k = v[i]!;
      if (k < 0 || k >= n) continue;
      byBucket[k * 4] = v[i + 1]!;
      byBucket[k * 4 + 1] = v[i + 2]!;
      byBucket[k * 4 + 2] = v[i + 3]!;
      byBucket[k * 4 + 3] = v[i + 4]!;
    }
  }
  let out = '[';
  for (let k = 0; k < n; k++) {
    const views = byBucket[k * 4]!;
    const orders = byBucket[k * 4 + 2]!;
    out += `${k ? ',' : ''}{"date":"${names[k]}","views":${views},"favorites":${byBucket[k * 4 + 1]},"orders":${orders},"revenue":${toRubles(byBucket[k * 4 + 3]!)},"conversion":${conversionOf({ views, orders })}}`;
  }
  return `${out}]`;
}
