/**
 * Staff's brand reference list (`/v1/admin/brands/…`, staff only; docs/decisions/0120-staff-brand-merge.md): the
 * brands sellers typed themselves (`brand_text`) grouped by spelling, merging one into a listed brand, and adding a
 * brand to the list.
 */
import './zod-config.js';
import { z } from 'zod';
import { pageOf } from './common.js';

/** Longest brand name (the sell form's typed brand has the same limit). */
export const BRAND_NAME_MAX = 60;

/** A listing of a free brand, as staff need to recognise it. */
export const freeBrandExampleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status: z.string(),
});

/**
 * One typed brand in use: every listing (not deleted) whose `brand_text` has the same normalised spelling (case,
 * spaces and ё ignored), most used first.
 */
export const freeBrandSchema = z.object({
  /** The normalised spelling the listings are grouped by. */
  key: z.string(),
  /** The spelling most listings use, as typed (what a merge call may send). */
  brand_text: z.string(),
  /** Every spelling of the group as typed, most used first (up to 5). */
  spellings: z.array(z.string()),
  /** Listings with it, any status but deleted. */
  listings_count: z.number().int(),
  /** Of them, on sale now. */
  active_count: z.number().int(),
  /** Up to 3 of its listings, latest change first. */
  examples: z.array(freeBrandExampleSchema),
});
export type FreeBrand = z.infer<typeof freeBrandSchema>;
export const freeBrandPageSchema = pageOf(freeBrandSchema);

const brandText = z
  .string({ error: 'Укажите бренд, как его написал продавец.' })
  .trim()
  .min(1, { error: 'Укажите бренд, как его написал продавец.' })
  .max(BRAND_NAME_MAX, { error: `Не больше ${BRAND_NAME_MAX} символов.` });

/** `POST /v1/admin/brands/merge/`: file every listing with this typed brand under a listed one. */
export const brandMergeBodySchema = z.object({
  brand_text: brandText,
  brand: z
    .number({ error: 'Укажите id бренда из справочника — целое число.' })
    .int({ error: 'Укажите id бренда из справочника — целое число.' })
    .positive({ error: 'Укажите id бренда из справочника — целое число.' })
    .max(2_147_483_647, { error: 'Такого бренда нет.' }),
  /** Staff's comment for the audit log. */
  reason: z
    .string({ error: 'Комментарий — строка.' })
    .trim()
    .max(1000, { error: 'Не больше 1000 символов.' })
    .default(''),
});
export type BrandMergeBody = z.input<typeof brandMergeBodySchema>;

/** A brand of the reference list as staff see it. */
export const adminBrandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_ru: z.string(),
  is_luxury: z.boolean(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

/** The merge's answer: the brand, how many listings moved (their ids), and how many now wait for a luxury check. */
export const brandMergedSchema = z.object({
  brand: adminBrandSchema,
  brand_text: z.string(),
  merged: z.number().int(),
  listing_ids: z.array(z.number().int()),
  /** Listings on sale that went to `pending_review` (a luxury brand's listing is public only once checked). */
  pending_review: z.number().int(),
});
export type BrandMerged = z.infer<typeof brandMergedSchema>;

/** `POST /v1/admin/brands/`: a brand for the reference list (e.g. from a seller's spelling, merged next). */
export const brandCreateBodySchema = z.object({
  name: z
    .string({ error: 'Укажите название бренда.' })
    .trim()
    .min(1, { error: 'Укажите название бренда.' })
    .max(BRAND_NAME_MAX, { error: `Не больше ${BRAND_NAME_MAX} символов.` }),
  /** The Cyrillic name (search and the brand page); the name itself when omitted. */
  name_ru: z
    .string({ error: 'Название по-русски — строка.' })
    .trim()
    .max(BRAND_NAME_MAX, { error: `Не больше ${BRAND_NAME_MAX} символов.` })
    .optional(),
  /** A luxury house: its listings wait for a proof-of-authenticity check before they are public. */
  is_luxury: z.boolean({ error: 'is_luxury — true или false.' }).default(false),
});
export type BrandCreateBody = z.input<typeof brandCreateBodySchema>;
