/**
 * Seller statistics (spec §7), owned by the `stats` module: counters rolled up as they are written
 * (never a scan of raw rows at read time) into hourly, daily, pentad, monthly and yearly buckets of Moscow time, per listing and
 * per seller (`product_id = 0`: all the seller's listings — the only exact count of orders, since one order
 * may hold several listings). Revenue is kopecks (item prices of paid orders minus refunds, before the fee).
 *
 * Reads are index ranges: the seller's totals by the primary key `(seller_id, 0, bucket)`; the listings' rows by the
 * partial indexes `(seller_id, bucket, product_id, counters) WHERE product_id <> 0`, which carry every column a
 * read needs (index-only scans) — partial, so a prepared query for the totals (`product_id = 0`) can never pick
 * them and scan a whole year of listings' rows for a few hundred totals. `listing_view_visitors` keeps who saw a listing on a Moscow day (one view per visitor per
 * listing per day); rows older than two days are deleted by the stats module's recurring job.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  bigint,
  text,
  date,
  timestamp,
  primaryKey,
  index,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';

/** The listings' rows (not the seller's totals, `product_id = 0`). */
const listingsOnly = sql`product_id <> 0`;

const counters = {
  views: integer('views').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
  orders: integer('orders').notNull().default(0),
  /** Kopecks. */
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
};

/**
 * One roll-up table: `(seller_id, product_id, <bucket>)` and the counters; the primary key serves the seller's
 * totals, the partial covering index `<table>_seller_<bucket>_idx` the listings' rows.
 */
function rollup<B extends PgColumnBuilderBase>(name: string, bucketName: string, bucket: B) {
  return pgTable(
    name,
    {
      sellerId: integer('seller_id').notNull(),
      /** The listing, or 0 for the seller's total. */
      productId: integer('product_id').notNull(),
      bucket,
      ...counters,
    },
    (t) => [
      primaryKey({ columns: [t.sellerId, t.productId, t.bucket] }),
      index(`${name}_seller_${bucketName}_idx`)
        .on(t.sellerId, t.bucket, t.productId, t.views, t.favorites, t.orders, t.revenue)
        .where(listingsOnly),
    ],
  );
}

/** Per Moscow hour; the bucket `hour` is the instant the hour starts. */
export const statsHourly = rollup('stats_hourly', 'hour', timestamp('hour', { withTimezone: true }).notNull());
/** Per Moscow day (`day`). */
export const statsDaily = rollup('stats_daily', 'day', date('day', { mode: 'string' }).notNull());
/**
 * Per pentad of a Moscow month (`pentad`, its first day): days 1–5, 6–10, 11–15, 16–20, 21–25 and 26 to the month's
 * end. A range's edge inside a month is then a few pentads and at most a few days (cover.ts `coverDays`): 3 rows of a
 * listing on average and 5 at most, where days alone took 8 on average and 16 at most.
 */
export const statsPentad = rollup('stats_pentad', 'pentad', date('pentad', { mode: 'string' }).notNull());
/** Per Moscow calendar month (`month`, its first day). */
export const statsMonthly = rollup('stats_monthly', 'month', date('month', { mode: 'string' }).notNull());
/**
 * Per Moscow calendar year (`year`, its 1 January): a long range's listings read a year as one row instead of
 * twelve (read.ts, cover.ts `coverDays`).
 */
export const statsYearly = rollup('stats_yearly', 'year', date('year', { mode: 'string' }).notNull());

/**
 * A large seller's listings' figures from 1 January through a closed Moscow day (`day`), one row per seller and day
 * (stats/ytd.ts): a long range of days is then the difference of two such rows, unnested, not a dozen roll-up rows per
 * listing. The arrays run in parallel — the listings with any figures and their counters (revenue in kopecks). Written
 * by the stats module's recurring job for sellers with many listings only; a write that lands on a packed day deletes
 * the seller's rows from that day on (they are built again), so a row present is always exact.
 */
export const statsYtd = pgTable(
  'stats_ytd',
  {
    sellerId: integer('seller_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productIds: integer('product_ids').array().notNull(),
    views: integer('views').array().notNull(),
    favorites: integer('favorites').array().notNull(),
    orders: integer('orders').array().notNull(),
    revenue: bigint('revenue', { mode: 'number' }).array().notNull(),
  },
  // By day: the builder's run deletes the packs of years no longer read (ytd.ts) without a scan of every seller's.
  (t) => [primaryKey({ columns: [t.sellerId, t.day] }), index('stats_ytd_day_idx').on(t.day)],
);

/** Visitors who viewed a listing on a Moscow day (dedupe of views; pruned after two days). */
export const listingViewVisitors = pgTable(
  'listing_view_visitors',
  {
    productId: integer('product_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitorId: text('visitor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day, t.visitorId] }), index('listing_view_visitors_day_idx').on(t.day)],
);
