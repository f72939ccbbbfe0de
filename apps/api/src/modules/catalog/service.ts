/**
 * The public catalog (issue «The shop runs»; spec §3, §7): filters of the sell form and the catalog
 * (`product/chars`), categories and size grids, the cart availability check, listing pages with
 * filters/sorting, brands, compilations and the sitemap. A listing by slug and seller cards: product-page.ts;
 * cards: cards.ts; counts: counts.ts.
 *
 * Money is kopecks in the database and rubles in every answer. Only `active` listings appear in lists.
 * A listing page is three queries at most — its count (large ones reused: counts.ts), its ids (read from
 * covering indexes alone: see the `products_active_*` indexes) and its cards with photos and sizes (one
 * prepared statement: cards.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  CATALOG_TYPES,
  COLORS,
  CONDITIONS,
  type BrandDetail,
  type BrandListItem,
  type CategoryItem,
  type Compilation,
  type ProductCard,
  type ProductListQuery,
  type Sitemap,
} from '@vitrina/contract/catalog';
import type { Image } from '@vitrina/contract/common';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { makePage, type Page } from '../../lib/pagination.js';
import { toKopecks, toRubles } from '../../lib/money.js';
import { imageUrls } from '../media/index.js';
import { cardsOf, iso, photoImage } from './cards.js';
import { countListings } from './counts.js';
import { memoHaving } from './memo.js';

/** Default and largest page sizes of listing pages. */
export const LIST_PAGE_SIZE = 24;
export const LIST_MAX_PAGE_SIZE = 60;
/** Most listings a sitemap lists. */
export const SITEMAP_MAX_PRODUCTS = 50_000;

/* ------------------------------------------------------------------------------------------------ */
/* Reference data                                                                                     */
/* ------------------------------------------------------------------------------------------------ */

interface CategoryRow {
  id: number;
  type: string;
  slug: string;
  name: string;
  parent_id: number | null;
  size_grid_id: number | null;
  position: number;
}

/** Every category (the tree is small: a few hundred rows at most), parents before children. */
export async function loadCategories(db: Db): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    sql`select id, type, slug, name, parent_id, size_grid_id, position from categories order by type, parent_id nulls first, position, id`,
  );
}

/**
 * The category tree reused for a while (see memo.ts), read afresh when it fails `has` — e.g. lacks a
 * category a request names — so a category added a moment ago is found.
 */
export function categoriesHaving(db: Db, has: (all: CategoryRow[]) => boolean): Promise<CategoryRow[]> {
  return memoHaving(db, 'categories', () => loadCategories(db), has);
}

/** The size grid of a category: its own or the nearest ancestor's. */
export function gridOf(byId: Map<number, CategoryRow>, id: number): number | null {
  let cur = byId.get(id);
  for (let depth = 0; cur && depth < 20; depth++) {
    if (cur.size_grid_id != null) return cur.size_grid_id;
    cur = cur.parent_id != null ? byId.get(cur.parent_id) : undefined;
  }
  return null;
}

/** Ids of the given categories and all their descendants. */
function withDescendants(all: CategoryRow[], roots: number[]): number[] {
  const children = new Map<number, number[]>();
  for (const c of all)
    if (c.parent_id != null) (children.get(c.parent_id) ?? children.set(c.parent_id, []).get(c.parent_id)!).push(c.id);
  const out = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/**
 * `GET /v1/product/chars/` (spec §7): brands A–Z (with their slugs, which listing URLs may use instead of
 * ids), all categories, conditions, colours and catalog types.
 */
export async function getChars(db: Db) {
  const [brandRows, cats] = await Promise.all([
    queryRows<{ id: number; slug: string; name: string }>(
      db,
      sql`select id, slug, name from brands order by lower(name), id`,
    ),
    loadCategories(db),
  ]);
  return {
    data: {
      brands: brandRows,
      categories: cats.map((c) => ({ id: c.id, name: c.name, type: c.type, parent: c.parent_id })),
      conditions: CONDITIONS.map((c) => ({ value: c.value, label: c.label })),
      colors: COLORS.map((c) => ({ value: c.value, label: c.label, hex: c.hex })),
      types: CATALOG_TYPES.map((t) => ({ value: t.value, label: t.label })),
    },
  };
}

/**
 * `GET /v1/public/categories/{type}/`: the categories of a catalog type, parents first.
 * @throws ApiError 404 for an unknown type
 */
export async function getCategoriesOfType(db: Db, type: string): Promise<CategoryItem[]> {
  const known = await queryRows<{ id: string }>(db, sql`select id from catalog_types where id = ${type}`);
  if (!known.length) throw notFound('Такого раздела каталога нет.');
  const all = await loadCategories(db);
  const byId = new Map(all.map((c) => [c.id, c]));
  return all
    .filter((c) => c.type === type)
    .map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      type: c.type,
      parent: c.parent_id,
      has_sizes: gridOf(byId, c.id) != null,
    }));
}

