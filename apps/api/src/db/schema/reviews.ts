/**
 * Reviews after a deal (issue «Buyer protection», owned by the `reviews` module): each side of a completed order
 * reviews the other once (a refunded order: the buyer only, the review marked `order_refunded`); the reviewed
 * person may answer once, publicly.
 *
 * Reads: a person's page of reviews by `(target_id, created_at, id)`; their rating, count and star distribution
 * by the index `(target_id, rating)` (index-only); one order's reviews by the unique `(order_id, author_id)`.
 */
import { sql } from 'drizzle-orm';
import { pgTable, integer, serial, text, timestamp, boolean, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { orders } from './orders.js';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    /** The reviewed person: the other side of the order. */
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id),
    /** The author's side of the order: `buyer` | `seller`. */
    authorRole: text('author_role').notNull(),
    /** 1–5 stars. */
    rating: integer('rating').notNull(),
    text: text('text').notNull().default(''),
    /** The order ended refunded (only its buyer may review it). */
    orderRefunded: boolean('order_refunded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last edit (within 24 h of `created_at`), or null. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The reviewed person's public answer (once), or null. */
    answerText: text('answer_text'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_order_author_uq').on(t.orderId, t.authorId),
    index('reviews_target_created_idx').on(t.targetId, t.createdAt, t.id),
    index('reviews_target_rating_idx').on(t.targetId, t.rating),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
