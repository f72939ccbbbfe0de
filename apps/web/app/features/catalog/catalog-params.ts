/**
 * Listing pages keep every filter, the sort and the page in the URL (shareable, server-rendered). The
 * URL uses the API's own query names (`productListQuery` in the contract); this module turns a page URL
 * into the API call and builds URLs for changed filters.
 */

/** Filter keys kept in the URL, in a stable order. Lists are comma-separated. */
export const FILTER_KEYS = ['category', 'brand', 'size', 'price_min', 'price_max', 'condition', 'color'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export const LIST_KEYS: FilterKey[] = ['brand', 'size', 'condition', 'color'];

/** Cards per page (divides the 2, 3 and 4-column rows). */
export const PAGE_SIZE = 24;

export interface ListingState {
  filters: Partial<Record<FilterKey, string>>;
  sort: string;
  page: number;
}

const SORT_VALUES = new Set(['new', 'price_asc', 'price_desc', 'popular', 'relevance', 'curated']);

/** Reads filters, sort and page from URL search params; junk values are dropped. */
export function readListingState(params: URLSearchParams, defaultSort = 'new'): ListingState {
  const filters: ListingState['filters'] = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k)?.trim();
    if (!v) continue;
    if (k === 'price_min' || k === 'price_max') {
      const n = Number(v.replace(/\s/g, ''));
      if (Number.isFinite(n) && n >= 0) filters[k] = String(Math.floor(n));
      continue;
    }
    if (k === 'category') {
      if (/^\d+$/.test(v)) filters[k] = v;
      continue;
    }
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 50);
    if (list.length) filters[k] = list.join(',');
  }
  const sortRaw = params.get('sort') ?? '';
  const sort = SORT_VALUES.has(sortRaw) ? sortRaw : defaultSort;
  const pageRaw = Number(params.get('page') ?? 1);
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 10_000 ? pageRaw : 1;
  return { filters, sort, page };
}

/**
 * The API query string for a listing page: the URL's state plus the page's fixed filter
 * (`{type: 'women'}`, `{brand: 'nike'}`, `{compilation: 'winter'}`, `{q: 'куртка'}`).
 */
export function apiQuery(state: ListingState, fixed: Record<string, string>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters)) if (v) q.set(k, v);
  for (const [k, v] of Object.entries(fixed)) if (v) q.set(k, v);
  q.set('sort', state.sort);
  q.set('page', String(state.page));
  q.set('page_size', String(PAGE_SIZE));
  return q.toString();
}

/**
 * A new search string with `changes` applied (`null`/empty removes a key). Any filter or sort change
 * resets the page to 1 unless `page` itself is changed.
 */
export function withChanges(
  current: URLSearchParams,
  changes: Record<string, string | number | null | undefined>,
): string {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  const s = next.toString();
  return s ? `?${s}` : '';
}

/**
 * The brand filter in the form the filter panel and the pills use: brand slugs (`?brand=nike`, which links
 * may carry and the API accepts as well as ids) become ids; a value that names no brand stays as it is,
 * and a brand given twice (by id and by slug) counts once.
 * @param value the `brand` parameter (comma list of ids and/or slugs)
 * @param brands every brand with its id and slug (`/v1/product/chars/`)
 */
export function brandIdsOf(
  value: string | undefined,
  brands: readonly { id: number; slug: string }[],
): string | undefined {
  if (!value) return value;
  const bySlug = new Map(brands.map((b) => [b.slug.toLowerCase(), String(b.id)]));
  const ids = splitList(value).map((v) => (/^\d+$/.test(v) ? v : (bySlug.get(v.toLowerCase()) ?? v)));
  return [...new Set(ids)].join(',');
}

/** Splits a comma list param. */
export const splitList = (v: string | undefined | null): string[] => (v ? v.split(',').filter(Boolean) : []);

/** How many filters are active (for the «Фильтры (3)» button). */
export function activeFilterCount(state: ListingState): number {
  let n = 0;
  for (const k of FILTER_KEYS) {
    const v = state.filters[k];
    if (!v) continue;
    if (k === 'price_max' && state.filters.price_min) continue;
    n += LIST_KEYS.includes(k) ? splitList(v).length : 1;
  }
  return n;
}