/**
 * `GET /v1/public/sizes/{category}/`: the size grid of a category id (inherited from its ancestors),
 * in grid order; an empty list when the category has no sizes (bags, accessories).
 * @throws ApiError 400 for a non-numeric id, 404 for an unknown category
 */
export async function getSizesOfCategory(db: Db, raw: string) {
  if (!/^\d{1,9}$/.test(raw)) throw badRequest({ category: ['Введите целое положительное число.'] });
  const all = await loadCategories(db);
  const byId = new Map(all.map((c) => [c.id, c]));
  const id = Number(raw);
  if (!byId.has(id)) throw notFound('Категория не найдена.');
  const grid = gridOf(byId, id);
  if (grid == null) return [];
  return queryRows<{ id: number; value: string; label: string }>(
    db,
    sql`select id, value, label from sizes where grid_id = ${grid} order by position, id`,
  );
}

/* ------------------------------------------------------------------------------------------------ */
/* Cart availability                                                                                  */
/* ------------------------------------------------------------------------------------------------ */

/** A validated cart line of `check-availability`. */
export interface CartLine {
  slug: string;
  size: string;
  count: number;
}

/**
 * `POST /v1/product/check-availability/` (spec §3, §7): which cart lines cannot be bought now —
 * unknown slugs, listings not `active`, sizes not offered (compared case-insensitively) and counts above
 * stock. Lines of the same slug and size are added up. One query for the whole cart.
 * @returns `{success: true, unavailable_items: [{slug, size}]}` with slug and size as the client sent them
 */
export async function checkAvailability(db: Db, lines: CartLine[]) {
  const slugs = [...new Set(lines.map((l) => l.slug))];
  const rows = slugs.length
    ? await queryRows<{ slug: string; status: string; size: string | null; count: number | null }>(
        db,
        sql`select p.slug, p.status, o.size, o.count
            from products p left join offers o on o.product_id = p.id
            where p.slug = any(${sql.param(slugs)}::text[])`,
      )
    : [];
  const stock = new Map<string, number>();
  const active = new Set<string>();
  for (const r of rows) {
    if (r.status !== 'active') continue;
    active.add(r.slug);
    if (r.size != null)
      stock.set(
        `${r.slug}\u0000${r.size.toLowerCase()}`,
        (stock.get(`${r.slug}\u0000${r.size.toLowerCase()}`) ?? 0) + (r.count ?? 0),
      );
  }
  const wanted = new Map<string, number>();
  for (const l of lines) {
    const k = `${l.slug}\u0000${l.size.trim().toLowerCase()}`;
    wanted.set(k, (wanted.get(k) ?? 0) + l.count);
  }
  const seen = new Set<string>();
  const unavailable: { slug: string; size: string }[] = [];
  for (const l of lines) {
    const k = `${l.slug}\u0000${l.size.trim().toLowerCase()}`;
    if (seen.has(k)) continue;
    seen.add(k);
    const have = stock.get(k);
    if (!active.has(l.slug) || have === undefined || have < wanted.get(k)!)
      unavailable.push({ slug: l.slug, size: l.size });
  }
  return { success: true, unavailable_items: unavailable };
}

/* ------------------------------------------------------------------------------------------------ */
/* Listing pages                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/** Filters resolved to SQL conditions on `products p` (always including `p.status = 'active'`). */
export interface ResolvedFilters {
  where: SQL[];
  /** Brand ids asked for (search boosts them). */
  brandIds: number[];
  /**
   * A condition no covering index holds is among them (the size filter: a lookup in `offers` per row);
   * see {@link isSmallMatch}.
   */
  perRowLookup: boolean;
}

