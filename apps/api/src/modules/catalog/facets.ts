/**
 * The filter counts of listing pages and search («No dead ends»: a filter offers only values that
 * find something): `GET /v1/public/facets/`, beside the list call (architecture §3), whose answer stays a
 * DRF page. For each filter — brands, sizes, conditions, colours — the values that occur among the listings the
 * page shows and how many listings each leaves, counted with every other active filter applied: a filter's
 * own choice is left out of its counts (values of one filter are alternatives, «42 or 43»), as faceted
 * search does. So a children's catalog offers children's sizes only, and no offered value leads to an
 * empty page.
 *
 * With `q` the matches are the search's own (search.ts `findMatches`: the attempt that found them), so
 * the counts of a search page agree with its results. Each facet is one grouped query over the same
 * covering indexes the list's count reads (sizes: the in-stock offers of those listings, hash-aggregated),
 * never a query per value; a filter set's answer is reused for
 * {@link FACETS_TTL_MS} within one process (lib/cache.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { COLORS, CONDITIONS, type Facets, type ProductListQuery } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { cachePer } from '../../lib/cache.js';
import { countListings } from './counts.js';
import { isId, resolveFilters } from './filters.js';
import { memo } from './memo.js';
import { findMatches } from './search.js';

/**
 * How long one filter set's counts are reused, ms (a listing published meanwhile shows up after it) — as
 * long as the list's large counts (counts.ts), renewed in the background from ¾ of it on, so under steady
 * traffic no request waits: a whole catalog type at 100 000 listings groups some 60 000 offers.
 */
export const FACETS_TTL_MS = 30_000;
/** Most filter sets remembered per database (the least recently used is forgotten first). */
const FACETS_CACHE_SIZE = 500;

/**
 * Facets by filter set, per database: at most {@link FACETS_CACHE_SIZE} entries, each served for
 * {@link FACETS_TTL_MS} (30 s) and renewed in the background from ¾ of that on; concurrent requests of
 * one filter set share one computation.
 */
const facetsOf = cachePer<Db, string, Facets>({ max: FACETS_CACHE_SIZE, ttlMs: FACETS_TTL_MS, renewAt: 0.75 });

/** The query fields that choose listings (paging and sorting do not change the counts). */
const FILTER_FIELDS = [
  'q',
  'type',
  'category',
  'brand',
  'compilation',
  'size',
  'price_min',
  'price_max',
  'condition',
  'color',
  'seller',
] as const;

const splitList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A size value as the size filter compares it (case and decimal comma ignored: filters.ts `sizeVariants`). */
const sizeKey = (v: string) => v.toLowerCase().replace(',', '.');

/**
 * The conditions on `products p` of the listings a page with `q` shows: the search's matches when `q`
 * has text, else the filters.
 * @throws ApiError 400 for bad filters or a query over 200 characters
 */
async function matching(db: Db, q: ProductListQuery): Promise<SQL[]> {
  if (q.q !== undefined && q.q.trim() !== '') {
    const found = await findMatches(db, { ...q, page: 1, page_size: 1, sort: undefined });
    return found.count > 0 ? found.where : [sql`false`];
  }
  return (await resolveFilters(db, { ...q, q: undefined })).where;
}

/** Every size of every grid: its grid's id and name and its position (a small table), reused for 30 s. */
function sizeGridsOf(db: Db): Promise<Map<number, { grid: number; name: string; position: number }>> {
  return memo(db, 'size-grids', async () => {
    const rows = await queryRows<{ id: number; grid: number; name: string; position: number }>(
      db,
      sql`select s.id, s.grid_id as grid, g.name, s.position from sizes s join size_grids g on g.id = s.grid_id`,
    );
    return new Map(rows.map((r) => [r.id, r]));
  });
}

/**
 * In-stock sizes of the listings `where` matches, one entry per size value (spellings that differ in case
 * or decimal comma are one, as for the size filter), in grid order, with counts. One grouped query (a hash
 * aggregate of the matching listings' offers); grid names and positions come from the memoised size table.
 */
