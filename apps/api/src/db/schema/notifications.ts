/**
 * In-app notifications (spec §4, §7: WebSocket `/ws/notifications/`), the per-user notification
 * settings and the log of notification SMS (the daily limit). Owned by `notifications`.
 */
import { sql } from 'drizzle-orm';
import { pgTable, text, integer, serial, timestamp, index, boolean, bigserial } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Machine name, e.g. `order_paid` (the list is `NOTIFICATION_TYPES` in the contract). */
    type: text('type').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    /** A site path that exists for the reader (`/account/sales`, `/product/<slug>`). */
    link: text('link'),
    /** Thumbnail URL (`/media/<key>/320.webp`), or null. */
    image: text('image'),
    isRead: boolean('is_read').notNull().default(false),
    /** When it was made, or last renewed by an aggregate (it then moves to the front of the list). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Aggregation: notifications of one key for one user within a window are one notification (a followed
     * seller's listings of one hour). Null for plain notifications.
     */
    groupKey: text('group_key'),
    /** How many facts the aggregate holds. */
    groupCount: integer('group_count').notNull().default(1),
    /** End of the aggregation window: a fact after it starts a new notification. */
    groupUntil: timestamp('group_until', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
    index('notifications_group_idx')
      .on(t.groupKey, t.userId, t.groupUntil)
      .where(sql`${t.groupKey} is not null`),
    index('notifications_read_created_idx')
      .on(t.createdAt)
      .where(sql`${t.isRead}`),
  ],
);

/** What a user turned off (absent row: everything on). Types not listed stay on, so new types start on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Types not shown on the site (no notification is made). */
  siteOff: text('site_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Types not sent by SMS. */
  smsOff: text('sms_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notification SMS sent: at most a few per user per day. */
export const notificationSms = pgTable(
  'notification_sms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notification_sms_user_idx').on(t.userId, t.sentAt)],
);
