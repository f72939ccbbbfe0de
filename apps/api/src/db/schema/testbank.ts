/**
 * «The bank never relied on once»: the test bank's outgoing notices, stored with its charge so that
 * they survive a restart and are re-delivered with back-off for 24 hours, and the installation's own settings
 * (the test bank's webhook secret, generated on first start).
 */
import { pgTable, text, integer, jsonb, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * A notice the test bank owes Vitrina (`POST /v1/payments/webhook/testgateway/`): written in the same transaction
 * as the charge or refusal it announces; `pending` until a delivery is answered 2xx (`delivered`), `dead` after
 * 24 hours of failed deliveries.
 */
export const testgatewayNotices = pgTable(
  'testgateway_notices',
  {
    /** The event id (`evt_…`), also the body's `event_id`. */
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    /** The event body as sent (signed at each delivery). */
    body: jsonb('body').notNull(),
    /** `pending` | `delivered` | `dead`. */
    status: text('status').notNull().default('pending'),
    /** Deliveries tried so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The HTTP status of the last delivery (null: not tried, or no answer). */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('testgateway_notices_status_idx').on(t.status, t.createdAt)],
);

/** Settings of this installation (key → value), shared by every process on the database. */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
