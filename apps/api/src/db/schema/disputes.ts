/**
 * Buyer protection's claims and disputes (owned by the `disputes` module; docs/decisions/0020-claims-and-disputes.md),
 * the partial refunds they decide (owned by `payments`) and the staff audit log.
 *
 * A claim is one per order (`claims_order_uq`): the buyer's reason, text and photos (media keys); the seller's
 * answer; a partial offer and the buyer's answer to it; the escalation to staff; the decision. `status`:
 * `open` (waiting for the seller, until `reply_by`) → `offered` (a partial offer waits for the buyer, until
 * `answer_by`) → `escalated` (staff decide) → `decided`. Money is integer kopecks.
 */
import { sql } from 'drizzle-orm';
import { pgTable, integer, serial, text, timestamp, jsonb, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { orders, payments } from './orders.js';

export const claims = pgTable(
  'claims',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** `open` | `offered` | `escalated` | `decided`. */
    status: text('status').notNull().default('open'),
    /** `not_received` | `not_as_described` | `counterfeit` | `damaged` | `other`. */
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    /** Media keys of the buyer's photos (at most 5). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The seller answers by then, or the dispute goes to staff. */
    replyBy: timestamp('reply_by', { withTimezone: true }).notNull(),
    /** The seller's answer: `accept` | `offer_partial` | `contest`, or null while none. */
    replyAction: text('reply_action'),
    replyText: text('reply_text'),
    replyPhotos: jsonb('reply_photos').$type<string[]>().notNull().default([]),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** A partial refund the seller offered, kopecks; the buyer answers by `answer_by`. */
    offerAmount: integer('offer_amount'),
    answerBy: timestamp('answer_by', { withTimezone: true }),
    /** The buyer's answer to the offer: `accepted` | `rejected`. */
    offerAnswer: text('offer_answer'),
    offerAnsweredAt: timestamp('offer_answered_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** Why staff decide: `timeout` (no answer in time), `contest` (the seller contests), `rejected` (the offer). */
    escalatedWhy: text('escalated_why'),
    /** `refund` | `partial_refund` | `release`. */
    decision: text('decision'),
    /** Kopecks returned to the buyer by the decision (0 for a release). */
    decisionAmount: integer('decision_amount'),
    /** Who decided: `seller` (accepted the claim), `buyer` (accepted the offer) or `staff`. */
    decidedBy: text('decided_by'),
    /** The staff member who decided (null when the sides agreed). */
    decidedStaffId: integer('decided_staff_id').references(() => users.id),
    decisionComment: text('decision_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('claims_order_uq').on(t.orderId),
    index('claims_status_idx').on(t.status, t.createdAt),
    check('claims_status_ck', sql`${t.status} in ('open', 'offered', 'escalated', 'decided')`),
  ],
);

/**
 * Refunds of part of a payment (a dispute's partial refund), each with its own idempotence key at the provider
 * (`refund-<id>`); `pending` until the provider confirms, then `succeeded`. Whole-payment refunds keep theirs on
 * the payment row (`payments.refunded_amount`, key `refund-<payment id>`).
 */
export const partialRefunds = pgTable(
  'partial_refunds',
  {
    /** Our refund id (UUID). */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** Kopecks. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull().default(''),
    /** `pending` | `succeeded`. */
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [index('partial_refunds_order_idx').on(t.orderId), check('partial_refunds_amount_ck', sql`${t.amount} > 0`)],
);

/**
 * What staff did (append-only): who, when, the action (`dispute.resolve`), the object, the reason or comment and
 * the details; written in the action's own transaction.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    reason: text('reason').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
  ],
);
