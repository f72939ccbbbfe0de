/**
 * Listing pages (architecture §3: `GET /v1/public/products/`, the screens `catalog-type`,
 * `catalog-brand-slug` and `catalog-compilation-slug` of spec §2): active listings with filters
 * (filters.ts) and sorting, as DRF pages of cards. Money is kopecks in the database and rubles in every
 * answer.
 *
 * A listing page is three queries at most — its count (large ones reused: counts.ts), its ids (read from
 * covering indexes alone: see the `products_active_*` indexes) and its cards with photos and sizes (one
 * prepared statement: cards.ts). Whether a page walks a sorted index or sorts its matches is decided by
 * {@link isSmallMatch} (search shares that rule and {@link orderBy}).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ProductCard, ProductListQuery } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { makePage, type Page } from '../../lib/pagination.js';
import { cardsOf } from './cards.js';
import { countListings } from './counts.js';
import { handPickedCompilation, resolveFilters } from './filters.js';

/** Default page size of listing pages, listings. */
export const LIST_PAGE_SIZE = 24;
/** Largest page size of listing pages, listings. */
export const LIST_MAX_PAGE_SIZE = 60;

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
 * @param count how many listings match (see counts.ts)
 * @param opts.pageEnd offset + page size of the page asked for (listings)
 * @returns true to sort the matches, false to walk the index
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
 * @param sort `price_asc`, `price_desc`, `popular` or anything else for newest first
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
 * `GET /v1/public/products/`: active listings with filters and sorting, as a DRF page of cards (prices in
 * rubles); `sort=curated` with a hand-picked `compilation` keeps staff's order. With `q` the search ranks them (see search.ts) — the route hands such queries to `searchProducts`.
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
  // `curated`: a hand-picked compilation's listings in staff's order (a set by a saved filter: newest first).
  const curated = q.sort === 'curated' && q.compilation ? await handPickedCompilation(db, q.compilation) : null;
  const order =
    curated !== null
      ? sql`(select cp.position from compilation_products cp
              where cp.compilation_id = ${curated} and cp.product_id = p.id) asc, p.id desc`
      : orderBy(
          q.sort,
          await isSmallMatch(db, count, { pageEnd: pq.page * pq.page_size, perRowLookup: f.perRowLookup }),
        );
  const page = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where ${where}
        order by ${order} limit ${pq.page_size} offset ${(pq.page - 1) * pq.page_size}`,
  );
  const ids = page.map((r) => r.id);
  return makePage(url, pq, count, await cardsOf(db, ids));
}
