/**
 * Writing the statistics: every counted fact is added to the hourly, daily, pentad, monthly and yearly roll-ups of
 * its listing and of its seller (`product_id = 0`) in the transaction that records it — a view, a
 * `favorite.added`, an `order.paid` or an `order.refunded` — with `INSERT … ON CONFLICT DO UPDATE SET x = x + …`,
 * so reads never scan raw rows. Event handlers run once per event (the jobs outbox), inside the job's
 * transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { moscowDay } from '../../lib/moscow-time.js';
import { addDays, bucketsOf } from './time.js';
import { buildYtdPacks, dropStalePacks, YTD_EVERY_MS, YTD_JOB, YTD_MIN_LISTINGS } from './ytd.js';

/** Additions to one listing's (or, with `productId` 0, the seller's) counters. Revenue in kopecks. */
export interface Bump {
  productId: number;
  views?: number;
  favorites?: number;
  orders?: number;
  revenue?: number;
}

const TABLES = [
  { table: 'stats_hourly', col: 'hour', key: 'hour' },
  { table: 'stats_daily', col: 'day', key: 'day' },
  { table: 'stats_pentad', col: 'pentad', key: 'pentad' },
  { table: 'stats_monthly', col: 'month', key: 'month' },
  { table: 'stats_yearly', col: 'year', key: 'year' },
] as const;

/**
 * Adds counters at the moment `at` (its Moscow hour, day and month) for a seller's listings.
 * @param bumps per listing and one with `productId: 0` for the seller's total (callers pass it: an order
 *   counts once for the seller however many listings it holds)
 * @param now the app's time: when `at` falls on a day already over, the seller's year-to-date packs from that day on
 *   are stale and go (ytd.ts); omitted only by writers of history that build no packs (seeds, tests)
 */
