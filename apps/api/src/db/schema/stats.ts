/**
 * Seller statistics (spec §7, issue 14), owned by the `stats` module: counters rolled up as they are written
 * (never a scan of raw rows at read time) into hourly, daily and monthly buckets of Moscow time, per listing and
 * per seller (`product_id = 0`: all the seller's listings — the only exact count of orders, since one order
 * may hold several listings). Revenue is kopecks (item prices of paid orders minus refunds, before the fee).
 *
 * Reads are ranges of the `(seller_id, bucket, …)` indexes, which carry every column a read needs
 * (index-only scans). `listing_view_visitors` keeps who saw a listing on a Moscow day (one view per visitor per
 * listing per day); rows older than two days are deleted by the stats module's recurring job.
 */
import { pgTable, integer, bigint, text, date, timestamp, primaryKey, index } from 'drizzle-orm/pg-core';

const counters = {
  views: integer('views').notNull().default(0),
  favorites: integer('favorites').notNull().default(0),
  orders: integer('orders').notNull().default(0),
  /** Kopecks. */
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
};

/** Per Moscow hour; `hour` is the instant the hour starts. */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    sellerId: integer('seller_id').notNull(),
    /** The listing, or 0 for the seller's total. */
    productId: integer('product_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...counters,
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.productId, t.hour] }),
    index('stats_hourly_seller_hour_idx').on(
      t.sellerId,
      t.hour,
      t.productId,
      t.views,
      t.favorites,
      t.orders,
      t.revenue,
    ),
  ],
);

/** Per Moscow day. */
export const statsDaily = pgTable(
  'stats_daily',
  {
    sellerId: integer('seller_id').notNull(),
    productId: integer('product_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...counters,
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.productId, t.day] }),
    index('stats_daily_seller_day_idx').on(t.sellerId, t.day, t.productId, t.views, t.favorites, t.orders, t.revenue),
  ],
);

/** Per Moscow calendar month; `month` is its first day. */
export const statsMonthly = pgTable(
  'stats_monthly',
  {
    sellerId: integer('seller_id').notNull(),
    productId: integer('product_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...counters,
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.productId, t.month] }),
    index('stats_monthly_seller_month_idx').on(
      t.sellerId,
      t.month,
      t.productId,
      t.views,
      t.favorites,
      t.orders,
      t.revenue,
    ),
  ],
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
