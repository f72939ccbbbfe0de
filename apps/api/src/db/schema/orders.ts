/**
 * Payment cards (gateway tokens only), orders, order items, payments and gateway events.
 * Spec §7 (`/v1/user/add-card/`, `/v1/self/card*`, `/v1/sales/*`). Owned by `cards`, `orders`, `payments`.
 *
 * Money is integer kopecks. Order `status` ∈ `awaiting_payment` | `paid` | `shipped` | `delivered` |
 * `disputed` | `completed` | `refunded` | `cancelled` (the contract's `ORDER_STATUSES`); a cancelled order says
 * who or what cancelled it in `cancelled_by` (the contract's `CANCELLED_BY`). No card number or CVC is ever stored: only the gateway token, brand, last 4, expiry.
 */
import { pgTable, text, integer, serial, timestamp, index, boolean, jsonb, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { products, offers } from './products.js';

export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    name: text('name').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cards_user_idx').on(t.userId), uniqueIndex('cards_provider_token_uq').on(t.provider, t.token)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Human order number, e.g. `V-2611-000123`. */
    number: text('number').notNull().unique(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('awaiting_payment'),
    /** Snapshot of the delivery point at order time. */
    deliveryPoint: jsonb('delivery_point').notNull(),
    /**
     * Who collects the parcel, as the carrier's waybill needs them: full name and phone (E.164), given at checkout
     * (prefilled from the buyer's profile). Null on orders placed before checkout asked, and after the buyer's
     * account is erased.
     */
    recipientName: text('recipient_name'),
    recipientPhone: text('recipient_phone'),
    cardId: integer('card_id'),
    total: integer('total').notNull(),
    fee: integer('fee').notNull(),
    payout: integer('payout').notNull(),
    trackingNumber: text('tracking_number'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** `buyer` | `seller` | `deadline` | `expiry` | `payment` | `staff`; null unless cancelled (or cancelled earlier). */
    cancelledBy: text('cancelled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Kopecks returned to the buyer (a payment that came for an order that could no longer be fulfilled). */
    refundedAmount: integer('refunded_amount'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.status, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.status, t.createdAt),
    index('orders_status_reserved_idx').on(t.status, t.reservedUntil),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    size: text('size').notNull(),
    price: integer('price').notNull(),
    count: integer('count').notNull(),
    photo: text('photo'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

export const payments = pgTable(
  'payments',
  {
    /** Our payment id (UUID). */
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    confirmationUrl: text('confirmation_url'),
    /** Set when the payment was refunded (status `refunded`): kopecks, the time and the provider's refund id. */
    refundedAmount: integer('refunded_amount'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
  ],
);

/** Gateway notifications, applied exactly once (unique provider + event id). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.eventId)],
);

/** The built-in test gateway's own books (it plays the bank): cards and payments. */
export const testgatewayCards = pgTable('testgateway_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What paying with this card does: `succeed` or `decline` (the number itself is never kept). */
  outcome: text('outcome').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testgatewayPayments = pgTable('testgateway_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  description: text('description').notNull().default(''),
  returnUrl: text('return_url').notNull(),
  status: text('status').notNull().default('pending'),
  metadata: jsonb('metadata').notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The test gateway's refunds: one per idempotence key (a repeated request answers the same refund). */
export const testgatewayRefunds = pgTable('testgateway_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  amount: integer('amount').notNull(),
  idempotenceKey: text('idempotence_key').notNull().unique(),
  reason: text('reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
