/**
 * The back office's people and luxury checks (`/v1/admin/users/…`, `/v1/admin/products/…/authenticity/…`, staff
 * only): finding an account by phone or name, its details with its orders, blocking and unblocking it; and the
 * queue of luxury listings waiting for their proof of authenticity.
 */
import './zod-config.js';
import { z } from 'zod';
import { pageOf } from './common.js';
import { productBlockSchema, productUnblockSchema } from './admin.js';

/** One account in the staff list. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  city: z.string(),
  role: z.string(),
  date_joined: z.string(),
  /** ISO time of the staff block; null for an account in good standing. */
  blocked_at: z.string().nullable(),
  block_reason: z.string().nullable(),
  /** Listings on sale now. */
  active_listings: z.number().int(),
  /** Orders as buyer and as seller. */
  orders_count: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

/** An order of the account as staff read it (either side). */
export const adminUserOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The account's side: `buyer` or `seller`. */
  role: z.enum(['buyer', 'seller']),
  status: z.string(),
  status_label: z.string(),
  /** Rubles. */
  total: z.number(),
  title: z.string(),
  /** The other side. */
  counterpart: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
});
export type AdminUserOrder = z.infer<typeof adminUserOrderSchema>;

/** `GET /v1/admin/users/{id}/`: the account, its listings by status, its latest orders and reports on it. */
export const adminUserDetailSchema = adminUserSchema.extend({
  about: z.string(),
  listings_by_status: z.record(z.string(), z.number().int()),
  open_reports: z.number().int(),
  orders: z.array(adminUserOrderSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** `POST /v1/admin/users/{id}/block/`: the reason is required (the person reads it when sign-in is refused). */
export const userBlockSchema = productBlockSchema;
/** `POST /v1/admin/users/{id}/unblock/`: an optional comment for the audit log. */
export const userUnblockSchema = productUnblockSchema;
/** Both calls' answer: the state now and what changed. */
export const userBlockStateSchema = z.object({
  id: z.number().int(),
  blocked: z.boolean(),
  block_reason: z.string().nullable(),
  effects: z.object({
    /** Unpaid orders cancelled (either side). */
    cancelled_orders: z.array(z.number().int()),
    /** Paid sales cancelled with the buyer's money returned. */
    refunded_orders: z.array(z.number().int()),
    /** Listings hidden (block) or restored (unblock). */
    listings: z.array(z.number().int()),
  }),
});
export type UserBlockState = z.infer<typeof userBlockStateSchema>;

/** A listing in the staff list (search, block, luxury checks). */
export const adminProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  is_luxury: z.boolean(),
  status: z.string(),
  status_label: z.string(),
  block_reason: z.string().nullable(),
  verified: z.boolean(),
  review_decline_reason: z.string().nullable(),
  /** Rubles: the lowest offer. */
  price: z.number(),
  photo: z.string().nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** The seller's proof photos (luxury checks): image URLs. */
  authenticity_photos: z.array(z.object({ id: z.number().int(), url: z.string(), url_small: z.string() })),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductPageSchema = pageOf(adminProductSchema);

/** `POST /v1/admin/products/{id}/authenticity/decline/`: the reason is required (the seller reads it). */
export const authenticityDeclineSchema = z.object({
  reason: z
    .string({ error: 'Укажите, чего не хватает для проверки.' })
    .trim()
    .min(1, { error: 'Укажите, чего не хватает для проверки.' })
    .max(1000, { error: 'Не больше 1000 символов.' }),
});
/** The answer of approve and decline: the listing's status now. */
export const authenticityStateSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  verified: z.boolean(),
  review_decline_reason: z.string().nullable(),
});
