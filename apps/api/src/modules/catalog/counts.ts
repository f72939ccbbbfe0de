/**
 * How many active listings match a listing page's or a search's filters (the `count` of a DRF page).
 *
 * Counting reads covering indexes only (see the `products_active_*` indexes), yet a broad match — a
 * whole catalog type, «кроссовки» — still walks tens of thousands of index entries on every page of it.
 * Such large counts (at least {@link CACHED_COUNT_MIN}) are therefore reused for {@link COUNT_TTL_MS}
 * within one process; small ones are always exact. The reused figure is at most that many seconds old —
 * the same freshness a `cache-control: max-age=30` answer has — and each server instance keeps its own,
 * so several instances stay correct without sharing anything. A page past a stale end answers an empty
 * page instead of a 404 until the figure is renewed.
 *
 * No stampede: requests that need the same uncounted figure at the same time share one query, and a
 * reused figure past {@link COUNT_REFRESH_AT} of its life is counted again in the background while it is
 * still served — so under steady traffic a popular count never expires in front of ten waiting requests
 * (each of which would otherwise run the same 10–20 ms count at once).
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.js';

/** Counts at least this large are reused for a while. */
export const CACHED_COUNT_MIN = 500;
/** How long a large count is reused, ms. */
export const COUNT_TTL_MS = 30_000;
/** Share of {@link COUNT_TTL_MS} after which a reused count is renewed in the background. */
export const COUNT_REFRESH_AT = 0.75;
/** Most distinct filter sets remembered per database (the oldest is forgotten first). */
const COUNT_CACHE_SIZE = 500;

const dialect = new PgDialect();
const caches = new WeakMap<Db, Map<string, { at: number; n: number }>>();
/** Counts being read now, by key: whoever needs one meanwhile waits for the same query. */
const pending = new WeakMap<Db, Map<string, Promise<number>>>();

function cacheOf(db: Db): Map<string, { at: number; n: number }> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

function pendingOf(db: Db): Map<string, Promise<number>> {
  let inFlight = pending.get(db);
  if (!inFlight) pending.set(db, (inFlight = new Map()));
  return inFlight;
}

function keyOf(where: SQL[]): string {
  const q = dialect.sqlToQuery(sql.join(where, sql` and `));
  return `${q.sql}\u0000${JSON.stringify(q.params)}`;
}

/**
 * The count of `where` remembered by {@link countListings} or {@link rememberCount} and still fresh.
 * @returns the number of matching rows, or `undefined` when it is not known (small counts never are)
 */
export function peekCount(db: Db, where: SQL[]): number | undefined {
  const hit = cacheOf(db).get(keyOf(where));
  return hit && Date.now() - hit.at < COUNT_TTL_MS ? hit.n : undefined;
}

/**
 * Keeps a count found some other way (e.g. by a query that counted its matches while ranking them) under
 * the same rules as {@link countListings}: only large counts are kept.
 */
export function rememberCount(db: Db, where: SQL[], n: number): void {
  const cache = cacheOf(db);
  const key = keyOf(where);
  cache.delete(key);
  if (n >= CACHED_COUNT_MIN) {
    cache.set(key, { at: Date.now(), n });
    if (cache.size > COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
}

/**
 * `select count(*) from products p where <where>`, large results reused (see the module comment).
 * @param where the conditions on `products p` (joined with `and`)
 * @returns the number of matching rows
 */
export async function countListings(db: Db, where: SQL[]): Promise<number> {
  const key = keyOf(where);
  const hit = cacheOf(db).get(key);
  const age = hit ? Date.now() - hit.at : Infinity;
  if (hit && age < COUNT_TTL_MS) {
    // Renew ahead of expiry; a failed renewal leaves the figure to expire as usual.
    if (age >= COUNT_TTL_MS * COUNT_REFRESH_AT) void countOnce(db, where, key).catch(() => undefined);
    return hit.n;
  }
  return countOnce(db, where, key);
}

/** Runs the count of `where` unless the same count is already running, and remembers the result. */
function countOnce(db: Db, where: SQL[], key: string): Promise<number> {
  const inFlight = pendingOf(db);
  const running = inFlight.get(key);
  if (running) return running;
  const query = queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products p where ${sql.join(where, sql` and `)}`,
  ).then((rows) => {
    const n = rows[0]?.n ?? 0;
    rememberCount(db, where, n);
    return n;
  });
  inFlight.set(key, query);
  const done = () => inFlight.delete(key);
  query.then(done, done);
  return query;
}
