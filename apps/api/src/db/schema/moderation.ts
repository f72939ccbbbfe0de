/**
 * Reports and the moderation queue (the back office). A person reports a listing or a user (`reports`); the open
 * reports on one object gather in one open case (`report_cases`), the queue's item, which staff dismiss or act on.
 * `status` of both: `open` | `dismissed` | `upheld`.
 */
import { sql } from 'drizzle-orm';
import { pgTable, text, integer, serial, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One item of the staff queue: a reported object (`product` | `user`) while it has open reports. */
export const reportCases = pgTable(
  'report_cases',
  {
    id: serial('id').primaryKey(),
    objectType: text('object_type').notNull(),
    objectId: integer('object_id').notNull(),
    status: text('status').notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id),
  },
  (t) => [
    // One open case per object: concurrent first reports meet here.
    uniqueIndex('report_cases_open_object_uq')
      .on(t.objectType, t.objectId)
      .where(sql`${t.status} = 'open'`),
    index('report_cases_status_idx').on(t.status, t.openedAt),
  ],
);

/** A person's report on a listing or a user; one open report per reporter and object. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    caseId: integer('case_id')
      .notNull()
      .references(() => reportCases.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    objectType: text('object_type').notNull(),
    objectId: integer('object_id').notNull(),
    /** `counterfeit` | `prohibited` | `wrong_category` | `fraud` | `other`. */
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_open_reporter_object_uq')
      .on(t.reporterId, t.objectType, t.objectId)
      .where(sql`${t.status} = 'open'`),
    index('reports_case_idx').on(t.caseId),
  ],
);