async function sizeFacet(db: Db, where: SQL[], chosen: string[]): Promise<Facets['sizes']> {
  const [rows, grids] = await Promise.all([
    queryRows<{ value: string; size_id: number | null; count: number }>(
      db,
      sql`select o.size as value, o.size_id, count(*)::int as count
            from products p join offers o on o.product_id = p.id
           where ${sql.join(where, sql` and `)} and o.count > 0
           group by o.size, o.size_id`,
    ),
    sizeGridsOf(db),
  ]);
  const OTHER = { grid: 2147483647, name: 'Другие размеры', position: 2147483647 };
  const byKey = new Map<string, { value: string; count: number; at: typeof OTHER }>();
  for (const r of rows) {
    const at = (r.size_id != null ? grids.get(r.size_id) : undefined) ?? OTHER;
    const key = sizeKey(r.value);
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { value: r.value, count: r.count, at });
    else {
      seen.count += r.count;
      if (at.grid < seen.at.grid || (at.grid === seen.at.grid && at.position < seen.at.position)) seen.at = at;
    }
  }
  for (const v of chosen) if (!byKey.has(sizeKey(v))) byKey.set(sizeKey(v), { value: v, count: 0, at: OTHER });
  return [...byKey.values()]
    .sort((a, b) => a.at.grid - b.at.grid || a.at.position - b.at.position || a.value.localeCompare(b.value))
    .map((e) => ({ value: e.value, count: e.count, group: e.at.name }));
}

/**
 * Listings by the value of a column of `products p` (condition, colour), in the order of `known`; values
 * with none are left out unless chosen.
 */
async function columnFacet(
  db: Db,
  column: SQL,
  where: SQL[],
  known: readonly { value: string }[],
  chosen: string[],
): Promise<{ value: string; count: number }[]> {
  const rows = await queryRows<{ value: string; count: number }>(
    db,
    sql`select ${column} as value, count(*)::int as count from products p
         where ${sql.join(where, sql` and `)} and ${column} is not null group by 1`,
  );
  const counts = new Map(rows.map((r) => [r.value, r.count]));
  return known
    .map((k) => ({ value: k.value, count: counts.get(k.value) ?? 0 }))
    .filter((f) => f.count > 0 || chosen.includes(f.value));
}

/**
 * Listings by brand (the brand filter's list): the brands `where` matches, most listings first, then A–Z by name,
 * and the chosen ones (ids or slugs, as `brand` takes them) always, with 0 when they have none. One grouped query
 * over the same covering indexes (`brand_id` is in each), its few hundred groups joined to the brands by id.
 */
async function brandFacet(db: Db, where: SQL[], chosen: string[]): Promise<Facets['brands']> {
  const ids = chosen.filter(isId).map(Number);
  const slugs = chosen.filter((v) => !isId(v)).map((v) => v.toLowerCase());
  return queryRows<{ value: string; count: number }>(
    db,
    sql`select b.id::text as value, coalesce(c.count, 0)::int as count
          from brands b
          left join (select p.brand_id, count(*) as count from products p
                      where ${sql.join(where, sql` and `)} and p.brand_id is not null group by 1) c on c.brand_id = b.id
         where c.brand_id is not null or b.id = any(${sql.param(ids)}::int[]) or b.slug = any(${sql.param(slugs)}::text[])
         order by count desc, lower(b.name), b.id`,
  );
}

/**
 * `GET /v1/public/facets/`: the brands, sizes, conditions and colours of the listings a listing page (or, with `q`,
 * a search page) shows, each with the number of listings it leaves when chosen, the other filters applied,
 * and how many listings every filter together leaves (the phone drawer's «Показать 32 товара»).
 * @param q the list query (`page`, `page_size` and `sort` are ignored)
 * @returns facets (contract `facetsSchema`), reused for {@link FACETS_TTL_MS} per filter set
 * @throws ApiError 400 naming the field for bad filters (as the list call)
 */
export function getFacets(db: Db, q: ProductListQuery): Promise<Facets> {
  const filters: ProductListQuery = {};
  for (const k of FILTER_FIELDS) if (q[k] !== undefined && q[k] !== '') Object.assign(filters, { [k]: q[k] });
  return facetsOf(db).fetch(JSON.stringify(filters), async () => {
    const [byBrand, bySize, byCondition, byColor, all] = await Promise.all([
      matching(db, { ...filters, brand: undefined }),
      matching(db, { ...filters, size: undefined }),
      matching(db, { ...filters, condition: undefined }),
      matching(db, { ...filters, color: undefined }),
      matching(db, filters),
    ]);
    return {
      count: await countListings(db, all),
      brands: await brandFacet(db, byBrand, splitList(filters.brand)),
      sizes: await sizeFacet(db, bySize, splitList(filters.size)),
      conditions: await columnFacet(db, sql`p.condition`, byCondition, CONDITIONS, splitList(filters.condition)),
      colors: await columnFacet(db, sql`p.color`, byColor, COLORS, splitList(filters.color)),
    };
  });
}

/** Forgets the database's remembered facets (a listing blocked by staff must leave them at once). */
export const forgetFacets = (db: Db) => facetsOf(db).clear();