const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Every spelling of a size value the offers may carry (`m`, `M`; `42,5`, `42.5`). */
export function sizeVariants(values: string[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    for (const s of [v, v.replace(',', '.'), v.replace('.', ',')]) {
      out.add(s);
      out.add(s.toUpperCase());
      out.add(s.toLowerCase());
    }
  }
  return [...out];
}

/**
 * Turns the filters of {@link ProductListQuery} into SQL conditions.
 * @param extra.sizes sizes found in a search query (added to `size`)
 * @throws ApiError 400 naming the field for a bad type, category, brand, compilation, condition,
 *   colour or price range
 */
export async function resolveFilters(
  db: Db,
  q: ProductListQuery,
  extra: { sizes?: string[]; brandIds?: number[] } = {},
): Promise<ResolvedFilters> {
  const where: SQL[] = [sql`p.status = 'active'`];
  let brandIds: number[] = [];

  if (q.type !== undefined && q.type !== '') {
    if (!CATALOG_TYPES.some((t) => t.value === q.type)) throw badRequest({ type: [`Неизвестный раздел «${q.type}».`] });
    where.push(sql`p.type = ${q.type}`);
  }

  const catValues = splitList(q.category);
  if (catValues.length) {
    if (catValues.length > 50) throw badRequest({ category: ['Слишком много категорий.'] });
    const matching = (all: CategoryRow[], v: string) =>
      /^\d{1,9}$/.test(v)
        ? all.filter((c) => c.id === Number(v))
        : all.filter((c) => c.slug === v.toLowerCase() && (!q.type || c.type === q.type));
    const all = await categoriesHaving(db, (cats) => catValues.every((v) => matching(cats, v).length > 0));
    const roots: number[] = [];
    for (const v of catValues) {
      const found = matching(all, v);
      if (!found.length) throw badRequest({ category: [`Категория «${v}» не найдена.`] });
      roots.push(...found.map((c) => c.id));
    }
    where.push(sql`p.category_id = any(${sql.param(withDescendants(all, roots))}::int[])`);
  }

  const brandValues = splitList(q.brand);
  if (brandValues.length) {
    if (brandValues.length > 50) throw badRequest({ brand: ['Слишком много брендов.'] });
    const ids = brandValues.filter((v) => /^\d{1,9}$/.test(v)).map(Number);
    const slugs = brandValues.filter((v) => !/^\d{1,9}$/.test(v)).map((v) => v.toLowerCase());
    const named = (b: { id: number; slug: string }) => ids.includes(b.id) || slugs.includes(b.slug);
    const isKnown = (all: { id: number; slug: string }[], v: string) =>
      all.some((r) => String(r.id) === v || r.slug === v.toLowerCase());
    const all = await memoHaving(
      db,
      'brand-slugs',
      () => queryRows<{ id: number; slug: string }>(db, sql`select id, slug from brands`),
      (list) => brandValues.every((v) => isKnown(list, v)),
    );
    for (const v of brandValues) {
      if (!isKnown(all, v)) throw badRequest({ brand: [`Бренд «${v}» не найден.`] });
    }
    brandIds = all.filter(named).map((r) => r.id);
  }
  if (extra.brandIds?.length)
    brandIds = brandIds.length ? brandIds.filter((id) => extra.brandIds!.includes(id)) : extra.brandIds;
  if (brandValues.length || extra.brandIds?.length) where.push(sql`p.brand_id = any(${sql.param(brandIds)}::int[])`);

  if (q.compilation) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select id from compilations where slug = ${q.compilation.toLowerCase()}`,
    );
    if (!rows.length) throw badRequest({ compilation: [`Подборка «${q.compilation}» не найдена.`] });
    where.push(sql`p.id in (select product_id from compilation_products where compilation_id = ${rows[0]!.id})`);
  }

  const sizes = [...splitList(q.size), ...(extra.sizes ?? [])];
  if (sizes.length) {
    if (sizes.length > 50) throw badRequest({ size: ['Слишком много размеров.'] });
    where.push(
      sql`exists (select 1 from offers o where o.product_id = p.id and o.size = any(${sql.param(sizeVariants(sizes))}::text[]) and o.count > 0)`,
    );
  }

  if (q.price_min !== undefined) where.push(sql`p.min_price >= ${toKopecks(q.price_min)}`);
  if (q.price_max !== undefined) {
    if (q.price_min !== undefined && q.price_max < q.price_min) {
      throw badRequest({ price_max: ['Максимальная цена меньше минимальной.'] });
    }
    where.push(sql`p.min_price <= ${toKopecks(q.price_max)}`);
  }

  const conds = splitList(q.condition);
  if (conds.length) {
    const bad = conds.find((c) => !CONDITIONS.some((x) => x.value === c));
    if (bad) throw badRequest({ condition: [`Неизвестное состояние «${bad}».`] });
    where.push(sql`p.condition = any(${sql.param(conds)}::text[])`);
  }

  const colors = splitList(q.color);
  if (colors.length) {
    const bad = colors.find((c) => !COLORS.some((x) => x.value === c));
    if (bad) throw badRequest({ color: [`Неизвестный цвет «${bad}».`] });
    where.push(sql`p.color = any(${sql.param(colors)}::text[])`);
  }

  if (q.seller !== undefined) where.push(sql`p.owner_id = ${q.seller}`);

  return { where, brandIds, perRowLookup: sizes.length > 0 };
}

/** Below this many matches a page is always sorted in memory rather than by walking a sorted index. */
export const SMALL_MATCH_SET = 2000;
/** A match set under this share of all active listings is sorted in memory too. */
const SMALL_MATCH_SHARE = 1 / 16;

/**
 * Most index entries a walk may be expected to read for a page whose filters need a lookup per row (the
 * size filter): past this, the matches are sorted instead. Measured at 100 000 listings: for «мужское,
 * Nike/Adidas/New Balance, 42–43» (834 matches) page 1 walks in 0.7 ms and sorts in 1.8–4.9 ms (sorting
 * must look up every listing of those brands and hash every offer of those sizes), while for a few hundred
 * matches or fewer the two are even or sorting wins.
 */
const LOOKUP_WALK_MAX = 6000;

/**
 * Whether a page of `count` matches is better sorted in memory than found by walking a sorted index.
 * Walking reads about (page end) × (active listings / count) index entries — more when the sort key and
 * the filters are correlated (cheap luxury brands are rare) — while sorting reads the matches once (both
 * from covering indexes). Small sets, absolutely or as a share of the catalog, are sorted. When the filters
 * need a lookup per row (`perRowLookup`: sizes), sorting must look up every listing that passes the other
 * filters, not just the matches, so the walk is kept up to {@link LOOKUP_WALK_MAX} expected entries.
 * @param pageEnd offset + page size of the page asked for
 */
export async function isSmallMatch(
  db: Db,
  count: number,
  opts: { pageEnd: number; perRowLookup: boolean },
): Promise<boolean> {
  const active = () => countListings(db, [sql`p.status = 'active'`]);
  if (opts.perRowLookup) return count === 0 || (opts.pageEnd * (await active())) / count > LOOKUP_WALK_MAX;
  if (count < SMALL_MATCH_SET) return true;
  return count < (await active()) * SMALL_MATCH_SHARE;
}

/**
 * ORDER BY of a listing page (ties broken by id so pages never overlap).
 * @param small the match set is small (see {@link isSmallMatch}): the sort keys are wrapped in no-op
 *   expressions so the planner filters through the selective indexes and sorts the few rows, instead of
 *   walking the whole date/price index looking for rare matches
 */
export function orderBy(sort: string | undefined, small = false): SQL {
  const k = (col: SQL) => (small ? sql`(${col} + 0)` : col);
  switch (sort) {
    case 'price_asc':
      return sql`${k(sql`p.min_price`)} asc, p.id desc`;
    case 'price_desc':
      return sql`${k(sql`p.min_price`)} desc, p.id desc`;
    case 'popular':
      return sql`${k(sql`p.view_count`)} desc, p.id desc`;
    default:
      return small ? sql`(p.published_at + interval '0 seconds') desc, p.id desc` : sql`p.published_at desc, p.id desc`;
  }
}

/** Page number and size of a listing query (defaults 1 and {@link LIST_PAGE_SIZE}). */
export const pageOf = (q: ProductListQuery) => ({ page: q.page ?? 1, page_size: q.page_size ?? LIST_PAGE_SIZE });

/**
 * `GET /v1/public/products/`: active listings with filters and sorting, as a DRF page of cards.
 * With `q` the search ranks them (see search.ts) — the route hands such queries to `searchProducts`.
 * @param url the request URL (for `next`/`previous`)
 * @throws ApiError 400 (bad filters), 404 «Неверная страница.»
 */
export async function listProducts(db: Db, q: ProductListQuery, url: string): Promise<Page<ProductCard>> {
  const f = await resolveFilters(db, q);
  const pq = pageOf(q);
  const where = sql.join(f.where, sql` and `);
  // Count first (index-backed): an empty or past-the-end page reads nothing more, and a small match set is
  // sorted in memory (see orderBy).
  const count = await countListings(db, f.where);
  makePage(url, pq, count, []); // 404 past the end before reading the page
  if (count === 0) return makePage(url, pq, 0, []);
  // The page's ids come from a covering index alone (index-only scan: filters checked on index entries);
  // then the page's own cards (cards.ts).
  const small = await isSmallMatch(db, count, { pageEnd: pq.page * pq.page_size, perRowLookup: f.perRowLookup });
  const page = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where ${where}
        order by ${orderBy(q.sort, small)} limit ${pq.page_size} offset ${(pq.page - 1) * pq.page_size}`,
  );
  const ids = page.map((r) => r.id);
  return makePage(url, pq, count, await cardsOf(db, ids));
}

