/**
 * Retention: a daily recurring job deletes read notifications older than 180 days, handled events
 * older than 30 days (those with no job still queued or dead; their done jobs go with them) and finished jobs
 * older than 30 days. Dead jobs stay for inspection.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';

export const RETENTION_JOB = 'notifications.retention';
export const RETENTION_EVERY_MS = 24 * 3_600_000;
export const READ_NOTIFICATIONS_DAYS = 180;
export const HANDLED_EVENTS_DAYS = 30;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 3_600_000).toISOString();

/** Deletes what retention allows. @returns how many rows of each kind went */
export async function applyRetention(tx: Tx, now: Date) {
  const db = tx as unknown as Db;
  const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(db, q))[0]?.n ?? 0;
  const notifications = await count(sql`
    with gone as (
      delete from notifications where is_read and created_at < ${daysBefore(now, READ_NOTIFICATIONS_DAYS)}
      returning 1)
    select count(*)::int as n from gone`);
  const events = await count(sql`
    with gone as (
      delete from events e where e.created_at < ${daysBefore(now, HANDLED_EVENTS_DAYS)}
        and not exists (select 1 from jobs j where j.event_id = e.id and j.status <> 'done')
      returning 1)
    select count(*)::int as n from gone`);
  const jobs = await count(sql`
    with gone as (
      delete from jobs where status = 'done' and finished_at < ${daysBefore(now, HANDLED_EVENTS_DAYS)}
      returning 1)
    select count(*)::int as n from gone`);
  return { notifications: Number(notifications), events: Number(events), jobs: Number(jobs) };
}

/** Defines the daily retention job. */
export function defineRetention(app: FastifyInstance): void {
  app.jobs.every(RETENTION_JOB, RETENTION_EVERY_MS, async ({ tx, now }) => {
    const gone = await applyRetention(tx, now);
    app.log.info({ gone }, 'retention: old notifications, events and jobs deleted');
  });
}
