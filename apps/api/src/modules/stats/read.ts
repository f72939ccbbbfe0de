/**
 * Reading the statistics (spec §7, issue 14): `weekly-statistics` and `statistics` of the caller's own listings,
 * from the roll-ups only — the seller's total rows (`product_id = 0`) give the points and totals, the per-listing
 * rows the table of listings. Every query is a range of an index that leads with `seller_id`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  Statistics,
  StatisticsFigures,
  StatisticsListing,
  StatisticsPoint,
  StatisticsTotals,
  WeeklyStatistics,
} from '@vitrina/contract/sales';
import { preparedRows, type Db } from '../../db/client.js';
import { toRubles } from '../../lib/money.js';
import { moscowDay } from '../../lib/moscow-time.js';
import { imageUrls } from '../media/index.js';
import {
  addDays,
  eachDay,
  eachHour,
  eachMonth,
  resolvePeriod,
  coverDays,
  type DayRange,
  type HourRange,
  type ResolvedPeriod,
} from './time.js';

/** The longest table of listings. */
export const TOP_LISTINGS = 50;

/** Counters in kopecks, as read. */
interface Raw {
  views: number;
  favorites: number;
  orders: number;
  revenue: number;
}
const ZERO: Raw = { views: 0, favorites: 0, orders: 0, revenue: 0 };
const COUNTERS = sql`views::int as views, favorites::int as favorites, orders::int as orders, revenue::float8 as revenue`;
const SUMS = sql`coalesce(sum(views), 0)::int as views, coalesce(sum(favorites), 0)::int as favorites,
  coalesce(sum(orders), 0)::int as orders, coalesce(sum(revenue), 0)::float8 as revenue`;

const add = (a: Raw, b: Raw): Raw => ({
  views: a.views + b.views,
  favorites: a.favorites + b.favorites,
  orders: a.orders + b.orders,
  revenue: a.revenue + b.revenue,
});
const num = (r: Raw): Raw => ({
  views: Number(r.views),
  favorites: Number(r.favorites),
  orders: Number(r.orders),
  revenue: Number(r.revenue),
});

/** Kopecks → the API's figures (rubles). */
export const figures = (r: Raw): StatisticsFigures => ({
  views: r.views,
  favorites: r.favorites,
  orders: r.orders,
  revenue: toRubles(r.revenue),
});
/**
 * Figures with the conversion: orders ÷ views as a fraction 0…1 (4 decimals), 0 without views, and at most 1
 * when more orders came than views were counted (buyers who came by a direct link without a counted view).
 */
export const totals = (r: Raw): StatisticsTotals => ({
  views: r.views,
  favorites: r.favorites,
  orders: r.orders,
  revenue: toRubles(r.revenue),
  conversion: conversionOf(r),
});
const conversionOf = (r: Raw) => (r.views ? Math.min(1, Math.round((r.orders / r.views) * 10_000) / 10_000) : 0);
/**
 * A point of the series: {@link totals} with its bucket's label. Written out as one object literal, not
 * `{ date, ...totals(r) }`: for the 366 points of a year the spread cost 0.4 ms of Node CPU per answer (bench).
 */
const point = (date: string, r: Raw): StatisticsPoint => ({
  date,
  views: r.views,
  favorites: r.favorites,
  orders: r.orders,
  revenue: toRubles(r.revenue),
  conversion: conversionOf(r),
});

/* ------------------------------------------------------------ the seller's series */

/**
 * The seller's totals per day (`stats_daily`) or per month (`stats_monthly`, months as `YYYY-MM-01`) in a range,
 * by bucket.
 */
async function seriesOf(db: Db, grain: 'day' | 'month', sellerId: number, r: DayRange): Promise<Map<string, Raw>> {
  const [table, col] = grain === 'day' ? ['stats_daily', 'day'] : ['stats_monthly', 'month'];
  const rows = await preparedRows<Raw & { b: string }>(
    db,
    sql`select ${sql.identifier(col)}::text as b, ${COUNTERS} from ${sql.identifier(table)}
        where seller_id = ${sellerId} and product_id = 0 and ${sql.identifier(col)} between ${r.from} and ${r.to}`,
  );
  return new Map(rows.map((x) => [x.b, num(x)]));
}
const dailySeries = (db: Db, sellerId: number, r: DayRange) => seriesOf(db, 'day', sellerId, r);

