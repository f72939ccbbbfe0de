/**
 * SQL over the statistics roll-ups shared by the reads (read.ts) and the year-to-date packs (ytd.ts): a range of
 * days as signed rows of the fewest buckets (cover.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { coverDays } from './cover.js';
import type { DayRange } from './time.js';

/** The roll-up of each grain of a cover: its table and its bucket column. */
const ROLLUP = {
  day: ['stats_daily', 'day'],
  pentad: ['stats_pentad', 'pentad'],
  month: ['stats_monthly', 'month'],
  year: ['stats_yearly', 'year'],
} as const;

/**
 * Rows over a range of days of the listings `which` picks (`product_id <> 0`: each listing; `product_id = 0`: the
 * seller's total): the fewest rows of the yearly, monthly, pentad and daily roll-ups (`coverDays`), each signed —
 * columns `product_id, views, favorites, orders, revenue`. Revenue is read as float8 (kopecks, exact below 2^53):
 * PostgreSQL sums it without `numeric`.
 * @param today the Moscow day of now: days after it are empty, so a range reaching it may read whole buckets
 */
export function rowsOverDays(sellerId: number, r: DayRange, today: string, which: SQL): SQL {
  const parts = coverDays(r, today).map((p) => {
    const [table, col] = ROLLUP[p.grain];
    const sign = p.sign === 1 ? sql`` : sql`-`;
    return sql`select product_id, ${sign}views as views, ${sign}favorites as favorites, ${sign}orders as orders,
          ${sign}revenue::float8 as revenue from ${sql.identifier(table)}
        where seller_id = ${sellerId} and ${sql.identifier(col)} between ${p.from} and ${p.to} and ${which}`;
  });
  // A range that starts after today has no rows yet (no bucket is read).
  if (!parts.length)
    return sql`select 0 as product_id, 0 as views, 0 as favorites, 0 as orders, 0::float8 as revenue
    where false`;
  return sql.join(parts, sql` union all `);
}

/** {@link rowsOverDays} of each listing (`product_id <> 0`). */
export const listingRowsOverDays = (sellerId: number, r: DayRange, today: string) =>
  rowsOverDays(sellerId, r, today, sql`product_id <> 0`);

/** A `HAVING` for rows grouped by listing: the listing has any figure in the range (a listing with none is left out). */
export const HAS_FIGURES = sql`sum(views) <> 0 or sum(favorites) <> 0 or sum(orders) <> 0 or sum(revenue) <> 0`;
