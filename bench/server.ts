/**
 * The benchmarks' server (bench/run.ts, bench/burst.ts, …): a PostgreSQL database on BENCH_PG (default
 * postgres://postgres@127.0.0.1:5432) created and seeded when missing, and the real server started on it as a child
 * process the way `npm start` runs it — the compiled JavaScript (apps/api/dist, built first when missing or older
 * than its sources, with the built site), not the TypeScript through a loader.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '../apps/api/src/db/client.js';
import { isCatalogEmpty, seedDemo } from '../apps/api/src/seed/index.js';
import { localMediaStorage } from '../apps/api/src/providers/storage/index.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The PostgreSQL server the benchmarks use (no database name). */
export const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';

let built = false;
/** Builds what `npm start` runs when it is missing or stale (scripts/ensure-build.mjs), once per benchmark. */
function ensureBuilt(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  built = true;
}

/** Creates the database when missing and seeds it when empty. */
export async function prepareDatabase(name: string, products: number, dataDir: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = `${PG}/${name}`;
  const database = await openDatabase({ url });
  try {
    await migrateDatabase(database);
    if (await isCatalogEmpty(database.db)) {
      console.log(`[bench] сидирую ${name}: ${products} товаров…`);
      await seedDemo(database.db, {
        products,
        storage: localMediaStorage(path.join(dataDir, 'media')),
        log: (m) => console.log(`[bench] ${m}`),
      });
    }
    // Statistics for the planner and the visibility map for index-only scans (what autovacuum would do a
    // minute later): measuring right after a bulk load would otherwise time heap visits nobody sees.
    await database.db.execute(sql`vacuum (analyze)`);
    const n = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from products`);
    console.log(`[bench] ${name}: ${n[0]!.n} товаров`);
  } finally {
    await database.close();
  }
  return url;
}

export async function waitReady(base: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error('сервер завершился при запуске');
    try {
      const r = await fetch(`${base}/readyz`);
      if (r.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('сервер не ответил за 5 минут');
}

/** Starts the compiled server on `url`'s database at 127.0.0.1:`port` (`env` added to its environment). */
export function startServer(
  url: string,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): ChildProcess {
  ensureBuilt();
  const child = spawn(process.execPath, ['--conditions=compiled', path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** User + system CPU time of each process from /proc, ms (a process that cannot be read is left out). */
export function cpuMs(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * 10); // utime + stime (fields 14, 15), USER_HZ = 100
    } catch {
      // gone or not on this machine
    }
  }
  return out;
}

/** CPU ms the processes used since `before` (a process gone meanwhile adds nothing). */
export function cpuSince(before: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of cpuMs([...before.keys()])) sum += Math.max(0, ms - before.get(pid)!);
  return sum;
}

/** Process ids of the PostgreSQL backends connected to a database (the server's pool). */
export async function backends(db: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: `${PG}/postgres` });
  await c.connect();
  try {
    const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [db]);
    return r.rows.map((x) => x.pid);
  } finally {
    await c.end();
  }
}