/* ------------------------------------------------------------------------------------------------ */
/* Brands, compilations, sitemap                                                                      */
/* ------------------------------------------------------------------------------------------------ */

interface BrandRow {
  id: number;
  slug: string;
  name: string;
  name_ru: string;
  aliases: string[];
  description: string | null;
  tier: string;
  is_popular: boolean;
  count: number;
}

/** The columns of {@link BrandRow} but its count (a list counts per brand; a brand page summarises). */
const BRAND_COLUMNS = sql`b.id, b.slug, b.name, b.name_ru, b.aliases, b.description, b.tier, b.is_popular`;

const brandSelect = sql`select ${BRAND_COLUMNS},
  (select count(*)::int from products p where p.brand_id = b.id and p.status = 'active') as count from brands b`;

const brandItem = (b: BrandRow): BrandListItem => ({
  id: b.id,
  slug: b.slug,
  name: b.name,
  name_ru: b.name_ru,
  count: b.count,
  is_popular: b.is_popular,
});

/** `GET /v1/public/brands/`: every brand A–Z by name with its count of active listings. */
export async function listBrands(db: Db): Promise<{ results: BrandListItem[] }> {
  const rows = await queryRows<BrandRow>(db, sql`${brandSelect} order by lower(b.name), b.id`);
  return { results: rows.map(brandItem) };
}

