/**
 * Brands in the public catalog contract (`/v1/public/brands/`, `/v1/public/search/brands/`). `catalog.ts`
 * re-exports it.
 */
import './zod-config.js';
import { z } from 'zod';

/** A brand as listings and suggestions name it. */
export const brandRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

/** `GET /v1/public/brands/` → `{results: BrandListItem[]}` (all brands, A–Z). */
export const brandListItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_ru: z.string(),
  count: z.number().int(),
  is_popular: z.boolean(),
});
export type BrandListItem = z.infer<typeof brandListItemSchema>;

/**
 * `GET /v1/public/search/brands/?q=` → up to 5 listed brands a typed name may mean (Latin, Cyrillic, aliases,
 * typos, the Latin layout), best first: the sell form's «Бренд» field.
 */
export const brandMatchSchema = z.object({ results: z.array(brandRefSchema) });
export type BrandMatch = z.infer<typeof brandMatchSchema>;

/**
 * `GET /v1/public/brands/{slug}/`: a brand with its description, aliases and count of active listings, and
 * a summary of those listings for the brand page.
 */
export const brandDetailSchema = brandListItemSchema.extend({
  description: z.string(),
  aliases: z.array(z.string()),
  tier: z.string(),
  /** The lowest price among the active listings, rubles; null when there are none. */
  price_min: z.number().nullable(),
  /** How many of the active listings are new with a tag (the rest have a history). */
  new_count: z.number().int(),
  /** Names of the categories with most active listings (up to 3, most first; «Кроссовки», «Пуховики»). */
  top_categories: z.array(z.string()),
});
export type BrandDetail = z.infer<typeof brandDetailSchema>;
