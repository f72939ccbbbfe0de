/**
 * Domain events and jobs (architecture §6). Owned by `modules/jobs`.
 * - `events`: the transactional outbox — a change others should hear about inserts its event in the same
 *   transaction as the change, so an event exists exactly when its change committed.
 * - `jobs`: work to run later or elsewhere (an event's handling by one subscriber, a timed job such as an
 *   unpaid order's expiry), claimed with `FOR UPDATE SKIP LOCKED` by any server process, retried with
 *   back-off, `dead` after `max_attempts` failures.
 */
import { sql } from 'drizzle-orm';
import { bigserial, bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `<module>.<what happened>`, e.g. `order.paid`. */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('events_type_idx').on(t.type, t.createdAt)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The handler's name: `orders.expire-reservation`, or `event:<subscriber>` for an event's handling. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    /** The event this job handles (event jobs only). */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, { onDelete: 'cascade' }),
    /** `queued` (waiting or running — a running job is row-locked), `done`, `dead` (gave up). */
    status: text('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** At most one queued job per key (a reservation's expiry, a recurring job): enqueueing it again is a no-op. */
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`status = 'queued'`),
    uniqueIndex('jobs_queued_key_idx')
      .on(t.key)
      .where(sql`status = 'queued'`),
    index('jobs_dead_idx')
      .on(t.finishedAt)
      .where(sql`status = 'dead'`),
  ],
);
