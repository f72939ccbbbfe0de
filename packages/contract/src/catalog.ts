/**
 * The public catalog contract (issue «The shop runs»; spec §7 `product/chars`, `public/categories`,
 * `public/sizes`, `product/check-availability`; ours under `/v1/public/`). Prices are rubles (numbers).
 */
import './zod-config.js';
import { z } from 'zod';
import { ratingDistributionSchema } from './reviews.js';
import { imageSchema } from './common.js';
import { brandRefSchema } from './catalog-brands.js';

export * from './catalog-brands.js';
export * from './catalog-search.js';

/** Item conditions: value → Russian label (spec: «новое с биркой, отличное, хорошее, удовлетворительное»). */
export const CONDITIONS = [
  { value: 'new_with_tag', label: 'Новое с биркой' },
  { value: 'excellent', label: 'Отличное' },
  { value: 'good', label: 'Хорошее' },
  { value: 'satisfactory', label: 'Удовлетворительное' },
] as const;
export type Condition = (typeof CONDITIONS)[number]['value'];

/** Colours with swatches. */
export const COLORS = [
  { value: 'black', label: 'Чёрный', hex: '#111111' },
  { value: 'white', label: 'Белый', hex: '#FFFFFF' },
  { value: 'grey', label: 'Серый', hex: '#9E9E9E' },
  { value: 'beige', label: 'Бежевый', hex: '#D8C3A5' },
  { value: 'brown', label: 'Коричневый', hex: '#7B4B2A' },
  { value: 'red', label: 'Красный', hex: '#D32F2F' },
  { value: 'pink', label: 'Розовый', hex: '#F48FB1' },
  { value: 'orange', label: 'Оранжевый', hex: '#F57C00' },
  { value: 'yellow', label: 'Жёлтый', hex: '#FBC02D' },
  { value: 'green', label: 'Зелёный', hex: '#388E3C' },
  { value: 'blue', label: 'Синий', hex: '#1E4FA8' },
  { value: 'lightblue', label: 'Голубой', hex: '#81D4FA' },
  { value: 'purple', label: 'Фиолетовый', hex: '#7B1FA2' },
  { value: 'multicolor', label: 'Разноцветный', hex: '#E4572E' },
] as const;
export type Color = (typeof COLORS)[number]['value'];

/** Catalog types with Russian names. */
export const CATALOG_TYPES = [
  { value: 'women', label: 'Женщинам' },
  { value: 'men', label: 'Мужчинам' },
  { value: 'kids', label: 'Детям' },
] as const;
export type CatalogType = (typeof CATALOG_TYPES)[number]['value'];

/** Listing statuses (spec §4: values come from the server; these are ours). */
export const PRODUCT_STATUSES = [
  { value: 'active', label: 'В продаже' },
  { value: 'draft', label: 'Черновики' },
  { value: 'reserved', label: 'Забронированы' },
  { value: 'sold', label: 'Проданы' },
  /** A luxury brand's listing waiting for staff's authenticity check (shown as a tab while there are such). */
  { value: 'pending_review', label: 'На проверке' },
  /** Blocked by staff, with the reason (shown as a tab while there are such). */
  { value: 'blocked', label: 'Заблокированы' },
] as const;

/** Sort orders of listing pages. `relevance` is the default when `q` is given. */
export const SORTS = [
  { value: 'new', label: 'Сначала новые' },
  { value: 'price_asc', label: 'Сначала дешевле' },
  { value: 'price_desc', label: 'Сначала дороже' },
  { value: 'popular', label: 'Популярные' },
  { value: 'relevance', label: 'По релевантности' },
  { value: 'curated', label: 'В порядке подборки' },
] as const;
export type Sort = (typeof SORTS)[number]['value'];