/** How many categories a brand's summary names. */
const BRAND_TOP_CATEGORIES = 3;

/**
 * `GET /v1/public/brands/{slug}/`, with a summary of the brand's active listings for its page (meta
 * description): the lowest price, how many are new with a tag, and the categories with most listings. The
 * summary reads the brand's entries of the covering `products_active_brand_idx` (count, price and
 * condition in one pass, categories grouped in a second), as the count alone did.
 * @throws ApiError 404 for an unknown slug
 */
export async function getBrand(db: Db, slug: string): Promise<BrandDetail> {
  const rows = await queryRows<BrandRow & { price_min: number | null; new_count: number; top_categories: string[] }>(
    db,
    sql`select ${BRAND_COLUMNS}, s.count, s.price_min, s.new_count, coalesce(t.names, '{}') as top_categories
        from brands b
        cross join lateral (
          select count(*)::int as count, min(p.min_price) filter (where p.min_price > 0) as price_min,
            (count(*) filter (where p.condition = 'new_with_tag'))::int as new_count
          from products p where p.brand_id = b.id and p.status = 'active'
        ) s
        cross join lateral (
          select array_agg(g.name order by g.n desc, g.name) as names from (
            select c.name, count(*) as n from products p join categories c on c.id = p.category_id
            where p.brand_id = b.id and p.status = 'active'
            group by c.name order by n desc, c.name limit ${BRAND_TOP_CATEGORIES}
          ) g
        ) t
        where b.slug = ${slug.toLowerCase()}`,
  );
  const b = rows[0];
  if (!b) throw notFound('Бренд не найден.');
  return {
    ...brandItem(b),
    description: b.description ?? '',
    aliases: b.aliases ?? [],
    tier: b.tier,
    price_min: b.price_min == null ? null : toRubles(Number(b.price_min)),
    new_count: b.new_count,
    top_categories: b.top_categories,
  };
}

