/**
 * The money ledger, payouts and the test bank's payouts book (architecture «Money ledger»).
 * Owned by `ledger` (entries) and `payments` (payouts, the test bank's book).
 *
 * `ledger_entries` is append-only (a trigger refuses UPDATE and DELETE, migration `ledger_append_only`) and
 * double-entry: each money move is a few entries with the same `move_key` whose signed amounts (kopecks) sum to
 * zero across named accounts (`buyer`, `clearing`, `seller_hold`, `seller_available`, `fees`, `seller_card`).
 * The unique (`move_key`, `account`) makes a replayed move write nothing.
 */
import { pgTable, text, integer, timestamp, index, uniqueIndex, bigserial } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The move's idempotency key, e.g. `charge:<payment id>`, `release:<order id>`. */
    moveKey: text('move_key').notNull(),
    /** `charge` | `hold` | `refund` | `release` | `payout`. */
    kind: text('kind').notNull(),
    account: text('account').notNull(),
    /** Signed kopecks: what the account gains (+) or gives (−) in this move. */
    amount: integer('amount').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: text('payment_id'),
    sellerId: integer('seller_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_move_account_uq').on(t.moveKey, t.account),
    index('ledger_entries_seller_idx').on(t.sellerId, t.account),
    index('ledger_entries_order_idx').on(t.orderId),
  ],
);

/**
 * The seller's payout of a completed order (one per order): `waiting_card` (no payout card yet),
 * `processing` (queued or being retried), `sent`. Kopecks.
 */
export const payouts = pgTable(
  'payouts',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    sellerId: integer('seller_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('processing'),
    /** Bumped when the provider refused a payout for good: the next try is a new payout (new idempotence key). */
    keySeq: integer('key_seq').notNull().default(0),
    /** The payout card, chosen when the payout is made or a card is added (kept for every try of one key). */
    cardId: integer('card_id'),
    provider: text('provider'),
    providerPayoutId: text('provider_payout_id'),
    cardLast4: text('card_last4'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('payouts_seller_status_idx').on(t.sellerId, t.status)],
);

/** The test bank's payouts: one per idempotence key (a repeated request answers the same payout). */
export const testgatewayPayouts = pgTable('testgateway_payouts', {
  id: text('id').primaryKey(),
  cardToken: text('card_token').notNull(),
  amount: integer('amount').notNull(),
  idempotenceKey: text('idempotence_key').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The test bank's payout outages (tests make payouts fail for a while): payouts fail while `until` is ahead. */
export const testgatewayPayoutOutages = pgTable('testgateway_payout_outages', {
  id: integer('id').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
