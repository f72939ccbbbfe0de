/**
 * `createTestApp()`: a fresh app on its own copy of the seeded template database — PGlite (default) or
 * PostgreSQL (`TEST_DB=postgres`, project `api-pg`). Every API test goes through the real HTTP layer
 * (`app.inject`). Also: sign-in helpers and a multipart body builder.
 */
import { mkdtempSync, cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { mountWeb } from '../src/web.js';
import { ManualClock } from '../src/lib/clock.js';
import { TEST_CLOCK_START } from './test-clock.js';
import { createFromTemplate, dbUrl, dropDatabase, randomDbName } from './pg-admin.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: ManualClock;
  close(): Promise<void>;
}

/** True when this run targets PostgreSQL. */
export const onPostgres = () => process.env.TEST_DB === 'postgres';

/** Options of {@link createTestApp} beyond the environment and the logger. */
export interface TestAppOptions {
  /** Also serve the built web app (server-rendered pages; needs `npm run build -w apps/web`). */
  web?: boolean;
}

/**
 * The configuration of a test app: its data directory, silent, jobs on demand, no micro-cache, plus `env`.
 * @param dataDir the app's DATA_DIR
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Jobs run when a test calls `app.jobs.runDue()` (after moving the clock), unless it asks for polling.
    JOBS_POLL_MS: '0',
    // Public answers are built afresh on every request unless a test of the micro-cache asks for it.
    PUBLIC_CACHE_MS: '0',
    ...env,
  });
}

/**
 * A test app on a copy of the template. In the `api-pg` project without TEST_DATABASE_URL the suite is
 * skipped by `describeDb` below (and `npm test` fails in CI for that).
 * @param env extra environment for `loadConfig` (e.g. `{ FEE_PERCENT: '10' }`)
 * @param logger Fastify logger options (default: off); a test that reads the log passes its own stream
 */
export async function createTestApp(
  env: Record<string, string> = {},
  logger: Parameters<typeof buildApp>[0]['logger'] = false,
  options: TestAppOptions = {},
): Promise<TestContext> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'vitrina-app-'));
  const mediaDir = path.join(work, 'data', 'media');
  cpSync(inject('testMediaDir'), mediaDir, { recursive: true });
  const config = testConfig(path.join(work, 'data'), env);
  let database: Database;
  let dropName: string | undefined;
  if (onPostgres()) {
    const base = process.env.TEST_DATABASE_URL!;
    dropName = randomDbName('vitrina_test');
    await createFromTemplate(base, dropName, inject('pgTemplate'));
    database = await openDatabase({ url: dbUrl(base, dropName) });
  } else {
    // A copy of the template's data directory, opened as `npm start` opens DATA_DIR/db (decision 0188).
    const dir = path.join(work, 'data', 'db');
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    database = await openDatabase({ dir });
  }
  const clock = new ManualClock(TEST_CLOCK_START);
  const app = await buildApp({ config, database, clock, logger });
  if (options.web) await mountWeb(app, { dev: false });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.close();
      if (dropName) await dropDatabase(process.env.TEST_DATABASE_URL!, dropName);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * A second server process on the same database as `t` (same config and clock): for tests that two processes
 * behave as one. On PostgreSQL it has its own pool (`*.race.test.ts` and the multi-process tests); on PGlite it
 * is a second app on the same embedded database (its own memory: caches, counters kept in process). Close it
 * before `t`.
 */
export async function secondProcess(
  t: TestContext,
  options: TestAppOptions = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const own = onPostgres();
  const url = own
    ? (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString
    : '';
  const database = own ? await openDatabase({ url }) : t.database;
  const app = await buildApp({ config: t.config, database, clock: t.clock, logger: false });
  if (options.web) await mountWeb(app, { dev: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (own) await database.close();
    },
  };
}

/**
 * How long a change may take to reach every process and socket over the fan-out (LISTEN/NOTIFY), in ms. The
 * fan-out pushes on commit (nothing polls), so a delivery takes milliseconds; the bound is wide because CI's two
 * cores are busy with two test workers, where one delivery once took 1.2 s. It is also the test socket's default
 * wait (ws-client.ts). It still fails a change that waits for a cache to expire or a job to run (the test clock
 * stands still) — speed itself is measured in bench/, not here.
 */
export const REAL_TIME_MS = 5000;

/** Whether the database for this project is available (PostgreSQL needs TEST_DATABASE_URL). */
export const dbAvailable = () => !onPostgres() || Boolean(process.env.TEST_DATABASE_URL);

/**
 * Signs a phone in through the real send-code / dev-outbox / verify-code calls.
 * @returns the token key
 */
export async function signIn(
  app: FastifyInstance,
  phone = randomPhone(),
): Promise<{ token: string; phone: string; auth: { authorization: string } }> {
  const send = await app.inject({
    method: 'POST',
    url: '/v1/auth/send-code/',
    payload: { phone },
    remoteAddress: randomIp(),
  });
  if (send.statusCode !== 200) throw new Error(`send-code ${send.statusCode}: ${send.body}`);
  const outbox = await app.inject({ method: 'GET', url: `/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}` });
  const code = (outbox.json() as { results: { code: string }[] }).results[0]!.code;
  const verify = await app.inject({
    method: 'POST',
    url: '/v1/auth/verify-code/',
    payload: { phone, code },
    remoteAddress: randomIp(),
  });
  if (verify.statusCode !== 200) throw new Error(`verify-code ${verify.statusCode}: ${verify.body}`);
  const token = (verify.json() as { token: string }).token;
  return { token, phone, auth: { authorization: `Token ${token}` } };
}

/** Each test process starts at a random block of 10 000 numbers and counts up, so numbers never repeat in it. */
const phoneBase = Math.floor(Math.random() * 999) * 10_000;
let phoneSeq = 0;
/** A fresh valid Russian mobile number, `+7999…`, unique within this process. */
export function randomPhone() {
  phoneSeq += 1;
  const n = (phoneBase + phoneSeq) % 10_000_000;
  return `+7999${String(n).padStart(7, '0')}`;
}
let ipSeq = 0;
/** A fresh client address so per-IP limits of one test do not leak into another. */
export function randomIp() {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/**
 * Builds a multipart/form-data body for `app.inject`.
 * @param fields text fields (arrays repeat the field)
 * @param files `{field, filename, contentType, data}` entries
 */
export function multipart(
  fields: Record<string, string | string[]>,
  files: { field: string; filename: string; contentType: string; data: Buffer }[] = [],
) {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const val of Array.isArray(v) ? v : [v]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${val}\r\n`));
    }
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** GET `path` through `app`'s HTTP layer, expect 200 (the body in the message otherwise) and return the JSON. */
export async function getOk(app: FastifyInstance, path: string): Promise<unknown> {
  const res = await app.inject(path);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json() as unknown;
}
