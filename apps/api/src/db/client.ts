/**
 * Database client: embedded PGlite (files under `DATA_DIR/db`) by default, a node-postgres pool when
 * `DATABASE_URL` is set. Both speak the same PostgreSQL dialect and run the same migrations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema/index.js';
import { QueryObservers, timePglite, timePool } from './query-timing.js';

/** One db type for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`: runs the same queries as {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Closes the pool / PGlite instance. */
  close(): Promise<void>;
  /** The PGlite instance (PGlite only): dumps, LISTEN. */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** The node-postgres pool (PostgreSQL only): LISTEN needs a dedicated client. */
  pool?: import('pg').Pool;
  /** Told every query's duration (`/metrics`, db/query-timing.ts). */
  queries: QueryObservers;
}

/**
 * `pg_trgm.word_similarity_threshold` of every session of the app: the typo stage of search
 * (catalog/search.ts, the `<%` operator over the trigram index) accepts a title word this similar to a
 * query word («пухавик» ~ «Пуховик» is 0.45). Set once per connection rather than per query, so a typo
 * search needs no transaction of its own. pg_trgm's default is 0.6.
 */
export const TRGM_WORD_SIMILARITY = 0.4;

/**
 * node-postgres connection settings for a `DATABASE_URL`: the URL as it is, plus the app's session setting
 * ({@link TRGM_WORD_SIMILARITY}) in the startup packet's `options`. node-postgres lets a URL's own
 * `?options=` replace ours, so when the URL has one, ours is appended to it and the URL is passed on
 * without it. Any URL node-postgres accepts is accepted (socket URLs like `postgres://user@/db?host=/run`
 * included); one that cannot be rewritten keeps its own `options`, and typo search then uses pg_trgm's
 * default threshold.
 * @returns `{connectionString, options}` for `new Pool()`
 */
export function poolConnection(databaseUrl: string): { connectionString: string; options: string } {
  const ours = `-c pg_trgm.word_similarity_threshold=${TRGM_WORD_SIMILARITY}`;
  if (!/[?&]options=/.test(databaseUrl)) return { connectionString: databaseUrl, options: ours };
  try {
    const url = new URL(databaseUrl);
    const own = url.searchParams.get('options');
    url.searchParams.delete('options');
    return { connectionString: url.toString(), options: [own, ours].filter(Boolean).join(' ') };
  } catch {
    return { connectionString: databaseUrl, options: ours };
  }
}

/** Renders drizzle `sql` to text and parameters for {@link preparedRows}. */
const dialect = new PgDialect();

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database.
 * @param opts.url PostgreSQL URL; without it PGlite opens `opts.dir` (or in memory when `dir` is undefined)
 */
export async function openDatabase(opts: { url?: string; dir?: string }): Promise<Database> {
  if (opts.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ ...poolConnection(opts.url), max: 10 });
    // An idle client losing its connection (server restart, database dropped) must not crash the process.
    pool.on('error', (err) => console.warn(`postgres: idle client error: ${err.message}`));
    const queries = new QueryObservers();
    timePool(pool, queries);
    const db = drizzle(pool, { schema }) as unknown as Db;
    return { db, driver: 'postgres', close: () => pool.end(), pool, queries };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dir) await mkdir(opts.dir, { recursive: true });
  const client = await PGlite.create(opts.dir ?? 'memory://', { extensions: { pg_trgm, btree_gin } });
  await client.exec(`set pg_trgm.word_similarity_threshold = ${TRGM_WORD_SIMILARITY}`);
  const queries = new QueryObservers();
  timePglite(client, queries);
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', close: () => client.close(), pglite: client, queries };
}

/** Applies the SQL migrations in `migrations/` (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}

/**
 * Rows of a query run as a named prepared statement on PostgreSQL: each pooled connection parses it once
 * and, after a few runs, keeps a generic plan, so a call costs neither parsing nor planning (0.3–1 ms of
 * PostgreSQL CPU for a query over the wide `products` table with its many indexes — often more than
 * running it). The statement is named after its text, so queries whose text varies become separate
 * statements. PGlite runs it as a plain query (in-process, no pool).
 *
 * Only for queries whose best plan does not depend on the values — lookups by key, like a listing by slug
 * or the cards of given ids — since the generic plan is chosen without them; and only for a fixed set of
 * texts (each connection keeps every statement it has prepared). It runs on the pool, outside any
 * transaction: not for reads that must see a transaction's own writes.
 * @param query the query (values as bound parameters, as with `db.execute`)
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = (db as unknown as { $client: PreparedClient }).$client;
  if (!('totalCount' in client)) return (await client.query(text, params)).rows as T[];
  const name = `vitrina_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  return (await client.query({ name, text, values: params })).rows as T[];
}

/** What {@link preparedRows} needs of a driver's client: a pg `Pool` (has `totalCount`) or a PGlite. */
type PreparedClient =
  | { totalCount: number; query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> }
  | { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/** Rows of a raw `db.execute()` result, typed by the caller (both drivers return `{ rows }`). */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
