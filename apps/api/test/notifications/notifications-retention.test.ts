/**
 * Retention: a daily recurring job deletes read notifications older than 180 days, handled events
 * and finished jobs older than 30 days; unread notifications, dead jobs and events still being handled stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { events, jobs, notifications } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeUser } from '../buy-fixtures.js';

const DAY = 24 * 3_600_000;

describe.runIf(dbAvailable())('retention', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
  });
  afterAll(() => t?.close());

  it('deletes what is old and handled, daily', async () => {
    const now = t.clock.now().getTime();
    const ago = (days: number) => new Date(now - days * DAY);
    const u = await makeUser(t.app);
    const n = await t.app.db
      .insert(notifications)
      .values([
        { userId: u.id, type: 'order_paid', title: 'старое прочитанное', isRead: true, createdAt: ago(181) },
        { userId: u.id, type: 'order_paid', title: 'прочитанное', isRead: true, createdAt: ago(179) },
        { userId: u.id, type: 'order_paid', title: 'старое непрочитанное', isRead: false, createdAt: ago(400) },
      ])
      .returning({ id: notifications.id, title: notifications.title });
    const ev = await t.app.db
      .insert(events)
      .values([
        { type: 'test.old-done', payload: {}, createdAt: ago(31) },
        { type: 'test.old-dead', payload: {}, createdAt: ago(31) },
        { type: 'test.recent', payload: {}, createdAt: ago(29) },
      ])
      .returning({ id: events.id, type: events.type });
    const job = (kind: string, status: string, finished: Date | null, eventId: number | null = null) => ({
      kind,
      payload: {},
      eventId,
      status,
      runAt: ago(40),
      maxAttempts: 1,
      createdAt: ago(40),
      finishedAt: finished,
    });
    await t.app.db
      .insert(jobs)
      .values([
        job('test.done-old-event', 'done', ago(31), ev[0]!.id),
        job('test.dead-old-event', 'dead', ago(31), ev[1]!.id),
        job('test.done-old', 'done', ago(31)),
        job('test.done-recent', 'done', ago(29)),
        job('test.dead-old', 'dead', ago(100)),
      ]);

    await t.app.jobs.ensureRecurring();
    await t.app.jobs.runDue();

    const leftN = await t.app.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          n.map((x) => x.id),
        ),
      );
    expect(leftN.map((x) => x.title).sort()).toEqual(['прочитанное', 'старое непрочитанное']);
    const leftE = await t.app.db
      .select({ type: events.type })
      .from(events)
      .where(
        inArray(
          events.id,
          ev.map((x) => x.id),
        ),
      );
    expect(leftE.map((x) => x.type).sort()).toEqual(['test.old-dead', 'test.recent']);
    const leftJ = await t.app.db
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(eq(jobs.runAt, ago(40)));
    expect(leftJ.map((x) => x.kind).sort()).toEqual(['test.dead-old', 'test.dead-old-event', 'test.done-recent']);

    const [next] = await t.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notifications.retention'), eq(jobs.status, 'queued')));
    expect(next!.runAt.getTime()).toBe(now + DAY);
  });
});
