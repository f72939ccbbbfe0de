/**
 * `npm run bench:sockets [-- options]`: the notification sockets on PostgreSQL, loopback only.
 *
 * 1. Memory per idle socket: the server (one process, on a fresh database `vitrina_bench_ws` on BENCH_PG) is
 *    measured (resident set, /proc) before and after `--sockets` clients (10 000 by default, one user each,
 *    held by `bench/ws-clients.ts` in another process) connected and got their `initial_notifications`.
 * 2. Commit-to-socket latency: with everyone connected, `--recipients` users (1 000) each get a new subscriber
 *    through the API (`POST /v1/social/subscribe/{id}/`, 20 at a time); the event's job writes the notification
 *    and publishes it with `pg_notify` in one transaction; the delay from the notification's `created_at` (the
 *    job's start, before its commit) to the frame's arrival at the client is collected: p50, p95, p99, max.
 *
 * Options: `--sockets 10000`, `--recipients 1000`, `--no-write` (do not touch docs/performance.md).
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client.js';
import { authTokens, products, users } from '../apps/api/src/db/schema/index.js';
import { hashToken } from '../apps/api/src/plugins/auth.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'vitrina_bench_ws';

function args(argv: string[]) {
  const a = { sockets: 10_000, recipients: 1_000, write: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => Number(inline ?? argv[++i]);
    if (flag === '--sockets') a.sockets = val();
    else if (flag === '--recipients') a.recipients = val();
    else if (flag === '--no-write') a.write = false;
    else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  if (!(a.recipients > 0 && a.recipients <= a.sockets)) throw new Error('--recipients: от 1 до --sockets');
  return a;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * A fresh, migrated database with `n` users, each with a token; the first `sellers` of them have a published
 * listing (a seller page, which is what one may subscribe to). Returns the users' ids and token keys.
 */
async function prepare(n: number, sellers: number): Promise<{ url: string; people: { id: number; key: string }[] }> {
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const url = `${PG}/${DB}`;
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  const people: { id: number; key: string }[] = [];
  for (let i = 0; i < n; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({
      phone: `+7900${String(i + j).padStart(7, '0')}`,
      firstName: `Пользователь ${i + j}`,
      lastName: 'Тестов',
    }));
    const rows = await database.db.insert(users).values(batch).returning({ id: users.id });
    const keys = rows.map(() => randomBytes(20).toString('hex'));
    await database.db.insert(authTokens).values(rows.map((r, j) => ({ userId: r.id, keyHash: hashToken(keys[j]!) })));
    rows.forEach((r, j) => people.push({ id: r.id, key: keys[j]! }));
  }
  for (let i = 0; i < sellers; i += 1000) {
    const batch = people.slice(i, Math.min(sellers, i + 1000)).map((p) => ({
      slug: `bench-${p.id}`,
      ownerId: p.id,
      title: 'Тренч из хлопка',
      type: 'women',
      condition: 'excellent',
      status: 'active',
      minPrice: 499000,
      publishedAt: new Date(),
    }));
    await database.db.insert(products).values(batch);
  }
  await database.close();
  return { url, people };
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident set of the server after it settled: the median of five samples 0.5 s apart (KB). */
async function settledRss(pid: number) {
  await sleep(3000);
  const s: number[] = [];
  for (let i = 0; i < 5; i++) {
    s.push(rssKb(pid));
    await sleep(500);
  }
  return s.sort((a, b) => a - b)[2]!;
}

