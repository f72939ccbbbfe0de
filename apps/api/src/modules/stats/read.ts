/**
 * Reading the statistics (spec §7): `weekly-statistics` and `statistics` of the caller's own listings,
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
import { addDays, eachDay, resolvePeriod, type DayRange, type HourRange, type ResolvedPeriod } from './time.js';
import { HAS_FIGURES, listingRowsOverDays, rowsOverDays } from './rollup-sql.js';
import { listingRowsOrPacks } from './ytd.js';
import { conversionOf, pointsJson, seriesFiguresSql, seriesRowsSql } from './points.js';

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
/** Figures with the conversion ({@link conversionOf}). */
export const totals = (r: Raw): StatisticsTotals => ({
  views: r.views,
  favorites: r.favorites,
  orders: r.orders,
  revenue: toRubles(r.revenue),
  conversion: conversionOf(r),
});

/* ------------------------------------------------------------ the seller's series */

/** The seller's daily total rows (`product_id = 0`) of a range: `b` (the day as text) and counters. */
const dailyRowsSql = (sellerId: number, r: DayRange) =>
  sql`select day::text as b, ${COUNTERS} from stats_daily
    where seller_id = ${sellerId} and product_id = 0 and day between ${r.from} and ${r.to}`;

/** The seller's hourly total rows (`product_id = 0`) of a range: counters (the like span before a day). */
const hourlyRowsSql = (sellerId: number, r: HourRange) =>
  sql`select ${COUNTERS} from stats_hourly
    where seller_id = ${sellerId} and product_id = 0 and hour >= ${r.from.toISOString()} and hour < ${r.to.toISOString()}`;

/** The seller's totals per day of a range (the weekly statistics), by day. */
async function dailySeries(db: Db, sellerId: number, r: DayRange): Promise<Map<string, Raw>> {
  const rows = await preparedRows<Raw & { b: string }>(db, dailyRowsSql(sellerId, r));
  return new Map(rows.map((x) => [x.b, num(x)]));
}

const sum = (m: Map<unknown, Raw>) => [...m.values()].reduce(add, ZERO);

/* ------------------------------------------------------------ listings */

interface ListingRow {
  id: number;
  slug: string;
  title: string;
  status: string;
  min_price: number;
  photo_key: string | null;
}

/** A listing's first photo. */
const PHOTO_KEY = sql`(select key from product_photos pp where pp.product_id = p.id order by pp.position limit 1)`;
const LISTING_COLUMNS = sql`p.id, p.slug, p.title, p.status, p.min_price, ${PHOTO_KEY} as photo_key`;

/** A JSON value as the driver hands it over: parsed (pg) or as text. */
type Json<T> = T | string | null;
const parsed = <T>(v: Json<T>): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** What a period's one query reads (see {@link readPeriod}). */
interface PeriodRows {
  /** The answer's `points` as JSON text (points.ts). */
  pointsJson: string;
  /** The sums of the points. */
  totals: Raw;
  /** The sums of the like span before. */
  previous: Raw;
  listings: StatisticsListing[];
}

/** Four sums as one JSON array `[views, favorites, orders, revenue]` (kopecks). */
const SUMS_ARRAY = sql`json_build_array(coalesce(sum(views), 0), coalesce(sum(favorites), 0), coalesce(sum(orders), 0),
  coalesce(sum(revenue), 0)::float8)`;
type SumsJson = [number, number, number, number];
const rawOf = (v: Json<SumsJson>): Raw => {
  const [views, favorites, orders, revenue] = parsed(v) ?? [0, 0, 0, 0];
  return { views: Number(views), favorites: Number(favorites), orders: Number(orders), revenue: Number(revenue) };
};

/**
 * A period's figures in one round trip: its points as the answer's JSON text and their sums (`totals`), the sums of
 * the like span before (`previous`: rows to add up), and the listings most viewed in the period
 * ({@link TOP_LISTINGS} at most) with their sums over `listingRows` and their cards. When fewer listings had any
 * figures, the seller's other listings follow with zeros (newest first, a second query), so a new seller sees the
 * table.
 *
 * The listings come back as one JSON array per listing, not as a row each (the pg driver spent ~1.7 µs of Node CPU
 * per row decoding rows, `JSON.parse` of the same a tenth of that), and the points' figures as one flat text
 * (points.ts).
 */
