/**
 * A `@fastify/rate-limit` store kept in PostgreSQL: every server process on one database counts the
 * same requests, so 60 verify-code calls a minute are 60 in all, not 60 per process. One row per route and
 * client key (`rate_limits`); a request increments its row with one atomic upsert that also starts a new window
 * when the old one ended. Ended windows are deleted by the recurring job {@link RATE_LIMIT_CLEANUP_JOB}.
 * Time is the app's clock (`app.clock`), so tests can move it.
 */
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';

/** The recurring job that deletes ended windows. */
export const RATE_LIMIT_CLEANUP_JOB = 'rate-limits.cleanup';
export const RATE_LIMIT_CLEANUP_EVERY_MS = 10 * 60_000;

type IncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** What `@fastify/rate-limit` passes to `child()`: the route's merged options. */
interface RouteParams {
  timeWindow?: unknown;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Counts one request of `key` in a window of `windowMs` and returns the count and the time left (ms).
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` is atomic per row on PostgreSQL: concurrent requests from any
 * process each get their own count.
 * @param db the connection or transaction to count in (default `app.db`; pass the caller's transaction so the
 *   count commits or rolls back with its change)
 */
export async function incrementLimit(app: FastifyInstance, key: string, windowMs: number, db: Db | Tx = app.db) {
  const now = app.clock.now();
  const end = new Date(now.getTime() + windowMs);
  const [row] = await queryRows<{ count: number; expires_at: string | Date }>(
    db as Db,
    sql`insert into rate_limits (key, count, expires_at) values (${key}, 1, ${end.toISOString()})
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
          expires_at = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.expires_at
                            else rate_limits.expires_at end
        returning count, expires_at`,
  );
  const expiresAt = new Date(row!.expires_at).getTime();
  return { current: Number(row!.count), ttl: Math.max(0, expiresAt - now.getTime()) };
}

/**
 * Counts `amount` against `key`'s window of `windowMs` only if that keeps it within `cap` (a refused request
 * uses nothing up). One atomic upsert, so concurrent requests from any process never pass the cap together.
 * @returns `ok` and the window's count and time left (ms)
 */
export async function takeLimit(
  app: FastifyInstance,
  key: string,
  opts: { windowMs: number; cap: number; amount?: number },
  db: Db | Tx = app.db,
) {
  const amount = opts.amount ?? 1;
  const now = app.clock.now();
  const end = new Date(now.getTime() + opts.windowMs);
  const [row] = await queryRows<{ count: number; expires_at: string | Date }>(
    db as Db,
    sql`insert into rate_limits (key, count, expires_at)
        select ${key}, ${amount}::int, ${end.toISOString()} where ${amount}::int <= ${opts.cap}::int
        on conflict (key) do update set
          count = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.count
                       else rate_limits.count + excluded.count end,
          expires_at = case when rate_limits.expires_at <= ${now.toISOString()} then excluded.expires_at
                            else rate_limits.expires_at end
        where rate_limits.expires_at <= ${now.toISOString()} or rate_limits.count + excluded.count <= ${opts.cap}::int
        returning count, expires_at`,
  );
  if (!row) return { ok: false, ...(await peekLimit(app, key, db)) };
  const expiresAt = new Date(row.expires_at).getTime();
  return { ok: true, current: Number(row.count), ttl: Math.max(0, expiresAt - now.getTime()) };
}

/**
 * Reads `key`'s current window without counting.
 * @returns the count and the time left (ms); `{current: 0, ttl: 0}` when there is no live window
 */
export async function peekLimit(app: FastifyInstance, key: string, db: Db | Tx = app.db) {
  const now = app.clock.now();
  const [row] = await queryRows<{ count: number; expires_at: string | Date }>(
    db as Db,
    sql`select count, expires_at from rate_limits where key = ${key} and expires_at > ${now.toISOString()}`,
  );
  if (!row) return { current: 0, ttl: 0 };
  return { current: Number(row.count), ttl: Math.max(0, new Date(row.expires_at).getTime() - now.getTime()) };
}

/** The bucket of a rolling count (see {@link countRolling}): one hour. */
export const ROLLING_BUCKET_MS = 3_600_000;

/** The bucket keys that can still hold tries of the last `spanMs` at `now`, oldest first. */
function rollingKeys(key: string, spanMs: number, now: number) {
  const first = Math.floor((now - spanMs) / ROLLING_BUCKET_MS);
  const last = Math.floor(now / ROLLING_BUCKET_MS);
  const keys: string[] = [];
  for (let b = first; b <= last; b++) keys.push(`${key}|h${b}`);
  return keys;
}

/**
 * Counts one event of `key` in a rolling span of `spanMs` (unlike {@link incrementLimit}'s fixed window, whose
 * end lets a client spend its cap twice within one span). Kept as hourly buckets in `rate_limits`
 * (`<key>|h<hour>`), each alive until its hour ended plus `spanMs`; ended buckets go with the cleanup job.
 * @param db the caller's transaction, so the count commits with its change
 */
export async function countRolling(app: FastifyInstance, key: string, spanMs: number, db: Db | Tx = app.db) {
  const now = app.clock.now().getTime();
  const bucketEnd = (Math.floor(now / ROLLING_BUCKET_MS) + 1) * ROLLING_BUCKET_MS;
  await incrementLimit(app, `${key}|h${Math.floor(now / ROLLING_BUCKET_MS)}`, bucketEnd + spanMs - now, db);
}

/**
 * Reads {@link countRolling}'s count of `key`: every event of the last `spanMs` (and, being kept by the hour, of
 * up to an hour before).
 * @param cap the caller's cap
 * @returns the count and the time (ms) until it falls below `cap` again (0 when it is below already)
 */
export async function peekRolling(
  app: FastifyInstance,
  key: string,
  opts: { spanMs: number; cap: number },
  db: Db | Tx = app.db,
) {
  const now = app.clock.now();
  const rows = await (db as Db)
    .select({ count: rateLimits.count, expiresAt: rateLimits.expiresAt })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, rollingKeys(key, opts.spanMs, now.getTime())), gt(rateLimits.expiresAt, now)))
    .orderBy(asc(rateLimits.expiresAt));
  let current = rows.reduce((sum, r) => sum + r.count, 0);
  let ttl = 0;
  for (const r of rows) {
    if (current < opts.cap) break;
    current -= r.count;
    ttl = r.expiresAt.getTime() - now.getTime();
  }
  return { current: rows.reduce((sum, r) => sum + r.count, 0), ttl };
}

/**
 * The store class to pass as `store` to `@fastify/rate-limit` (the plugin instantiates it itself, so the app is
 * closed over here).
 */
export function postgresRateLimitStore(app: FastifyInstance) {
  return class PostgresRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly namespace = 'global',
    ) {}

    incr(key: string, cb: IncrCallback, timeWindow: number) {
      incrementLimit(app, `${this.namespace}|${key}`, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    child(options: object) {
      const routeOptions = options as RouteParams;
      const info = routeOptions.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      const ns = routeOptions.groupId ?? (info.url ? `${method} ${info.url}` : 'global');
      return new PostgresRateLimitStore(undefined, ns);
    }
  };
}

/** Deletes windows that ended before `now`. @returns how many rows went */
export async function deleteEndedWindows(app: FastifyInstance, db = app.db, now = app.clock.now()) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from rate_limits where expires_at <= ${now.toISOString()} returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Defines the recurring cleanup of ended windows (call after the jobs plugin is registered). */
export function defineRateLimitCleanup(app: FastifyInstance): void {
  app.jobs.every(RATE_LIMIT_CLEANUP_JOB, RATE_LIMIT_CLEANUP_EVERY_MS, async ({ tx, now }) => {
    const gone = await deleteEndedWindows(app, tx as unknown as typeof app.db, now);
    if (gone) app.log.debug({ gone }, 'rate limits: ended windows deleted');
  });
}
