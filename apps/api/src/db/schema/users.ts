/**
 * Users (buyers and sellers are the same people), sign-in tokens and one-time codes.
 * Spec §1, §4, §6, §7 (`/v1/auth/*`, `/v1/self/*`). Owned by the `auth` and `users` modules.
 */
import { pgTable, text, integer, serial, timestamp, index } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** E.164 (`+79991234567`); null for demo sellers without a phone. */
    phone: text('phone').unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Media key of the avatar (see media module), null when none. */
    avatar: text('avatar'),
    city: text('city').notNull().default(''),
    about: text('about').notNull().default(''),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the person deleted their account («Удалить аккаунт», 152-ФЗ): the row stays for the orders
     * that name it, anonymised (no phone, name «Удалённый пользователь»); null for a live account.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * `user` or `staff` (disputes, the back office). Read from this row on every staff request, never from the
     * token, so taking the role away takes effect at once; `STAFF_PHONES` grants it at every sign-in.
     */
    role: text('role').notNull().default('user'),
    /**
     * When staff blocked the account (`POST /v1/admin/users/{id}/block/`): its tokens are gone, sign-in is refused
     * naming {@link users.blockReason}, its listings are hidden; null for an account in good standing.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Staff's reason of the block (the person reads it when sign-in is refused); null when not blocked. */
    blockReason: text('block_reason'),
  },
  (t) => [index('users_date_joined_idx').on(t.dateJoined)],
);

/** API tokens (`Authorization: Token <40 hex>`), stored as SHA-256 hex; several per user. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** One-time sign-in codes: hashed, expiring, with a count of wrong attempts. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used or killed (too many attempts, superseded). */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    /** What the code confirms: `login` (sign-in) or `delete` (deleting the account); one never serves the other. */
    purpose: text('purpose').notNull().default('login'),
  },
  (t) => [
    index('sms_codes_phone_created_idx').on(t.phone, t.createdAt),
    index('sms_codes_ip_created_idx').on(t.ip, t.createdAt),
  ],
);

/** Development outbox of the `console` SMS provider (absent in production). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    code: text('code').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.sentAt)],
);