export async function addToRollups(tx: Tx | Db, sellerId: number, at: Date, bumps: Bump[], now?: Date): Promise<void> {
  if (!bumps.length) return;
  const b = bucketsOf(at);
  if (now && b.day < moscowDay(now)) await dropStalePacks(tx, sellerId, b.day);
  const buckets = {
    hour: b.hour.toISOString(),
    day: b.day,
    pentad: b.pentad,
    month: b.month,
    year: `${b.day.slice(0, 4)}-01-01`,
  };
  // One lock order for every writer (product 0 first), so concurrent upserts never deadlock.
  const sorted = [...bumps].sort((x, y) => x.productId - y.productId);
  for (const t of TABLES) {
    const values = sql.join(
      sorted.map(
        (r) =>
          sql`(${sellerId}, ${r.productId}, ${buckets[t.key]}, ${r.views ?? 0}, ${r.favorites ?? 0}, ${r.orders ?? 0}, ${r.revenue ?? 0})`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into ${sql.identifier(t.table)} as s (seller_id, product_id, ${sql.identifier(t.col)}, views, favorites, orders, revenue)
      values ${values}
      on conflict (seller_id, product_id, ${sql.identifier(t.col)}) do update set
        views = s.views + excluded.views, favorites = s.favorites + excluded.favorites,
        orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue`);
  }
}

/**
 * Counts a visitor's view of a listing unless this visitor already viewed it on this Moscow day.
 * @returns whether the view was counted
 */
export async function recordView(
  app: FastifyInstance,
  listing: { id: number; ownerId: number },
  visitorId: string,
): Promise<boolean> {
  const now = app.clock.now();
  const day = bucketsOf(now).day;
  return app.db.transaction(async (tx) => {
    const fresh = await tx.execute(sql`
      insert into listing_view_visitors (product_id, day, visitor_id, created_at)
      values (${listing.id}, ${day}, ${visitorId}, ${now.toISOString()})
      on conflict do nothing returning 1 as x`);
    if (!(fresh as unknown as { rows: unknown[] }).rows.length) return false;
    await addToRollups(tx, listing.ownerId, now, [
      { productId: 0, views: 1 },
      { productId: listing.id, views: 1 },
    ]);
    return true;
  });
}

/** The recurring job that deletes view visitors of days before yesterday (Moscow). */
export const PRUNE_VISITORS_JOB = 'stats.prune-view-visitors';
export const PRUNE_VISITORS_EVERY_MS = 60 * 60_000;

/** Deletes the dedupe rows of days more than two days ago. @returns how many went */
export async function pruneViewVisitors(db: Tx | Db, now: Date): Promise<number> {
  const before = addDays(moscowDay(now), -2);
  const res = await db.execute(sql`delete from listing_view_visitors where day < ${before} returning 1`);
  return (res as unknown as { rows: unknown[] }).rows.length;
}

/** Kopecks of each listing of an order (item price × count), and the order's facts. */
async function orderLines(tx: Tx, orderId: number) {
  const [o] = await tx
    .select({
      sellerId: orders.sellerId,
      paidAt: orders.paidAt,
      refundedAmount: orders.refundedAmount,
      refundedAt: orders.refundedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!o) return null;
  const items = await tx
    .select({ productId: orderItems.productId, price: orderItems.price, count: orderItems.count })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const byProduct = new Map<number, number>();
  for (const it of items) byProduct.set(it.productId, (byProduct.get(it.productId) ?? 0) + it.price * it.count);
  return { o, byProduct, itemsTotal: [...byProduct.values()].reduce((a, b) => a + b, 0) };
}

/** Subscribes the roll-ups to `favorite.added`, `order.paid`, `order.refunded`; defines the pruning and pack jobs. */
export function subscribeStats(app: FastifyInstance): void {
  app.events.subscribe('favorite.added', 'stats.favorite-added', async ({ tx, event }) => {
    const { userId, sellerId, listingId, at } = event.payload;
    // A seller's own heart is not interest in the listing.
    if (userId === sellerId) return;
    await addToRollups(
      tx,
      sellerId,
      new Date(at),
      [
        { productId: 0, favorites: 1 },
        { productId: listingId, favorites: 1 },
      ],
      app.clock.now(),
    );
  });

  app.events.subscribe('order.paid', 'stats.order-paid', async ({ tx, event }) => {
    const lines = await orderLines(tx, event.payload.orderId);
    if (!lines) return;
    const { o, byProduct, itemsTotal } = lines;
    await addToRollups(
      tx,
      o.sellerId,
      o.paidAt ?? event.createdAt,
      [
        { productId: 0, orders: 1, revenue: itemsTotal },
        ...[...byProduct].map(([productId, revenue]) => ({ productId, orders: 1, revenue })),
      ],
      app.clock.now(),
    );
  });

  app.events.subscribe('order.refunded', 'stats.order-refunded', async ({ tx, event }) => {
    const lines = await orderLines(tx, event.payload.orderId);
    // An order refunded without ever being paid (a payment that came too late) was never counted.
    if (!lines || !lines.o.paidAt) return;
    const { o, byProduct, itemsTotal } = lines;
    // The items' share of the refund (a refund may also return delivery): at most what the items brought.
    const refund = Math.min(o.refundedAmount ?? itemsTotal, itemsTotal);
    if (refund <= 0) return;
    const bumps = [...byProduct].map(([productId, revenue]) => ({
      productId,
      revenue: -Math.floor((revenue * refund) / itemsTotal),
    }));
    bumps[0]!.revenue -= refund + bumps.reduce((a, b) => a + b.revenue, 0);
    await addToRollups(
      tx,
      o.sellerId,
      o.refundedAt ?? event.createdAt,
      [{ productId: 0, revenue: -refund }, ...bumps],
      app.clock.now(),
    );
  });

  app.jobs.every(PRUNE_VISITORS_JOB, PRUNE_VISITORS_EVERY_MS, async ({ tx, now }) => {
    await pruneViewVisitors(tx, now);
  });
  app.jobs.every(YTD_JOB, YTD_EVERY_MS, async ({ tx, now }) => {
    await buildYtdPacks(tx, now, { minListings: app.config.statsYtdMinListings ?? YTD_MIN_LISTINGS });
  });
}