/**
 * The seller's totals over a range of days, summed by PostgreSQL from the fewest roll-up rows of the seller's total
 * (`product_id = 0`; see {@link coverDays}): a year is one row, not 366.
 */
async function totalsOverDays(db: Db, sellerId: number, r: DayRange, today: string): Promise<Raw> {
  const [row] = await preparedRows<Raw>(
    db,
    sql`select ${SUMS} from (${rowsOverDays(sellerId, r, today, sql`product_id = 0`)}) x`,
  );
  return row ? num(row) : ZERO;
}

/** The seller's hourly totals in a range, by the hour's start (ms). */
async function hourlySeries(db: Db, sellerId: number, r: HourRange): Promise<Map<number, Raw>> {
  const rows = await preparedRows<Raw & { b: number }>(
    db,
    sql`select (extract(epoch from hour) * 1000)::float8 as b, ${COUNTERS} from stats_hourly
        where seller_id = ${sellerId} and product_id = 0 and hour >= ${r.from.toISOString()} and hour < ${r.to.toISOString()}`,
  );
  return new Map(rows.map((x) => [Number(x.b), num(x)]));
}

const sum = (m: Map<unknown, Raw>) => [...m.values()].reduce(add, ZERO);

/* ------------------------------------------------------------ listings */

/** The roll-up of each grain of a cover. */
const ROLLUP = {
  day: ['stats_daily', 'day'],
  month: ['stats_monthly', 'month'],
  year: ['stats_yearly', 'year'],
} as const;

/**
 * Rows over a range of days of the listings `which` picks (`product_id <> 0`: each listing; `product_id = 0`: the
 * seller's total): the fewest rows of the yearly, monthly and daily roll-ups (`coverDays`), each signed. Revenue is
 * read as float8 (kopecks, exact below 2^53): PostgreSQL sums it without `numeric`.
 */
function rowsOverDays(sellerId: number, r: DayRange, today: string, which: SQL): SQL {
  const parts = coverDays(r, today).map((p) => {
    const [table, col] = ROLLUP[p.grain];
    const sign = p.sign === 1 ? sql`` : sql`-`;
    return sql`select product_id, ${sign}views as views, ${sign}favorites as favorites, ${sign}orders as orders,
          ${sign}revenue::float8 as revenue from ${sql.identifier(table)}
        where seller_id = ${sellerId} and ${sql.identifier(col)} between ${p.from} and ${p.to} and ${which}`;
  });
  return sql.join(parts, sql` union all `);
}
const listingRowsOverDays = (sellerId: number, r: DayRange, today: string) =>
  rowsOverDays(sellerId, r, today, sql`product_id <> 0`);

interface ListingRow {
  id: number;
  slug: string;
  title: string;
  status: string;
  min_price: number;
  photo_key: string | null;
}

const LISTING_COLUMNS = sql`p.id, p.slug, p.title, p.status, p.min_price,
  (select key from product_photos pp where pp.product_id = p.id order by pp.position limit 1) as photo_key`;

/**
 * The seller's listings with their figures in the period, most viewed first ({@link TOP_LISTINGS} at most); when
 * fewer had any, the seller's other listings follow with zeros (newest first), so a new seller sees the table.
 */