const coverDims = new Map<string, { width: number; height: number }>();
/** Size of a compilation cover stored by the media pipeline (read once from its largest variant). */
async function coverImage(mediaDir: string, key: string): Promise<Image | null> {
  if (!/^[a-z]\/[0-9a-f]{2}\/[0-9a-f]{24}$/.test(key)) return null;
  let dims = coverDims.get(key);
  if (!dims) {
    try {
      const meta = await sharp(await readFile(path.join(mediaDir, key, '1280.webp'))).metadata();
      dims = { width: meta.width ?? 1280, height: meta.height ?? 960 };
    } catch {
      dims = { width: 1280, height: 960 };
    }
    coverDims.set(key, dims);
  }
  return { ...imageUrls(key), ...dims };
}

interface CompilationRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  cover: string | null;
  count: number;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
}

const compilationSelect = sql`select c.id, c.slug, c.title, c.description, c.cover,
  (select count(*)::int from compilation_products cp join products p on p.id = cp.product_id
    where cp.compilation_id = c.id and p.status = 'active') as count,
  ph.key as photo_key, ph.width as photo_width, ph.height as photo_height
  from compilations c
  left join lateral (
    select pp.key, pp.width, pp.height from compilation_products cp
    join products p on p.id = cp.product_id and p.status = 'active'
    join product_photos pp on pp.product_id = p.id
    where c.cover is null and cp.compilation_id = c.id
    order by cp.position, cp.product_id, pp.position, pp.id limit 1
  ) ph on true`;

async function toCompilation(mediaDir: string, c: CompilationRow): Promise<Compilation> {
  let cover: Image | null = null;
  if (c.cover) cover = await coverImage(mediaDir, c.cover);
  else if (c.photo_key)
    cover = photoImage({ key: c.photo_key, width: c.photo_width ?? 0, height: c.photo_height ?? 0 });
  return { id: c.id, slug: c.slug, title: c.title, description: c.description, cover, count: c.count };
}

/** `GET /v1/public/compilations/`: curated sets in their order, each with a cover and active count. */
export async function listCompilations(db: Db, mediaDir: string): Promise<{ results: Compilation[] }> {
  const rows = await queryRows<CompilationRow>(db, sql`${compilationSelect} order by c.position, c.id`);
  return { results: await Promise.all(rows.map((r) => toCompilation(mediaDir, r))) };
}

/**
 * `GET /v1/public/compilations/{slug}/` (its listings: `GET /v1/public/products/?compilation=<slug>`).
 * @throws ApiError 404 for an unknown slug
 */
export async function getCompilation(db: Db, mediaDir: string, slug: string): Promise<Compilation> {
  const rows = await queryRows<CompilationRow>(db, sql`${compilationSelect} where c.slug = ${slug.toLowerCase()}`);
  if (!rows[0]) throw notFound('Подборка не найдена.');
  return toCompilation(mediaDir, rows[0]);
}

/** `GET /v1/public/sitemap/`: active listings (newest first, at most 50 000), brand and compilation slugs. */
export async function getSitemap(db: Db): Promise<Sitemap> {
  const [products, brands, compilations] = await Promise.all([
    queryRows<{ slug: string; updated_at: unknown }>(
      db,
      sql`select p.slug, p.updated_at from products p where p.status = 'active'
          order by p.published_at desc, p.id desc limit ${SITEMAP_MAX_PRODUCTS}`,
    ),
    queryRows<{ slug: string }>(db, sql`select slug from brands order by slug`),
    queryRows<{ slug: string }>(db, sql`select slug from compilations order by position, id`),
  ]);
  return {
    products: products.map((p) => ({ slug: p.slug, updated_at: iso(p.updated_at) })),
    brands: brands.map((b) => b.slug),
    compilations: compilations.map((c) => c.slug),
  };
}