function startServer(url: string, port: number): Promise<ChildProcess> {
  // The compiled server, as `npm start` runs it (built first when missing or stale).
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const child = spawn(process.execPath, ['--conditions=compiled', 'apps/api/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), 'vitrina-bench-ws'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every client of the benchmark connects from 127.0.0.1.
      WS_CONNECTS_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`сервер завершился с кодом ${child.exitCode}`));
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return resolve(child);
      } catch {
        /* not yet */
      }
      if (Date.now() - started > 120_000) return reject(new Error('сервер не поднялся за 120 с'));
      setTimeout(() => void poll(), 300);
    };
    void poll();
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const a = args(process.argv.slice(2));
  console.log(`Готовлю базу: ${a.sockets} получателей и ${a.recipients} подписчиков…`);
  const { url, people } = await prepare(a.sockets + a.recipients, a.sockets);
  const holders = people.slice(0, a.sockets);
  const subscribers = people.slice(a.sockets);
  const port = await freePort();
  const server = await startServer(url, port);
  const clients = fork(path.join(ROOT, 'bench/ws-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['pipe', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const on = (m: Record<string, unknown>) => {
        if (m.type === 'error') reject(new Error(String(m.message)));
        else if (m.type === type) {
          clients.off('message', on);
          resolve(m);
        }
      };
      clients.on('message', on);
    });
  try {
    const before = await settledRss(server.pid!);
    const ready = next('ready');
    clients.stdin!.end(JSON.stringify({ url: `ws://127.0.0.1:${port}`, tokens: holders.map((p) => p.key) }));
    const t0 = Date.now();
    await ready;
    const connectS = (Date.now() - t0) / 1000;
    const after = await settledRss(server.pid!);
    const perSocketKb = (after - before) / a.sockets;
    console.log(
      `Сокетов: ${a.sockets} за ${connectS.toFixed(1)} с; RSS ${before} → ${after} КБ: ${perSocketKb.toFixed(1)} КБ на сокет`,
    );

    const report = next('latencies');
    let i = 0;
    const worker = async () => {
      while (i < a.recipients) {
        const j = i++;
        const res = await fetch(`http://127.0.0.1:${port}/v1/social/subscribe/${holders[j]!.id}/`, {
          method: 'POST',
          headers: { authorization: `Token ${subscribers[j]!.key}` },
        });
        if (!res.ok) throw new Error(`subscribe → ${res.status}`);
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    clients.send({ type: 'report', expect: a.recipients });
    const values = ((await report).values as number[]).sort((x, y) => x - y);
    const lat = {
      n: values.length,
      p50: pct(values, 50),
      p95: pct(values, 95),
      p99: pct(values, 99),
      max: values.at(-1)!,
    };
    console.log(
      `Задержка до сокета (${lat.n} из ${a.recipients}): p50 ${lat.p50} мс, p95 ${lat.p95}, p99 ${lat.p99}, max ${lat.max}`,
    );
    if (a.write) writeDoc(a, { before, after, perSocketKb, connectS }, lat);
  } finally {
    clients.send({ type: 'close' });
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

function writeDoc(
  a: { sockets: number; recipients: number },
  mem: { before: number; after: number; perSocketKb: number; connectS: number },
  lat: { n: number; p50: number; p95: number; p99: number; max: number },
) {
  const file = path.join(ROOT, 'docs/performance.md');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const section = `<!-- sockets:start -->
## Notification sockets (\`npm run bench:sockets\`)

${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${cpu}, PostgreSQL at BENCH_PG, one server process; clients in a
separate process over loopback.

| Measure | Figure | Aim |
|---|---|---|
| Memory per idle socket (${a.sockets} sockets, server RSS ${mem.before} → ${mem.after} KB) | **${mem.perSocketKb.toFixed(1)} KB** | ≤ 20 KB |
| Connecting ${a.sockets} sockets (200 at a time, each with its initial list) | ${mem.connectS.toFixed(1)} s | — |
| Commit-to-socket latency, ${a.recipients} recipients (${lat.n} received): p50 / p95 / p99 / max | ${lat.p50} / ${lat.p95} / **${lat.p99}** / ${lat.max} ms | p99 ≤ 100 ms |

The latency runs from the notification's \`created_at\` (taken when its job starts, before the commit) to the
frame's arrival, so it includes the job's transaction, PostgreSQL's NOTIFY and the delivery; it leaves out the
wait for the job worker's next poll (\`JOBS_POLL_MS\`, 1 s by default).
<!-- sockets:end -->`;
  const doc = readFileSync(file, 'utf8');
  const re = /<!-- sockets:start -->[\s\S]*?<!-- sockets:end -->/;
  writeFileSync(file, re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`);
  console.log('Записано в docs/performance.md');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
