/**
 * The job queue's `running` state in `/metrics` as another process sees it: while one connection's
 * worker holds a job, a scrape on another pooled connection counts it. PostgreSQL only (PGlite has one
 * connection: its scrape waits for the job's transaction), hence a `.race` file: excluded from the PGlite run,
 * not skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { sample } from '../metrics-sample.js';

describe.runIf(dbAvailable())('job metrics across connections', () => {
  let t: TestContext;
  const scrape = async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a job as running while a worker holds it (any process sees it)', async () => {
    let seen: number | undefined;
    t.app.jobs.define('test.watch', async () => {
      // The scrape runs on another pooled connection while this job's transaction is open.
      seen = sample(await scrape(), 'vitrina_jobs', { kind: 'test.watch', state: 'running' });
    });
    await t.app.jobs.enqueue(t.app.db, 'test.watch', {});
    expect(sample(await scrape(), 'vitrina_jobs', { kind: 'test.watch', state: 'pending' })).toBe(1);
    await t.app.jobs.runDue();
    expect(seen).toBe(1);
    expect(sample(await scrape(), 'vitrina_jobs', { kind: 'test.watch', state: 'running' })).toBe(0);
  });
});
