/**
 * The messenger (owned by the `chats` module): one conversation per buyer and listing, its messages, price offers
 * (`price_offers` — `offers` are a listing's sizes with price and stock), blocks between people and reports.
 *
 * Reads: a person's conversations by `(buyer_id | seller_id, last_message_at)`; a thread's page by `(chat_id, id)`
 * (index range, newest first, `id < before`); read marks are one id per side (`buyer_read_id`, `seller_read_id`:
 * everything of the other side up to it is read), so marking is one update and «unread» an index range.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  integer,
  serial,
  text,
  timestamp,
  boolean,
  jsonb,
  index,
  uniqueIndex,
  primaryKey,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { offers, products } from './products.js';
import { orders } from './orders.js';

export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The newest message's time (the list's order); `created_at` before the first message. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    lastMessageId: integer('last_message_id'),
    /** The buyer has read the seller's messages up to this id (0: none). */
    buyerReadId: integer('buyer_read_id').notNull().default(0),
    sellerReadId: integer('seller_read_id').notNull().default(0),
    /** Unread messages up to this id already reached the buyer by SMS (one SMS per unread streak). */
    buyerSmsId: integer('buyer_sms_id').notNull().default(0),
    sellerSmsId: integer('seller_sms_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('chats_buyer_product_uq').on(t.buyerId, t.productId),
    index('chats_buyer_recent_idx').on(t.buyerId, t.lastMessageAt, t.id),
    index('chats_seller_recent_idx').on(t.sellerId, t.lastMessageAt, t.id),
    index('chats_product_idx').on(t.productId),
  ],
);

/** One photo of a message: its media key and the largest variant's size. */
export interface MessagePhoto {
  key: string;
  width: number;
  height: number;
}

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id),
    /** Null for a system message (an order event, a note). */
    authorId: integer('author_id').references(() => users.id),
    /** `text` | `system` | `offer`. */
    kind: text('kind').notNull().default('text'),
    /** As the other side sees it: contacts already masked. */
    text: text('text').notNull().default(''),
    photos: jsonb('photos').$type<MessagePhoto[]>().notNull().default([]),
    offerId: integer('offer_id'),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The author deleted their account: text and photos are gone. */
    erased: boolean('erased').notNull().default(false),
  },
  (t) => [
    index('chat_messages_chat_idx').on(t.chatId, t.id),
    index('chat_messages_author_idx').on(t.authorId),
    check('chat_messages_kind', sql`${t.kind} in ('text', 'system', 'offer')`),
  ],
);

export const priceOffers = pgTable(
  'price_offers',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The size row; null once the seller removed that size (the offer is dead then). */
    sizeOfferId: integer('size_offer_id').references(() => offers.id, { onDelete: 'set null' }),
    size: text('size').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    /** `buyer` (counts against the buyer's limit) or `seller` (a counter). */
    byRole: text('by_role').notNull(),
    /** Kopecks. */
    price: integer('price').notNull(),
    /** The size's price when made, kopecks. */
    listPrice: integer('list_price').notNull(),
    status: text('status').notNull().default('pending'),
    /** The offer this one counters. */
    parentId: integer('parent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Accepted: the price holds for the buyer until then. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [
    index('price_offers_buyer_product_idx').on(t.buyerId, t.productId),
    index('price_offers_product_status_idx').on(t.productId, t.status),
    /** One pending offer per buyer and listing (a counter replaces the offer it answers). */
    uniqueIndex('price_offers_one_pending_uq')
      .on(t.buyerId, t.productId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'price_offers_status',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'countered', 'expired', 'cancelled')`,
    ),
  ],
);

/** Who blocked whom: the blocked person cannot write to the blocker. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** Reports of a conversation, kept for the back office. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the back office dealt with it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
