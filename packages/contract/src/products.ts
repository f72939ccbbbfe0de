/**
 * Selling contract (issue «Selling»; spec §4, §7 `/v1/products/*`, `/v1/product_owner/`, `/v1/fee/`,
 * `/v1/product_statuses/`, `/v1/social/*`). The SAME schemas validate the sell form in the browser as the
 * seller types and the multipart body in the API, so both give the same Russian messages.
 *
 * Prices are rubles (whole numbers) here; the database keeps kopecks.
 */
import './zod-config.js';
import { z } from 'zod';
import { imageSchema } from './common.js';
import { COLORS, CONDITIONS, productCardSchema } from './catalog.js';

/** Listing limits (ours; spec §9 leaves business limits open). */
export const LISTING_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 4000,
  priceMin: 100,
  priceMax: 10_000_000,
  countMin: 1,
  countMax: 99,
  photosMin: 1,
  photosMax: 10,
  sizesMax: 30,
} as const;

export const LISTING_MESSAGES = {
  title: `Название — от ${LISTING_LIMITS.titleMin} до ${LISTING_LIMITS.titleMax} символов.`,
  description: `Описание — не длиннее ${LISTING_LIMITS.descriptionMax} символов.`,
  brand: 'Выберите бренд из списка, «Без бренда» или впишите свой.',
  brandText: `Название бренда — до 60 символов.`,
  category: 'Выберите категорию.',
  condition: 'Выберите состояние.',
  color: 'Выберите цвет из списка.',
  sizes: 'Добавьте хотя бы один размер с ценой и количеством.',
  sizesDuplicate: 'Каждый размер можно указать только один раз.',
  size: 'Выберите размер.',
  price: 'Цена — целое число от 100 до 10 000 000 ₽.',
  count: 'Количество — от 1 до 99.',
  photos: `Добавьте от ${LISTING_LIMITS.photosMin} до ${LISTING_LIMITS.photosMax} фотографий.`,
  photosMax: `Не больше ${LISTING_LIMITS.photosMax} фотографий.`,
} as const;

const conditionValues = CONDITIONS.map((c) => c.value) as [string, ...string[]];
const colorValues = COLORS.map((c) => c.value) as [string, ...string[]];

/** One size on offer: `{size, price (rubles), count}`. */
export const sizeOfferSchema = z.object({
  size: z.string({ error: LISTING_MESSAGES.size }).trim().min(1, LISTING_MESSAGES.size).max(40, LISTING_MESSAGES.size),
  price: z
    .number({ error: LISTING_MESSAGES.price })
    .int(LISTING_MESSAGES.price)
    .min(LISTING_LIMITS.priceMin, LISTING_MESSAGES.price)
    .max(LISTING_LIMITS.priceMax, LISTING_MESSAGES.price),
  count: z
    .number({ error: LISTING_MESSAGES.count })
    .int(LISTING_MESSAGES.count)
    .min(LISTING_LIMITS.countMin, LISTING_MESSAGES.count)
    .max(LISTING_LIMITS.countMax, LISTING_MESSAGES.count),
});
export type SizeOffer = z.infer<typeof sizeOfferSchema>;

/** A database id: a positive 32-bit integer (bigger numbers cannot name a row and must not reach SQL). */
const id = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(2_147_483_647, msg);

/**
 * The listing's fields as the sell form holds them and as the API reads them after parsing the
 * multipart body. `photo_count` is how many photos the listing will have after the request;
 * `publish` is true for «Опубликовать» and false for a draft. Use {@link checkListing}, which adds the
 * publish rules, so that every problem is reported at once.
 */
export const listingSchema = z.object({
  publish: z.boolean(),
  title: z
    .string({ error: LISTING_MESSAGES.title })
    .trim()
    .min(LISTING_LIMITS.titleMin, LISTING_MESSAGES.title)
    .max(LISTING_LIMITS.titleMax, LISTING_MESSAGES.title),
  description: z
    .string({ error: LISTING_MESSAGES.description })
    .max(LISTING_LIMITS.descriptionMax, LISTING_MESSAGES.description),
  brand: id(LISTING_MESSAGES.brand).nullable(),
  /**
   * A brand not in the list, as the seller typed it (with `brand` null); the API files a spelling of a listed
   * brand («левайс») under that brand. Optional: a client of the spec's payload leaves it out.
   */
  brand_text: z.string({ error: LISTING_MESSAGES.brandText }).trim().max(60, LISTING_MESSAGES.brandText).nullish(),
  /** «Без бренда»: a home-made or unbranded item (with `brand` null). Optional, default false. */
  no_brand: z.boolean().optional(),
  category: id(LISTING_MESSAGES.category),
  condition: z.enum(conditionValues, { error: LISTING_MESSAGES.condition }),
  color: z.enum(colorValues, { error: LISTING_MESSAGES.color }).nullable(),
  sizes: z
    .array(sizeOfferSchema, { error: LISTING_MESSAGES.sizes })
    .max(LISTING_LIMITS.sizesMax, LISTING_MESSAGES.sizes),
  photo_count: z.number().int().min(0),
});
export type ListingInput = z.infer<typeof listingSchema>;

