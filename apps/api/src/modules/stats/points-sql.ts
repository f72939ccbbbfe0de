/**
 * The points of a period (spec §7 `GET /v1/sales/statistics/`, issue 14) written by PostgreSQL as the JSON text of
 * the answer's `points` array, every bucket of the period in order, empty ones as zeros:
 * `[{"date":"2026-11-01","views":…,"favorites":…,"orders":…,"revenue":…,"conversion":…},…]`.
 *
 * Why in SQL: a custom range has up to 366 points. Read as rows (or as JSON to parse) and built into objects that
 * `JSON.stringify` writes again, they cost ~1.5 ms of Node CPU per answer, half of the answer's whole cost in Node
 * (bench on `vitrina_bench_100k`, docs/performance.md); the one Node thread is what bounds the statistics at
 * 10 connections on 2 cores. PostgreSQL writes the same text for a fraction of that, and Node splices it in.
 *
 * The figures follow the contract's rules exactly as {@link conversionOf} and `toRubles` in JS do: revenue is kopecks
 * ÷ 100 (float8, printed shortest-exact as JavaScript prints a number), conversion is orders ÷ views rounded to
 * 4 decimals by `floor(x + 0.5)`, at most 1, 0 without views.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ResolvedPeriod } from './time.js';

/**
 * Conversion — orders ÷ views as a fraction 0…1 with 4 decimals, at most 1 (buyers who came by a direct link
 * without a counted view), 0 without views. The one rule of the API's `conversion`; {@link CONVERSION_SQL} is the
 * same arithmetic in PostgreSQL (float8, the same operations in the same order), checked against this over a grid
 * of counts by `stats-points.test.ts`.
 */
export const conversionOf = (r: { views: number; orders: number }) =>
  r.views ? Math.min(1, Math.floor((r.orders / r.views) * 10_000 + 0.5) / 10_000) : 0;

/** {@link conversionOf} of the columns `views` and `orders` of `s` (nulls — an empty bucket — as 0). */
const CONVERSION_SQL = sql`case when coalesce(s.views, 0) = 0 then 0::float8
  else least(1::float8, floor(s.orders::float8 / s.views * 10000 + 0.5) / 10000) end`;

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
 * Every bucket of a period, oldest first: `b` (compared with {@link seriesRowsSql}'s `b`) and `label` — the point's
 * `date`: `YYYY-MM-DDTHH:00` (Moscow) for hours, `YYYY-MM-DD` for days, `YYYY-MM` for months.
 */
function bucketsSql(p: ResolvedPeriod): SQL {
  if (p.grain === 'hour')
    return sql`select g as b, to_char(g at time zone 'Europe/Moscow', 'YYYY-MM-DD"T"HH24":00"') as label
      from generate_series(${p.hours.from.toISOString()}::timestamptz, ${p.hours.to.toISOString()}::timestamptz
        - interval '1 hour', interval '1 hour') g`;
  if (p.grain === 'day')
    return sql`select g::date as b, g::date::text as label
      from generate_series(${p.days.from}::date, ${p.days.to}::date, interval '1 day') g`;
  return sql`select g::date as b, to_char(g, 'YYYY-MM') as label
    from generate_series(date_trunc('month', ${p.days.from}::date), ${p.days.to}::date, interval '1 month') g`;
}

/**
 * The `points` JSON text of a period from `series` (a relation with {@link seriesRowsSql}'s columns, e.g. a CTE
 * name): a scalar subquery of type text.
 */
export function pointsJsonSql(p: ResolvedPeriod, series: SQL): SQL {
  const n = (c: string) => sql`coalesce(s.${sql.identifier(c)}, 0)`;
  return sql`(select '[' || coalesce(string_agg('{"date":"' || g.label || '","views":' || ${n('views')}
      || ',"favorites":' || ${n('favorites')} || ',"orders":' || ${n('orders')}
      || ',"revenue":' || (${n('revenue')} / 100) || ',"conversion":' || ${CONVERSION_SQL} || '}', ',' order by g.b), '')
      || ']' from (${bucketsSql(p)}) g left join ${series} s on s.b = g.b)`;
}
