/**
 * Per-route request limits shared by every server process (`@fastify/rate-limit` with the PostgreSQL store,
 * `plugins/rate-limit-store.ts`). One row per route and client key and its current window.
 */
import { pgTable, text, integer, timestamp, index } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<route>|<client key>` (the route namespace keeps limits of different routes apart). */
    key: text('key').primaryKey(),
    /** Requests counted in the current window. */
    count: integer('count').notNull(),
    /** When the current window ends (a later request starts a new one). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