/** The draft/publish rules beyond field formats: duplicates, photo count; for publishing brand, sizes, photos. */
function extraIssues(v: Record<string, unknown>): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const sizes = Array.isArray(v.sizes) ? (v.sizes as { size?: unknown }[]) : [];
  const seen = new Set<string>();
  sizes.forEach((s, i) => {
    if (typeof s?.size !== 'string' || !s.size.trim()) return;
    const key = s.size.trim().toLowerCase();
    if (seen.has(key)) out.push({ path: ['sizes', i, 'size'], message: LISTING_MESSAGES.sizesDuplicate });
    seen.add(key);
  });
  const photos = typeof v.photo_count === 'number' ? v.photo_count : 0;
  if (photos > LISTING_LIMITS.photosMax) out.push({ path: ['photos'], message: LISTING_MESSAGES.photosMax });
  if (v.publish !== true) return out;
  const typed = typeof v.brand_text === 'string' && v.brand_text.trim() !== '';
  if ((v.brand === null || v.brand === undefined) && !typed && v.no_brand !== true)
    out.push({ path: ['brand'], message: LISTING_MESSAGES.brand });
  if (Array.isArray(v.sizes) && sizes.length === 0) out.push({ path: ['sizes'], message: LISTING_MESSAGES.sizes });
  if (photos < LISTING_LIMITS.photosMin) out.push({ path: ['photos'], message: LISTING_MESSAGES.photos });
  return out;
}

/**
 * Validates a listing candidate with {@link listingSchema} plus the draft/publish rules, reporting every
 * problem at once (the browser as the seller types, the API on submit).
 * @param deep false (API): keys are top-level fields (`sizes`, `title`); true (web): full paths (`sizes.0.price`)
 * @returns the parsed listing, or `{field: [messages]}` (Russian, de-duplicated)
 */
export function checkListing(
  candidate: Record<string, unknown>,
  deep = false,
): { ok: true; data: ListingInput } | { ok: false; errors: Record<string, string[]> } {
  const res = listingSchema.safeParse(candidate);
  const issues = [...(res.success ? [] : res.error.issues), ...extraIssues(candidate)];
  if (res.success && issues.length === 0) return { ok: true, data: res.data };
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const key = (deep ? path.join('.') : path[0]) || 'non_field_errors';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { ok: false, errors };
}

/** A stored photo of a listing (owner answers carry its id for remove/reorder). */
export const listingPhotoSchema = imageSchema.extend({ id: z.number().int() });
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;

export const listingOfferSchema = z.object({
  id: z.number().int(),
  size: z.string(),
  price: z.number(),
  count: z.number().int(),
});

/** The owner's view of a listing: answer of `POST /v1/products/`, `PATCH`, `GET /v1/products/{id}/`. */
export const listingSchemaOut = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.string(),
  status_label: z.string(),
  /** Staff's reason while `status` is `blocked` («Заблокировано»). */
  block_reason: z.string().nullable().optional(),
  /** A luxury listing whose proof of authenticity staff approved («Проверено»). */
  verified: z.boolean().optional(),
  /** Staff's reason when they declined the proof (the listing went back to drafts); null otherwise. */
  review_decline_reason: z.string().nullable().optional(),
  /** Proof photos the seller added (a luxury brand's listing waits for them in `pending_review`). */
  authenticity_photos: z.number().int().optional(),
  title: z.string(),
  description: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** A brand not in the list as the seller typed it (`brand` is then null); null otherwise. */
  brand_text: z.string().nullable(),
  /** «Без бренда» chosen (`brand` and `brand_text` are then null). */
  no_brand: z.boolean(),
  category: z.object({ id: z.number().int(), name: z.string(), type: z.string() }).nullable(),
  type: z.string(),
  condition: z.string(),
  condition_label: z.string(),
  color: z.string().nullable(),
  sizes: z.array(listingOfferSchema),
  /** Lowest price, rubles. */
  price: z.number(),
  photos: z.array(listingPhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
});
export type Listing = z.infer<typeof listingSchemaOut>;

/** `GET /v1/product_owner/` result: a card plus status and offers. */
export const ownerListingSchema = productCardSchema.extend({
  status_label: z.string(),
  /** Staff's reason while `status` is `blocked` («Заблокировано»). */
  block_reason: z.string().nullable().optional(),
  /** Staff's reason when they declined the proof; null otherwise. */
  review_decline_reason: z.string().nullable().optional(),
  offers: z.array(listingOfferSchema),
  updated_at: z.string(),
});
export type OwnerListing = z.infer<typeof ownerListingSchema>;

/** `GET /v1/fee/` → the commission: percent of the price and a minimum in rubles (the rules: `./money`). */
export const feeSchema = z.object({ percent: z.number(), min: z.number() });
export type Fee = z.infer<typeof feeSchema>;

/** `GET /v1/product_statuses/` item. */
export const productStatusSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** A user card in subscriber/subscription lists (`GET /v1/social/subscribers/`, `/subscribes/`). */
export const userCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: imageSchema.nullable(),
  city: z.string(),
  products_count: z.number().int(),
  subscribers_count: z.number().int(),
  /**
   * Whether `/seller/{id}` exists: false for a user who never published a listing — lists show such a
   * person without a link.
   */
  has_public_page: z.boolean(),
});
export type UserCard = z.infer<typeof userCardSchema>;
