/**
 * How many active listings match a listing page's or a search's filters: the `count` of a DRF page
 * (architecture §3 on the public calls of spec §7; the cache: lib/cache.ts).
 *
 * Counting reads covering indexes only (see the `products_active_*` indexes), yet a broad match — a
 * whole catalog type, «кроссовки» — still walks tens of thousands of index entries on every page of it.
 * Such large counts (at least {@link CACHED_COUNT_MIN}) are therefore reused for {@link COUNT_TTL_MS}
 * within one process; small ones are always exact. The reused figure is at most 30 s old —
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
import { cachePer } from '../../lib/cache.js';

/** Counts at least this large are reused for a while. */
export const CACHED_COUNT_MIN = 500;
/** How long a large count is reused, ms. */
export const COUNT_TTL_MS = 30_000;
/** Share of {@link COUNT_TTL_MS} after which a reused count is renewed in the background. */
export const COUNT_REFRESH_AT = 0.75;
/** Most distinct filter sets remembered per database (the least recently used is forgotten first). */
const COUNT_CACHE_SIZE = 500;

const dialect = new PgDialect();
/**
 * Large counts by filter set, per database: at most {@link COUNT_CACHE_SIZE} entries, each served for
 * {@link COUNT_TTL_MS} (30 s) and renewed in the background from {@link COUNT_REFRESH_AT} (¾) of that on;
 * counts under {@link CACHED_COUNT_MIN} reach the requests that waited for them and are not kept.
 */
const countsOf = cachePer<Db, string, number>({
  max: COUNT_CACHE_SIZE,
  ttlMs: COUNT_TTL_MS,
  renewAt: COUNT_REFRESH_AT,
  keep: (n) => n >= CACHED_COUNT_MIN,
});

function keyOf(where: SQL[]): string {
  const q = dialect.sqlToQuery(sql.join(where, sql` and `));
  return `${q.sql}\u0000${JSON.stringify(q.params)}`;
}

/**
 * The count of `where` remembered by {@link countListings} or {@link rememberCount} and still fresh.
 * @returns the number of matching rows, or `undefined` when it is not known (small counts never are)
 */
export function peekCount(db: Db, where: SQL[]): number | undefined {
  return countsOf(db).peek(keyOf(where));
}

/**
 * Keeps a count found some other way (e.g. by a query that counted its matches while ranking them) under
 * the same rules as {@link countListings}: only large counts are kept (a small one forgets the key).
 */
export function rememberCount(db: Db, where: SQL[], n: number): void {
  countsOf(db).set(keyOf(where), n);
}

/**
 * `select count(*) from products p where <where>`, large results reused (see the module comment): at most
 * {@link COUNT_TTL_MS} ms old; requests that need the same uncounted figure at once share one query.
 * @param where the conditions on `products p` (joined with `and`)
 * @returns the number of matching rows
 * @throws the database error of the count (to every request that waited for it)
 */
export function countListings(db: Db, where: SQL[]): Promise<number> {
  return countsOf(db).fetch(keyOf(where), async () => {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p where ${sql.join(where, sql` and `)}`,
    );
    return rows[0]?.n ?? 0;
  });
}

/** Forgets the database's remembered counts (a listing blocked by staff must leave them at once). */
export const forgetCounts = (db: Db) => countsOf(db).clear();
