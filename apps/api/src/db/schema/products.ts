/**
 * Listings (products) with offers per size and ordered photos.
 * Spec §3, §4, §7 (`/v1/products/*`, `/v1/product_owner/`, `/v1/product/check-availability/`).
 * Owned by the `products` module; the `catalog` module reads it for public pages and search.
 *
 * Money is integer kopecks. `status` ∈ `active` | `draft` | `reserved` | `sold` | `deleted` | `blocked` (by staff) | `pending_review` (a luxury listing waiting for its proof check).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  pgTable,
  boolean,
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
    /** A brand of the reference list; null for a brand the seller typed (`brandText`) or «Без бренда» (`noBrand`). */
    brandId: integer('brand_id').references(() => brands.id),
    /** A brand not in the list, kept as the seller typed it (searchable, shown on the card); null otherwise. */
    brandText: text('brand_text'),
    /** The seller chose «Без бренда» (a home-made or unbranded item). */
    noBrand: boolean('no_brand').notNull().default(false),
    categoryId: integer('category_id').references(() => categories.id),
    /** Catalog type (`women` | `men` | `kids`), copied from the category. */
    type: text('type').notNull(),
    condition: text('condition').notNull(),
    color: text('color'),
    status: text('status').notNull().default('draft'),
    /** Staff's reason while `status` is `blocked` (the owner sees it); null otherwise. */
    blockReason: text('block_reason'),
    /** The status a block replaced (`active` | `draft`), restored by the unblock; null when not blocked. */
    statusBeforeBlock: text('status_before_block'),
    /**
     * True while the listing is `blocked` because its owner's account is (not for what it is): the account's
     * unblock restores exactly these.
     */
    blockedWithOwner: boolean('blocked_with_owner').notNull().default(false),
    /**
     * A luxury brand's listing (`brands.is_luxury`): when staff approved its proof of authenticity («Проверено»,
     * `verified: true`); null while it waits in `pending_review` or for a brand that needs no check.
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Staff's reason when they declined the proof (the listing went back to `draft`); null otherwise. */
    reviewDeclineReason: text('review_decline_reason'),
    viewCount: integer('view_count').notNull().default(0),
    /** Lowest offer price in kopecks (kept by the products service; used for filters and sorting). */
    minPrice: integer('min_price').notNull().default(0),
    /** Text the search indexes: title, brand names and aliases, category, colour (kept by the service). */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('russian', coalesce(${products.title}, '') || ' ' || coalesce(${products.searchText}, ''))`,
    ),
    /** The title's own words: search ranks listings whose title holds the query above the rest. */
    titleVector: tsvector('title_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('russian', coalesce(${products.title}, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => {
    // Listing pages (catalog/listing.ts) read only active listings. Each partial index leads with what a
    // page sorts or narrows by and then carries every filter column, so a page's ids and its count come
    // from the index alone (index-only scans) whatever the filters, without visiting the wide rows.
    const active = sql`${t.status} = 'active'`;
    const filters = [t.type, t.categoryId, t.brandId, t.minPrice, t.viewCount, t.condition, t.color, t.ownerId];
    const rest = (...lead: (typeof filters)[number][]) => filters.filter((c) => !lead.includes(c));
    return [
      index('products_active_new_idx')
        .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...rest())
        .where(active),
      index('products_active_type_new_idx')
        .on(t.type, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...rest(t.type))
        .where(active),
      index('products_active_price_idx')
        .on(t.minPrice, t.id, t.publishedAt, ...rest(t.minPrice))
        .where(active),
      index('products_active_views_idx')
        .on(t.viewCount, t.id, t.publishedAt, ...rest(t.viewCount))
        .where(active),
      index('products_active_category_idx')
        .on(t.categoryId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...rest(t.categoryId))
        .where(active),
      index('products_active_brand_idx')
        .on(t.brandId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...rest(t.brandId))
        .where(active),
      index('products_owner_status_idx').on(t.ownerId, t.status, t.updatedAt),
      // Brand + text in one GIN (btree_gin): «кроссовки nike» reads only the matching rows, not every Nike listing.
      // A multicolumn GIN serves conditions on `search_vector` alone just as well.
      index('products_search_brand_idx').using('gin', t.brandId, t.searchVector).where(active),
      index('products_title_trgm').using('gin', t.title.op('gin_trgm_ops')).where(active),
    ];
  },
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
    // The size filter of listing pages reads this index alone (index-only: stock included).
    index('offers_size_idx').on(t.size, t.productId, t.count),
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

/**
 * A luxury listing's proof of authenticity (receipt, tags, serial number): photos only its owner and staff see,
 * uploaded through the media pipeline (`POST /v1/products/{id}/authenticity/`).
 */
export const authenticityPhotos = pgTable(
  'authenticity_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('authenticity_photos_product_idx').on(t.productId, t.id)],
);
