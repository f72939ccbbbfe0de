/**
 * Listings (products) with offers per size and ordered photos.
 * Spec §3, §4, §7 (`/v1/products/*`, `/v1/product_owner/`, `/v1/product/check-availability/`).
 * Owned by the `products` module; the `catalog` module reads it for public pages and search.
 *
 * Money is integer kopecks. `status` ∈ `active` | `draft` | `reserved` | `sold` | `deleted`.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  pgTable,
  text,
  integer,
  serial,
  timestamp,
  index,
  uniqueIndex,
  customType,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { brands, categories } from './catalog.js';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    brandId: integer('brand_id').references(() => brands.id),
    categoryId: integer('category_id').references(() => categories.id),
    /** Catalog type (`women` | `men` | `kids`), copied from the category. */
    type: text('type').notNull(),
    condition: text('condition').notNull(),
    color: text('color'),
    status: text('status').notNull().default('draft'),
    viewCount: integer('view_count').notNull().default(0),
    /** Lowest offer price in kopecks (kept by the products service; used for filters and sorting). */
    minPrice: integer('min_price').notNull().default(0),
    /** Text the search indexes: title, brand names and aliases, category, colour (kept by the service). */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('russian', coalesce(${products.title}, '') || ' ' || coalesce(${products.searchText}, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('products_status_published_idx').on(t.status, t.publishedAt),
    index('products_status_type_published_idx').on(t.status, t.type, t.publishedAt),
    index('products_status_min_price_idx').on(t.status, t.minPrice),
    index('products_status_views_idx').on(t.status, t.viewCount),
    index('products_brand_idx').on(t.brandId, t.status, t.publishedAt),
    index('products_category_idx').on(t.categoryId, t.status, t.publishedAt),
    index('products_owner_status_idx').on(t.ownerId, t.status, t.updatedAt),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** One size of a listing: its price (kopecks) and how many are in stock (`count`, not reserved). */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    sizeId: integer('size_id'),
    price: integer('price').notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('offers_product_size_uq').on(t.productId, t.size),
    index('offers_size_idx').on(t.size, t.productId),
    check('offers_count_non_negative', sql`${t.count} >= 0`),
  ],
);

/** Ordered photos; `key` names a media object whose WebP variants live under `/media/`. */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_photos_product_idx').on(t.productId, t.position)],
);
