/**
 * Jobs (architecture §6) on the real database: a job exists exactly when the transaction that queued it committed,
 * runs when the clock reaches it, once, one per key; a failure is rolled back and retried with back-off until `dead`;
 * recurring jobs keep one queued run, and after-commit effects run only for a committed run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { events, jobs } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

const rows = async (t: TestContext, kind: string) =>
  t.app.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);

describe.runIf(dbAvailable())('job queue', () => {
  let t: TestContext;
  const ran: string[] = [];
  let failuresLeft = 0;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    t.app.jobs.define('test.record', async ({ job }) => {
      ran.push(String(job.payload.label));
    });
    t.app.jobs.define(
      'test.flaky',
      async ({ tx, job, now }) => {
        // A write that must vanish when the handler fails.
        await tx
          .insert(events)
          .values({ type: 'test.flaky-write', payload: { attempt: job.attempts }, createdAt: now });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('банк недоступен');
        }
        ran.push(`flaky after ${job.attempts} failures`);
      },
      { maxAttempts: 3, backoffMs: (n) => n * 60_000 },
    );
  });
  afterAll(() => t?.close());

  it('queues a job only when its transaction commits, and runs it once', async () => {
    ran.length = 0;
    await t.app.db
      .transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, 'test.record', { label: 'rolled back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.app.db.transaction((tx) => t.app.jobs.enqueue(tx, 'test.record', { label: 'committed' }));
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(ran).toEqual(['committed']);
    const [job] = (await rows(t, 'test.record')).filter((j) => j.payload.label === 'committed');
    expect(job).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('runs a timed job when the clock reaches it, not before', async () => {
    ran.length = 0;
    const runAt = new Date(t.clock.now().getTime() + 15 * 60_000);
    await t.app.jobs.enqueue(t.app.db, 'test.record', { label: 'in 15 minutes' }, { runAt });
    t.clock.advance(15 * 60_000 - 1000);
    expect(await t.app.jobs.runDue()).toBe(0);
    t.clock.advance(1000);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(ran).toEqual(['in 15 minutes']);
  });

  it('keeps one queued job per key; the key is free again once it ran', async () => {
    ran.length = 0;
    const a = await t.app.jobs.enqueue(t.app.db, 'test.record', { label: 'k1' }, { key: 'order:1:expire' });
    const b = await t.app.jobs.enqueue(t.app.db, 'test.record', { label: 'k2' }, { key: 'order:1:expire' });
    expect(a).toBeTypeOf('number');
    expect(b).toBeNull();
    await t.app.jobs.runDue();
    expect(
      await t.app.jobs.enqueue(t.app.db, 'test.record', { label: 'k3' }, { key: 'order:1:expire' }),
    ).not.toBeNull();
    await t.app.jobs.runDue();
    expect(ran).toEqual(['k1', 'k3']);
  });

  it('rolls a failed run back, retries with back-off, and succeeds', async () => {
    ran.length = 0;
    failuresLeft = 2;
    const id = (await t.app.jobs.enqueue(t.app.db, 'test.flaky', {}))!;
    expect(await t.app.jobs.runDue()).toBe(1); // fails: retry in 1 min
    const [after1] = await t.app.db.select().from(jobs).where(eq(jobs.id, id));
    expect(after1).toMatchObject({ status: 'queued', attempts: 1 });
    expect(after1!.lastError).toContain('банк недоступен');
    expect(after1!.runAt.getTime()).toBe(t.clock.now().getTime() + 60_000);
    expect(await t.app.jobs.runDue()).toBe(0); // not due yet
    t.clock.advance(60_000);
    expect(await t.app.jobs.runDue()).toBe(1); // fails again: retry in 2 min
    t.clock.advance(120_000);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(ran).toEqual(['flaky after 2 failures']);
    // Only the successful run's write is left.
    const writes = await t.app.db.select().from(events).where(eq(events.type, 'test.flaky-write'));
    expect(writes.map((w) => w.payload)).toEqual([{ attempt: 2 }]);
  });

  it('gives up after maxAttempts: the job is dead and counted', async () => {
    failuresLeft = 100;
    const before = await t.app.jobs.deadCount();
    const id = (await t.app.jobs.enqueue(t.app.db, 'test.flaky', {}))!;
    for (let i = 0; i < 3; i += 1) {
      await t.app.jobs.runDue();
      t.clock.advance(10 * 60_000);
    }
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ status: 'dead', attempts: 3 });
    expect(await t.app.jobs.deadCount()).toBe(before + 1);
    t.clock.advance(24 * 3_600_000);
    expect(await t.app.jobs.runDue()).toBe(0);
    failuresLeft = 0;
  });

  it('refuses to queue a kind nobody handles', async () => {
    await expect(t.app.jobs.enqueue(t.app.db, 'test.nobody', {})).rejects.toThrow(/no handler/);
  });
});

describe.runIf(dbAvailable())('recurring jobs and after-commit effects', () => {
  let t: TestContext;
  const ran: number[] = [];
  const effects: string[] = [];
  let fail = false;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    t.app.jobs.every(
      'test.hourly',
      3_600_000,
      async ({ now }) => {
        ran.push(now.getTime());
        if (fail) throw new Error('сбой');
      },
      { maxAttempts: 1 },
    );
    t.app.jobs.define(
      'test.effect',
      async ({ job, afterCommit }) => {
        afterCommit(async () => {
          effects.push(String(job.payload.label));
        });
        if (job.payload.fail) throw new Error('откат');
      },
      { maxAttempts: 1 },
    );
  });
  afterAll(() => t?.close());

  it('keeps one queued run; each run queues the next one interval after its due time', async () => {
    const start = t.clock.now().getTime();
    await t.app.jobs.ensureRecurring();
    await t.app.jobs.ensureRecurring();
    const queued = () =>
      t.app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'test.hourly'), eq(jobs.status, 'queued')));
    expect(await queued()).toHaveLength(1);
    await t.app.jobs.runDue(); // the app's own recurring jobs (retention, the orders' sweep) run too
    expect(ran).toEqual([start]);
    const [next] = await queued();
    expect(next!.runAt.getTime()).toBe(start + 3_600_000);
    await t.app.jobs.runDue();
    expect(ran).toHaveLength(1);
    // Down for five and a half hours: one run, the next on the hourly grid ahead.
    t.clock.advance(5.5 * 3_600_000);
    await t.app.jobs.runDue();
    expect(ran).toHaveLength(2);
    expect((await queued())[0]!.runAt.getTime()).toBe(start + 6 * 3_600_000);
    // A run that gives up still comes back at the next time.
    fail = true;
    t.clock.advance(3_600_000);
    await t.app.jobs.runDue();
    expect((await queued())[0]!.runAt.getTime()).toBe(start + 7 * 3_600_000);
    fail = false;
  });

  it('runs after-commit effects once the job committed, never for a failed run', async () => {
    await t.app.jobs.enqueue(t.app.db, 'test.effect', { label: 'ok' });
    await t.app.jobs.enqueue(t.app.db, 'test.effect', { label: 'failed', fail: true });
    await t.app.jobs.runDue();
    expect(effects).toEqual(['ok']);
  });
});
