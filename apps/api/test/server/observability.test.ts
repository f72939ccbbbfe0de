/**
 * Observability through the real HTTP layer, on PGlite and PostgreSQL: `/metrics` after real requests
 * (answer times by route pattern, query times, the pool, open WebSockets, the job queue, Node's default
 * metrics), `X-Request-Id` on every answer (a proxy's sane id kept) and the same id on the logged lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, onPostgres, randomPhone, signIn, type TestContext } from '../helpers.js';
import { openSocket } from '../ws-client.js';
import { sample } from '../metrics-sample.js';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';
import { RUNNING_LOCK_CLASS } from '../../src/modules/jobs/queue.js';
import { adminUrl } from '../pg-admin.js';

describe.runIf(dbAvailable())('observability', () => {
  let t: TestContext;
  const lines: string[] = [];
  const scrape = async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { level: 'info', stream: { write: (l: string) => lines.push(l) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('times answers by method, route pattern and status — never the raw URL', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject(`/v1/public/products/no-such-listing-${i}/`);
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject('/v1/ping/')).statusCode).toBe(200);
    expect((await t.app.inject('/v1/no/such/route-xyz/')).statusCode).toBe(404);
    const text = await scrape();
    const route = { method: 'GET', route: '/v1/public/products/:slug/', status: '404' };
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/v1/ping/', status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '(unmatched)', status: '404' })).toBe(1);
    expect(text).not.toContain('no-such-listing');
    expect(text).not.toContain('route-xyz');
  });

  it('times database queries and shows the pool (PostgreSQL) and Node’s default metrics', async () => {
    const before = sample(await scrape(), 'vitrina_db_query_duration_seconds_count', { outcome: 'ok' }) ?? 0;
    await signIn(t.app);
    const text = await scrape();
    const driver = onPostgres() ? 'postgres' : 'pglite';
    expect(sample(text, 'vitrina_db_query_duration_seconds_count', { driver, outcome: 'ok' })).toBeGreaterThan(
      before + 3,
    );
    expect(sample(text, 'vitrina_db_query_duration_seconds_sum', { driver, outcome: 'ok' })).toBeGreaterThan(0);
    if (onPostgres()) {
      expect(sample(text, 'vitrina_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'vitrina_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'vitrina_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(text).not.toContain('vitrina_db_pool_connections');
    }
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(1e6);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts open WebSockets as they open and close', async () => {
    const open = async () => sample(await scrape(), 'vitrina_websockets_open');
    expect(await open()).toBe(0);
    const u = await signIn(t.app);
    const addr = t.app.server.address() as { port: number };
    const s = openSocket(`http://127.0.0.1:${addr.port}`, `token=${u.token}`);
    await s.next();
    expect(await open()).toBe(1);
    s.close();
    await s.closed;
    // The server's side closes as the close frame arrives: wait for it, not for a time.
    for (let i = 0; i < 100 && (await open()) !== 0; i++) await new Promise((r) => setImmediate(r));
    expect(await open()).toBe(0);
  });

  it('shows the job queue by kind and state, read from the database, and counts failures', async () => {
    let fail = true;
    t.app.jobs.define(
      'test.flaky',
      async () => {
        if (fail) throw new Error('сбой');
      },
      { maxAttempts: 2, backoffMs: () => 60_000 },
    );
    const jobs = (text: string, state: string) => sample(text, 'vitrina_jobs', { kind: 'test.flaky', state });
    let text = await scrape();
    expect([jobs(text, 'pending'), jobs(text, 'dead')]).toEqual([0, 0]);
    // The failure series are there before a first failure (an alert on their rate needs them).
    const failures = (outcome: string) => sample(text, 'vitrina_job_failures_total', { kind: 'test.flaky', outcome });
    expect([failures('retry'), failures('dead')]).toEqual([0, 0]);
    await t.app.jobs.enqueue(t.app.db, 'test.flaky', {});
    await t.app.jobs.enqueue(t.app.db, 'test.flaky', {}, { runAt: new Date(t.clock.now().getTime() + 3_600_000) });
    text = await scrape();
    expect([jobs(text, 'pending'), jobs(text, 'scheduled'), jobs(text, 'running')]).toEqual([1, 1, 0]);
    await t.app.jobs.runDue();
    text = await scrape();
    expect(failures('retry')).toBe(1);
    expect([jobs(text, 'pending'), jobs(text, 'scheduled')]).toEqual([0, 2]);
    t.clock.advance(61_000);
    await t.app.jobs.runDue();
    text = await scrape();
    expect(failures('dead')).toBe(1);
    expect([jobs(text, 'dead'), jobs(text, 'scheduled')]).toEqual([1, 1]);
    fail = false;
  });

  it('counts as running only the jobs locked in its own database', async () => {
    t.app.jobs.define('test.idle', async () => undefined);
    // On PostgreSQL another database on the same server holds the running-job locks of the first 100 job ids: its
    // jobs are not ours (pg_locks lists every database's locks). PGlite has one database of its own.
    const other = onPostgres() ? await openDatabase({ url: adminUrl(process.env.TEST_DATABASE_URL!) }) : null;
    try {
      await other?.db.execute(sql`select pg_advisory_lock(${RUNNING_LOCK_CLASS}, k) from generate_series(1, 100) k`);
      await t.app.jobs.enqueue(t.app.db, 'test.idle', {});
      const text = await scrape();
      const jobs = (state: string) => sample(text, 'vitrina_jobs', { kind: 'test.idle', state });
      expect([jobs('pending'), jobs('running')]).toEqual([1, 0]);
    } finally {
      await other?.close();
    }
    await t.app.jobs.runDue();
  });

  it('returns X-Request-Id on every answer: a new one, or a sane one from the proxy', async () => {
    const a = await t.app.inject('/v1/ping/');
    const b = await t.app.inject('/v1/ping/');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
    const kept = await t.app.inject({ url: '/v1/no/such/', headers: { 'x-request-id': 'proxy-7f3a.01:ab@c' } });
    expect(kept.statusCode).toBe(404);
    expect(kept.headers['x-request-id']).toBe('proxy-7f3a.01:ab@c');
    for (const bad of ['x'.repeat(129), 'два слова', 'a b', '<script>', '']) {
      const res = await t.app.inject({ url: '/v1/ping/', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('logs each request as JSON lines carrying its request id, without the phone number', async () => {
    const phone = randomPhone();
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone },
      headers: { 'x-request-id': 'req-observability-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-observability-1');
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; responseTime?: number });
    const mine = logged.filter((l) => l.reqId === 'req-observability-1');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(mine.find((l) => l.msg === 'request completed')?.responseTime).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(phone.slice(2));
  });
});