/** `GET /v1/product/chars/` → `{data}`. */
export const charsSchema = z.object({
  data: z.object({
    /** A–Z; `slug` is what `?brand=` may carry instead of the id; `name_ru` the Cyrillic spelling («Найк»). */
    brands: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string(), name_ru: z.string() })),
    categories: z.array(
      z.object({ id: z.number().int(), name: z.string(), type: z.string(), parent: z.number().int().nullable() }),
    ),
    conditions: z.array(z.object({ value: z.string(), label: z.string() })),
    colors: z.array(z.object({ value: z.string(), label: z.string(), hex: z.string() })),
    types: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
});

/** `GET /v1/public/sizes/{category}/` item. */
export const sizeSchema = z.object({ id: z.number().int(), value: z.string(), label: z.string() });

/** The cart array of `POST /v1/product/check-availability/` (spec §3: price may be a string with spaces). */
export const cartItemSchema = z.object({
  slug: z.string().min(1),
  size: z.string(),
  count: z.coerce.number().int().min(1),
  price: z.union([z.number(), z.string()]).optional(),
});
export const checkAvailabilityBody = z.array(cartItemSchema);

/** A listing card in grids (`GET /v1/public/products/` results). */
export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  brand: brandRefSchema.nullable(),
  /**
   * A brand not in the list as the seller typed it, shown where `brand` would be (`brand` is then null); null
   * for a listed brand and for «Без бренда».
   */
  brand_text: z.string().nullable(),
  /** Sizes on offer with stock, in grid order. */
  sizes: z.array(z.string()),
  /** Lowest price, rubles. */
  price: z.number(),
  condition: z.string(),
  condition_label: z.string(),
  photo: imageSchema.nullable(),
  seller_id: z.number().int(),
  status: z.string(),
  /** «Проверено»: a luxury listing whose proof of authenticity staff approved. */
  verified: z.boolean(),
  created_at: z.string(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** Seller card (product page, `GET /v1/public/sellers/{id}/`). */
export const sellerCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: imageSchema.nullable(),
  city: z.string(),
  about: z.string(),
  date_joined: z.string(),
  products_count: z.number().int(),
  subscribers_count: z.number().int(),
  /** Average stars of the reviews about this person (one decimal), null without reviews. */
  rating: z.number().nullable(),
  reviews_count: z.number().int(),
});
export type SellerCard = z.infer<typeof sellerCardSchema>;

/**
 * `GET /v1/public/sellers/{id}/`: the card plus the service level (the share of orders shipped in time over the last
 * 30 days, an integer percent; null before any order) and how many reviews gave each number of stars.
 */
export const sellerPageSchema = sellerCardSchema.extend({
  service_level: z.number().int().nullable(),
  rating_distribution: ratingDistributionSchema,
});
export type SellerPage = z.infer<typeof sellerPageSchema>;

