/**
 * What a starting process does to the database, and what `/readyz` checks of it. Several processes may start at
 * once on one empty PostgreSQL (scale-out, a rolling restart): {@link withStartupLock} lets one of them migrate
 * and seed while the others wait, then find the work done. {@link migrationsApplied} tells whether every
 * migration of `migrations/meta/_journal.json` is recorded in drizzle's `__drizzle_migrations`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, queryRows, type Database } from './client.js';

/** The advisory lock key held while a process migrates and seeds (any constant unique to the app). */
export const STARTUP_LOCK_KEY = 7_274_363_001;

/**
 * Runs `fn` holding the PostgreSQL session advisory lock {@link STARTUP_LOCK_KEY} (`pg_advisory_lock`): a second
 * process blocks until the first has finished, then runs `fn` itself (which then finds nothing left to do). The
 * lock lives on one pooled connection and is released with it, also when the process dies. PGlite is one process:
 * `fn` runs at once.
 * @returns what `fn` returns
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (!database.pool) return fn();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

let journal: number[] | null = null;
/**
 * The migrations the code expects: the `when` (folder millis) of every entry of `migrations/meta/_journal.json`,
 * oldest first — drizzle records each applied one with it as `created_at`.
 */
export function journalMillis(): number[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((e) => e.when);
  return journal;
}

/**
 * Whether every migration of the journal is applied (drizzle's migrator records each as a row of
 * `drizzle.__drizzle_migrations` with the journal's `when` as `created_at`).
 * @returns false when one is missing or the table does not exist yet
 * @throws the driver's error when the database cannot be reached
 */
export async function migrationsApplied(database: Database): Promise<boolean> {
  const [table] = await queryRows<{ name: string | null }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return false;
  const rows = await queryRows<{ at: string }>(
    database.db,
    sql`select created_at::text as at from drizzle.__drizzle_migrations`,
  );
  const applied = new Set(rows.map((r) => Number(r.at)));
  return journalMillis().every((when) => applied.has(when));
}
