/**
 * Two server processes on one PostgreSQL share the jobs and run each exactly once (architecture §6).
 * PostgreSQL only (file name `*.race.test.ts`): PGlite serialises every query, so a race there proves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { events } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, onPostgres, type TestContext } from '../helpers.js';

const JOBS = 300;

describe.runIf(onPostgres() && dbAvailable())('jobs across two processes', () => {
  let t: TestContext;
  let second: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const database = await openDatabase({ url });
    second = { database, app: await buildApp({ config: t.config, database, clock: t.clock, logger: false }) };
    await second.app.ready();
    for (const app of [t.app, second.app]) {
      app.jobs.define('test.once', async ({ tx, job, now }) => {
        await tx.execute(sql`select pg_sleep(0.002)`);
        await tx
          .insert(events)
          .values({ type: 'test.ran', payload: { n: job.payload.n, by: app === t.app ? 1 : 2 }, createdAt: now });
      });
    }
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('each of 300 jobs runs once while both processes drain the queue at the same time', async () => {
    await t.app.db.transaction(async (tx) => {
      for (let n = 0; n < JOBS; n += 1) await t.app.jobs.enqueue(tx, 'test.once', { n });
    });
    const [a, b] = await Promise.all([t.app.jobs.runDue(), second.app.jobs.runDue()]);
    expect(a + b).toBe(JOBS);
    const ran = await t.app.db.select().from(events).where(eq(events.type, 'test.ran'));
    const perJob = new Map<number, number>();
    for (const r of ran) perJob.set(Number(r.payload.n), (perJob.get(Number(r.payload.n)) ?? 0) + 1);
    expect(perJob.size).toBe(JOBS);
    expect([...perJob.values()].every((c) => c === 1)).toBe(true);
    // Both processes took part (SKIP LOCKED lets the second claim what the first holds past).
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
  });
});