/** `GET /v1/public/products/{slug}/`. */
export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  brand: brandRefSchema.extend({ name_ru: z.string() }).nullable(),
  category: z
    .object({
      id: z.number().int(),
      name: z.string(),
      type: z.string(),
      path: z.array(z.object({ id: z.number().int(), name: z.string() })),
    })
    .nullable(),
  type: z.string(),
  color: z.string().nullable(),
  color_label: z.string().nullable(),
  view_count: z.number().int(),
  published_at: z.string().nullable(),
  offers: z.array(
    z.object({
      id: z.number().int(),
      size: z.string(),
      size_label: z.string(),
      price: z.number(),
      count: z.number().int(),
    }),
  ),
  photos: z.array(imageSchema),
  seller: sellerCardSchema,
  similar: z.array(productCardSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** The most rubles a price filter may name: prices are kopecks in a 32-bit column (2 147 483 647 kopecks). */
export const PRICE_FILTER_MAX_RUB = 21_474_836;

/** A numeric query value; an empty one (`?seller=`) counts as not given, as empty list filters do. */
const optionalNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * Query of `GET /v1/public/products/` (and `/v1/public/search/`): every filter is optional; lists are
 * comma-separated. `brand` takes ids or slugs; `compilation` a slug; `size`, `condition`, `color` values;
 * `price_min`/`price_max` rubles; `q` full-text search.
 */
export const productListQuery = z.object({
  type: z.string().optional(),
  category: z.string().optional(),
  brand: z.string().optional(),
  compilation: z.string().optional(),
  size: z.string().optional(),
  price_min: optionalNumber(z.coerce.number().min(0).max(PRICE_FILTER_MAX_RUB)),
  price_max: optionalNumber(z.coerce.number().min(0).max(PRICE_FILTER_MAX_RUB)),
  condition: z.string().optional(),
  color: z.string().optional(),
  seller: optionalNumber(z.coerce.number().int().max(2_147_483_647)),
  q: z.string().max(200).optional(),
  /** `curated`: a hand-picked compilation's listings in staff's order (with `compilation`; else as `new`). */
  sort: z.enum(['new', 'price_asc', 'price_desc', 'popular', 'relevance', 'curated']).optional(),
  page: optionalNumber(z.coerce.number().int().min(1)),
  page_size: optionalNumber(z.coerce.number().int().min(1).max(60)),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** One value of a filter with how many listings it leaves (`GET /v1/public/facets/`). */
export const facetValueSchema = z.object({ value: z.string(), count: z.number().int() });

/**
 * `GET /v1/public/facets/` (ours, beside the list call, whose answer stays a DRF page): takes the query of
 * `GET /v1/public/products/` (with `q`: search) and answers, for each filter, the values that occur among
 * the matching listings and how many listings each leaves, counted with every other active filter applied
 * (a filter's own choice is left out of its counts, as faceted search does). Values with no listing are
 * not listed, except ones chosen in the query (count 0), so they can be unchosen.
 */
export const facetsSchema = z.object({
  /** Listings every filter of the query leaves (the list call's `count` for the same filters). */
  count: z.number().int(),
  /**
   * Brands (`value`: the brand's id), most listings first, then A–Z by name; chosen ones (the query's `brand`, ids or
   * slugs) always, with 0 when they have none.
   */
  brands: z.array(facetValueSchema),
  /** In-stock offer sizes, in grid order; `group` is the grid's name («Обувь, детская»). */
  sizes: z.array(facetValueSchema.extend({ group: z.string() })),
  /** Conditions, in the order of {@link CONDITIONS}. */
  conditions: z.array(facetValueSchema),
  /** Colours, in the order of {@link COLORS}. */
  colors: z.array(facetValueSchema),
});
export type Facets = z.infer<typeof facetsSchema>;

/** `GET /v1/public/compilations/` → `{results: Compilation[]}`; `/v1/public/compilations/{slug}/` → Compilation. */
export const compilationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover: imageSchema.nullable(),
  count: z.number().int(),
});
export type Compilation = z.infer<typeof compilationSchema>;

/** `GET /v1/public/categories/{type}/` item: a flat tree (parents first, `parent` null for roots). */
export const categoryItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: z.string(),
  parent: z.number().int().nullable(),
  /** Whether the category (or an ancestor) has a size grid (`GET /v1/public/sizes/{id}/`). */
  has_sizes: z.boolean(),
});
export type CategoryItem = z.infer<typeof categoryItemSchema>;

/** `POST /v1/product/check-availability/` answer (spec §7). */
export const checkAvailabilityAnswer = z.object({
  success: z.boolean(),
  unavailable_items: z.array(z.object({ slug: z.string(), size: z.string() })),
});
export type CheckAvailabilityAnswer = z.infer<typeof checkAvailabilityAnswer>;

/** `GET /v1/public/sitemap/`: what `sitemap.xml` lists (active listings only, at most 50 000). */
export const sitemapSchema = z.object({
  products: z.array(z.object({ slug: z.string(), updated_at: z.string() })),
  brands: z.array(z.string()),
  compilations: z.array(z.string()),
});
export type Sitemap = z.infer<typeof sitemapSchema>;