async function readPeriod(
  db: Db,
  sellerId: number,
  p: ResolvedPeriod,
  previous: SQL,
  listingRows: SQL,
): Promise<PeriodRows> {
  type ListingJson = [number, number, number, number, number, string, string, string, number, string | null];
  const [row] = await preparedRows<{
    figures: string | null;
    totals: Json<SumsJson>;
    previous: Json<SumsJson>;
    listings: Json<ListingJson[]>;
  }>(
    db,
    sql`with top as (
          select product_id, ${SUMS} from (${listingRows}) x group by product_id
          having ${HAS_FIGURES}
          order by sum(views) desc, sum(orders) desc, product_id desc limit ${TOP_LISTINGS}),
        series as materialized (${seriesRowsSql(sellerId, p)})
        select
          ${seriesFiguresSql(p, sql`series`)} as figures,
          (select ${SUMS_ARRAY} from series) as totals,
          (select ${SUMS_ARRAY} from (${previous}) x) as previous,
          (select json_agg(json_build_array(t.views, t.favorites, t.orders, t.revenue, p.id, p.slug, p.title, p.status, p.min_price, ${PHOTO_KEY})
                           order by t.views desc, t.orders desc, t.product_id desc)
           from top t join products p on p.id = t.product_id and p.owner_id = ${sellerId}) as listings`,
  );
  const top = (parsed(row?.listings ?? null) ?? []).map(
    ([views, favorites, orders, revenue, id, slug, title, status, min_price, photo_key]) => ({
      figures: { views, favorites, orders, revenue: Number(revenue) },
      listing: { id, slug, title, status, min_price: Number(min_price), photo_key },
    }),
  );
  const others =
    top.length < TOP_LISTINGS
      ? await preparedRows<ListingRow>(
          db,
          sql`select ${LISTING_COLUMNS} from products p
              where p.owner_id = ${sellerId} and p.status <> 'deleted'
                and p.id <> all(${`{${top.map((t) => t.listing.id).join(',')}}`}::int[])
              order by p.id desc limit ${TOP_LISTINGS - top.length}`,
        )
      : [];
  const card = (l: ListingRow, r: Raw): StatisticsListing => ({
    id: l.id,
    slug: l.slug,
    title: l.title,
    photo: l.photo_key ? imageUrls(l.photo_key).url_small : null,
    status: l.status,
    price: toRubles(l.min_price),
    ...totals(r),
  });
  return {
    pointsJson: pointsJson(p, row?.figures ?? null),
    totals: rawOf(row?.totals ?? null),
    previous: rawOf(row?.previous ?? null),
    listings: [...top.map((t) => card(t.listing, t.figures)), ...others.map((l) => card(l, ZERO))],
  };
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
 * A period's statistics as read: the contract's `Statistics` with the `points` array as JSON text written by
 * from the figures PostgreSQL sends (points.ts) — spliced into the answer by {@link statisticsAnswerJson}, parsed only
 * for the CSV.
 */
export type StatisticsRead = Omit<Statistics, 'points'> & { pointsJson: string };

/**
 * `GET /v1/sales/statistics/`: points, totals, the like span before and the table of listings of a period.
 * @throws ApiError 400 for a bad `period` or dates (see {@link resolvePeriod})
 */
export async function statistics(
  app: FastifyInstance,
  sellerId: number,
  query: { period?: string; date_from?: string; date_to?: string },
): Promise<StatisticsRead> {
  return statisticsOf(app.db, sellerId, resolvePeriod(query, app.clock.now()));
}

/** {@link statistics} of a resolved period. */
async function statisticsOf(db: Db, sellerId: number, p: ResolvedPeriod): Promise<StatisticsRead> {
  const {
    pointsJson,
    totals: sums,
    previous,
    listings,
  } = p.grain === 'hour'
    ? await readPeriod(
        db,
        sellerId,
        p,
        hourlyRowsSql(sellerId, p.previousHours),
        // The day's listing table from the daily roll-up (written with the hourly one): one row per listing, not
        // one per listing and hour — the same sums, read from up to 24 times fewer rows.
        listingRowsOverDays(sellerId, { from: p.dateFrom, to: p.dateTo }, p.today),
      )
    : await readPeriod(
        db,
        sellerId,
        p,
        rowsOverDays(sellerId, p.previousDays, p.today, sql`product_id = 0`),
        listingRowsOrPacks(sellerId, p.days, p.today),
      );
  return {
    period: p.period,
    date_from: p.dateFrom,
    date_to: p.dateTo,
    pointsJson,
    totals: totals(sums),
    previous_totals: totals(previous),
    top_listings: listings,
  };
}

/**
 * The whole answer of `GET /v1/sales/statistics/` — `{"success":true,"data":{…}}` — as JSON text: the points as
 * written by points.ts, the rest by `JSON.stringify`.
 */
export function statisticsAnswerJson(s: StatisticsRead): string {
  const { pointsJson, ...rest } = s;
  return `{"success":true,"data":{"points":${pointsJson},${JSON.stringify(rest).slice(1)}}`;
}

/** A period's statistics with its points parsed (the CSV export). */
export function withPoints(s: StatisticsRead): Statistics {
  const { pointsJson, ...rest } = s;
  return { ...rest, points: JSON.parse(pointsJson) as StatisticsPoint[] };
}