async function topListings(db: Db, sellerId: number, rows: SQL): Promise<StatisticsListing[]> {
  const top = await preparedRows<Raw & { product_id: number }>(
    db,
    sql`select product_id, ${SUMS} from (${rows}) x group by product_id
        having sum(views) <> 0 or sum(favorites) <> 0 or sum(orders) <> 0 or sum(revenue) <> 0
        order by sum(views) desc, sum(orders) desc, product_id desc limit ${TOP_LISTINGS}`,
  );
  const ids = top.map((t) => Number(t.product_id));
  const idArray = `{${ids.join(',')}}`;
  const [found, others] = await Promise.all([
    ids.length
      ? preparedRows<ListingRow>(
          db,
          sql`select ${LISTING_COLUMNS} from products p where p.id = any(${idArray}::int[]) and p.owner_id = ${sellerId}`,
        )
      : Promise.resolve([] as ListingRow[]),
    ids.length < TOP_LISTINGS
      ? preparedRows<ListingRow>(
          db,
          sql`select ${LISTING_COLUMNS} from products p
              where p.owner_id = ${sellerId} and p.status <> 'deleted' and p.id <> all(${idArray}::int[])
              order by p.id desc limit ${TOP_LISTINGS - ids.length}`,
        )
      : Promise.resolve([] as ListingRow[]),
  ]);
  const byId = new Map(found.map((f) => [f.id, f]));
  const out: StatisticsListing[] = [];
  const card = (p: ListingRow, r: Raw): StatisticsListing => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    photo: p.photo_key ? imageUrls(p.photo_key).url_small : null,
    status: p.status,
    price: toRubles(p.min_price),
    ...totals(r),
  });
  for (const t of top) {
    const p = byId.get(Number(t.product_id));
    if (p) out.push(card(p, num(t)));
  }
  for (const p of others) out.push(card(p, ZERO));
  return out;
}

/* ------------------------------------------------------------ answers */

/** `GET /v1/sales/weekly-statistics/`: the 7 Moscow days ending today, oldest first, and their totals. */
export async function weeklyStatistics(app: FastifyInstance, sellerId: number): Promise<WeeklyStatistics> {
  const today = moscowDay(app.clock.now());
  const range = { from: addDays(today, -6), to: today };
  const series = await dailySeries(app.db, sellerId, range);
  return {
    days: eachDay(range).map((date) => ({ date, ...figures(series.get(date) ?? ZERO) })),
    totals: totals(sum(series)),
  };
}

/**
 * `GET /v1/sales/statistics/`: points, totals, the like span before and the table of listings of a period.
 * @throws ApiError 400 for a bad `period` or dates (see {@link resolvePeriod})
 */
export async function statistics(
  app: FastifyInstance,
  sellerId: number,
  query: { period?: string; date_from?: string; date_to?: string },
): Promise<Statistics> {
  const p = resolvePeriod(query, app.clock.now());
  return statisticsOf(app.db, sellerId, p);
}

/** {@link statistics} of a resolved period. */
export async function statisticsOf(db: Db, sellerId: number, p: ResolvedPeriod): Promise<Statistics> {
  const head = { period: p.period, date_from: p.dateFrom, date_to: p.dateTo };
  if (p.grain === 'hour') {
    const [series, previous, listings] = await Promise.all([
      hourlySeries(db, sellerId, p.hours),
      hourlySeries(db, sellerId, p.previousHours),
      // The day's listing table from the daily roll-up (written with the hourly one): one row per listing, not
      // one per listing and hour — the same sums, read from up to 24 times fewer rows.
      topListings(db, sellerId, listingRowsOverDays(sellerId, { from: p.dateFrom, to: p.dateTo }, p.today)),
    ]);
    return {
      ...head,
      points: eachHour(p.hours).map((h) => point(h.label, series.get(h.at.getTime()) ?? ZERO)),
      totals: totals(sum(series)),
      previous_totals: totals(sum(previous)),
      top_listings: listings,
    };
  }
  const [series, previous, listings] = await Promise.all([
    seriesOf(db, p.grain, sellerId, p.days),
    totalsOverDays(db, sellerId, p.previousDays, p.today),
    topListings(db, sellerId, listingRowsOverDays(sellerId, p.days, p.today)),
  ]);
  const points =
    p.grain === 'month'
      ? eachMonth(p.days).map((m) => point(m.slice(0, 7), series.get(m) ?? ZERO))
      : eachDay(p.days).map((d) => point(d, series.get(d) ?? ZERO));
  return {
    ...head,
    points,
    totals: totals(sum(series)),
    previous_totals: totals(previous),
    top_listings: listings,
  };
}
