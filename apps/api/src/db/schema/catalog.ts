/**
 * Catalog reference data: catalog types, the category tree, size grids, brands and compilations.
 * Spec §7 (`/v1/product/chars/`, `/v1/public/categories/{type}/`, `/v1/public/sizes/{category}/`).
 * Owned by the `catalog` module.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  text,
  integer,
  serial,
  timestamp,
  index,
  uniqueIndex,
  primaryKey,
  boolean,
} from 'drizzle-orm/pg-core';

/** Catalog types: `women`, `men`, `kids`. */
export const catalogTypes = pgTable('catalog_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** Size grids (e.g. «Одежда, женская», «Обувь, мужская»): each size has RU/EU/US equivalents. */
export const sizeGrids = pgTable('size_grids', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

/** One size of a grid. `value` is what carts and offers carry (e.g. `M`, `42`). */
export const sizes = pgTable(
  'sizes',
  {
    id: serial('id').primaryKey(),
    gridId: integer('grid_id')
      .notNull()
      .references(() => sizeGrids.id),
    value: text('value').notNull(),
    label: text('label').notNull(),
    ru: text('ru'),
    eu: text('eu'),
    us: text('us'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('sizes_grid_value_uq').on(t.gridId, t.value)],
);

/** The category tree; every node belongs to one catalog type (women/men/kids). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    type: text('type')
      .notNull()
      .references(() => catalogTypes.id),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    sizeGridId: integer('size_grid_id').references(() => sizeGrids.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_type_slug_uq').on(t.type, t.slug), index('categories_parent_idx').on(t.parentId)],
);

/** Brands: Latin `name`, Cyrillic `nameRu` and search `aliases` (e.g. «найк», «найки»). */
export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    nameRu: text('name_ru').notNull(),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description'),
    tier: text('tier').notNull().default('mass'),
    isPopular: boolean('is_popular').notNull().default(false),
    /** A luxury house (Hermès, Chanel, Louis Vuitton…): a new listing waits in `pending_review` for a proof check. */
    isLuxury: boolean('is_luxury').notNull().default(false),
  },
  (t) => [index('brands_name_trgm').using('gin', t.name.op('gin_trgm_ops'))],
);

/** Curated sets of listings with a title, description and cover image. */
export const compilations = pgTable('compilations', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Media key of the cover (see media module); null → the first listing's photo. */
  cover: text('cover'),
  position: integer('position').notNull().default(0),
  /** Shown on the home page and in the catalog only when true (staff publish and unpublish). */
  published: boolean('published').notNull().default(true),
  /**
   * A saved catalog filter (the query of `/v1/public/products/`, e.g. `type=women&brand=nike`): the set's listings
   * are those it finds. Null: the listings chosen by hand (`compilation_products`, in their order).
   */
  filter: text('filter'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const compilationProducts = pgTable(
  'compilation_products',
  {
    compilationId: integer('compilation_id')
      .notNull()
      .references(() => compilations.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.compilationId, t.productId] }),
    index('compilation_products_product_idx').on(t.productId),
  ],
);
