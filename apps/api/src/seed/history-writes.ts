/**
 * The writes of the demo sales history (history.ts draws it): its orders with their items, payments and the test
 * bank's books, and the statistics roll-ups counted in buckets.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { orderItems, orders, payments, testgatewayPayments } from '../db/schema/index.js';
import { pentadOf } from '../modules/stats/index.js';

/** What one bucket of a roll-up counts. */
export interface Counters {
  views: number;
  favorites: number;
  orders: number;
  revenue: number;
}
/** Roll-up buckets: `seller|product|bucket` (product 0: the seller's whole shop) → counters. */
export type Buckets = Map<string, Counters>;

/** Adds `c` to the bucket `key` of `m` (created at zero). */
export function bump(m: Buckets, key: string, c: Partial<Counters>) {
  let r = m.get(key);
  if (!r) m.set(key, (r = { views: 0, favorites: 0, orders: 0, revenue: 0 }));
  r.views += c.views ?? 0;
  r.favorites += c.favorites ?? 0;
  r.orders += c.orders ?? 0;
  r.revenue += c.revenue ?? 0;
}

/** Calls `fn` with `rows` in slices of `size` (one insert each), one after another. */
export async function inChunks<T>(rows: T[], size: number, fn: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size));
}

/** An order's one item as the history draws it (the order's id is added on insert). */
export interface HistoryItem {
  offerId: number;
  productId: number;
  slug: string;
  title: string;
  size: string;
  price: number;
  photo: string | null;
}

/**
 * Inserts the drawn orders (`itemRows[i]` is the item of `orderRows[i]`) with their items and succeeded payments,
 * in the shop's books and the test bank's.
 * @returns the new orders' ids, in the order of `orderRows`
 */
export async function insertOrders(
  tx: Tx | Db,
  orderRows: (typeof orders.$inferInsert)[],
  itemRows: HistoryItem[],
): Promise<number[]> {
  // Orders with their items and succeeded payments; numbers as checkout makes them (V-YYMM-000042).
  const ids: number[] = [];
  await inChunks(orderRows, 500, async (chunk) => {
    const rows = await tx.insert(orders).values(chunk).returning({ id: orders.id });
    ids.push(...rows.map((r) => r.id));
  });
  await tx.execute(sql`update orders set number = 'V-' || to_char(created_at at time zone 'UTC', 'YYMM') || '-' || lpad(id::text, 6, '0')
    where number like 'seed-%'`);
  await inChunks(
    itemRows.map((it, i) => ({ ...it, orderId: ids[i]!, count: 1 })),
    500,
    (chunk) => tx.insert(orderItems).values(chunk),
  );
  await inChunks(
    orderRows.map((o, i) => ({
      id: `00000000-0000-4000-8000-${String(ids[i]).padStart(12, '0')}`,
      orderId: ids[i]!,
      provider: 'testgateway',
      providerPaymentId: `demo-${ids[i]}`,
      status: 'succeeded',
      amount: o.total,
      idempotenceKey: `demo-${ids[i]}`,
      createdAt: o.createdAt,
      updatedAt: o.paidAt!,
    })),
    500,
    (chunk) => tx.insert(payments).values(chunk),
  );
  // The test bank's own books of those payments, so that it can refund one (a paid order the ship-by deadline
  // cancels once the clock moves on is refunded in full through it).
  await inChunks(
    orderRows.map((o, i) => ({
      id: `demo-${ids[i]}`,
      amount: o.total,
      description: `Заказ ${ids[i]}`,
      returnUrl: '/account/history',
      status: 'succeeded',
      metadata: { orderId: ids[i] },
      createdAt: o.createdAt,
      updatedAt: o.paidAt!,
    })),
    500,
    (chunk) => tx.insert(testgatewayPayments).values(chunk),
  );
  return ids;
}

/**
 * Writes the roll-ups: `daily` and `hourly` as counted, and the pentad, monthly and yearly ones summed from the
 * daily buckets.
 */
export async function insertRollups(tx: Tx | Db, daily: Buckets, hourly: Buckets): Promise<void> {
  const pentads: Buckets = new Map();
  const monthly: Buckets = new Map();
  const yearly: Buckets = new Map();
  for (const [k, c] of daily) {
    const [s, p, day] = k.split('|');
    bump(pentads, `${s}|${p}|${pentadOf(day!)}`, c);
    bump(monthly, `${s}|${p}|${day!.slice(0, 8)}01`, c);
    bump(yearly, `${s}|${p}|${day!.slice(0, 5)}01-01`, c);
  }
  await insertRollup(tx, 'stats_daily', 'day', 'date', daily);
  await insertRollup(tx, 'stats_pentad', 'pentad', 'date', pentads);
  await insertRollup(tx, 'stats_monthly', 'month', 'date', monthly);
  await insertRollup(tx, 'stats_yearly', 'year', 'date', yearly);
  await insertRollup(tx, 'stats_hourly', 'hour', 'timestamptz', hourly);
}

/** Writes roll-up rows (`seller|product|bucket` → counters) in one statement: seven arrays, unnested. */
async function insertRollup(tx: Tx | Db, table: string, col: string, type: 'date' | 'timestamptz', m: Buckets) {
  if (!m.size) return;
  const keys = [...m.keys()].map((k) => k.split('|'));
  const vals = [...m.values()];
  const arr = (xs: (string | number | undefined)[]) => `{${xs.join(',')}}`;
  await tx.execute(sql`insert into ${sql.identifier(table)}
    (seller_id, product_id, ${sql.identifier(col)}, views, favorites, orders, revenue)
    select * from unnest(${arr(keys.map((k) => k[0]))}::int[], ${arr(keys.map((k) => k[1]))}::int[],
      ${arr(keys.map((k) => k[2]))}::${sql.raw(type)}[], ${arr(vals.map((v) => v.views))}::int[],
      ${arr(vals.map((v) => v.favorites))}::int[], ${arr(vals.map((v) => v.orders))}::int[],
      ${arr(vals.map((v) => v.revenue))}::bigint[])`);
}
