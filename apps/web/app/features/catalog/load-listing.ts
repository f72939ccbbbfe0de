/**
 * Loader helper of the listing pages (catalog type, brand, compilation, search): reads the URL state,
 * calls `/v1/public/products/` (or `/v1/public/search/`), the filter counts (`/v1/public/facets/`: the
 * sizes, conditions and colours the page's listings have) and the filter reference data in one go.
 */
import type { AppLoadContext } from 'react-router';
import type { Page } from '@vitrina/contract/common';
import type { Facets, ProductCard, SearchHints } from '@vitrina/contract/catalog';
import { jsonReader, toJsonText, type JsonText } from '../../shared/lib/json-text';
import { apiLoad } from '../../shared/lib/load-context';
import { pageNumber } from '../../shared/lib/seo';
import { cardData, type ProductCardData } from '../../shared/ui/product-card';
import { apiQuery, brandIdsOf, FILTER_KEYS, readListingState, type ListingState } from './catalog-params';

/**
 * The query parameters that define a listing page besides `page` (its filters and sort): the canonical address
 * keeps these and drops any other (`seo({query})`). The search page adds its `q`.
 */
export const LISTING_QUERY: readonly string[] = [...FILTER_KEYS, 'sort'];

/** The last page number a listing page serves (the URL state reads no further). */
const MAX_PAGE = 10_000;

export interface Chars {
  /** `name_ru`: the Cyrillic spelling, by which the brand filter finds a brand too. */
  brands: { id: number; slug: string; name: string; name_ru: string }[];
  categories: { id: number; name: string; type: string; parent: number | null }[];
  conditions: { value: string; label: string }[];
  colors: { value: string; label: string; hex: string }[];
  types: { value: string; label: string }[];
}

/** What a listing page shows of its request's answers. */
export interface ListingFound {
  /** The page of listings, each card only what the card shows, and their count (not the API's neighbour links). */
  page: Pick<Page<ProductCardData>, 'count' | 'results'>;
  /**
   * The values the filters offer, with counts (only those the page's listings have, the other filters
   * applied); null when they could not be loaded (the panel then offers no sizes, and every condition and colour).
   */
  facets: Facets | null;
  /** Search pages: the spelling correction and the ways out of an empty result; null elsewhere or when not loaded. */
  hints: SearchHints | null;
}

/** A listing page's data as the screen uses it ({@link readListing} of the route data). */
export interface ListingData extends ListingFound {
  state: ListingState;
  /** The filters' reference data (of the page's catalog type only, on a type's page). */
  chars: Chars;
  /** The page's own filter (`{type: 'kids'}`, `{q: 'куртка'}`): the phone drawer counts its draft with it. */
  fixed: Record<string, string>;
  origin: string;
}

/**
 * A listing page's route data: the answers and the reference data as JSON text (shared/lib/json-text.ts — a third
 * of the cost of a cold catalog page's data otherwise), the count beside them for the page's meta.
 */
export interface ListingRouteData extends Omit<ListingData, keyof ListingFound | 'chars'> {
  found: JsonText<ListingFound>;
  chars: JsonText<Chars>;
  /** How many listings match (`page.count`). */
  count: number;
}

const readFound = jsonReader<ListingFound>(1);
/** The reference data of the last few catalog types (one text per type, the same on every page of it). */
const readChars = jsonReader<Chars>(4);

/** A listing page's data from its route data (in the browser each text parsed once). */
export function readListing(data: ListingRouteData): ListingData {
  const { page, facets, hints } = readFound(data.found);
  return {
    page,
    facets,
    hints,
    chars: readChars(data.chars),
    state: data.state,
    fixed: data.fixed,
    origin: data.origin,
  };
}

const EMPTY_PAGE: Page<ProductCard> = { count: 0, next: null, previous: null, results: [] };

/** The reference data trimmed to one catalog type, per reference data object (the server's is one cached object). */
const forType = new WeakMap<Chars, Map<string, Chars>>();

/**
 * The reference data a page of one catalog type needs: only that type's categories (its filter panel, chips and
 * pills show no others). A third of the data the page hands to the browser otherwise.
 * @returns `chars` itself when the page is not of one type
 */
function charsFor(chars: Chars, fixed: Record<string, string>): Chars {
  const type = fixed.type;
  if (!type) return chars;
  let byType = forType.get(chars);
  if (!byType) forType.set(chars, (byType = new Map()));
  let trimmed = byType.get(type);
  if (!trimmed) {
    trimmed = { ...chars, categories: chars.categories.filter((c) => c.type === type) };
    byType.set(type, trimmed);
  }
  return trimmed;
}

/**
 * @param fixed the page's own filter, e.g. `{type: 'women'}`
 * @param opts.endpoint `/v1/public/products/` or `/v1/public/search/` (then the search's hints are loaded too)
 * @throws Response 404 when `page` is not a page number (`?page=abc`, `?page=0`, past {@link MAX_PAGE}) or is past
 *   the last page (DRF «Неверная страница.»): the route's 404, not an indexable copy of page 1
 */
export async function loadListing(
  context: AppLoadContext,
  request: Request,
  fixed: Record<string, string>,
  opts: { endpoint?: string; defaultSort?: string } = {},
): Promise<ListingRouteData> {
  const url = new URL(request.url);
  const rawPage = url.searchParams.get('page');
  if (rawPage !== null && (pageNumber(rawPage) ?? MAX_PAGE + 1) > MAX_PAGE)
    throw new Response('Страница не найдена', { status: 404 });
  const state = readListingState(url.searchParams, opts.defaultSort ?? 'new');
  const endpoint = opts.endpoint ?? '/v1/public/products/';
  const ctx = context;
  const query = apiQuery(state, fixed);
  const [page, allChars, facets, hints] = await Promise.all([
    apiLoad<Page<ProductCard>>(context, `${endpoint}?${query}`).catch((e: unknown) => {
      // An out-of-range page is a 404 of the page; a rejected filter (400) shows an empty result.
      if (e instanceof Response) throw e;
      return EMPTY_PAGE;
    }),
    apiLoad<{ data: Chars }>(context, '/v1/product/chars/').then(
      (r) => r.data,
      () => ({ brands: [], categories: [], conditions: [], colors: [], types: [] }) as Chars,
    ),
    apiLoad<Facets>(context, `/v1/public/facets/?${query}`).catch(() => null),
    endpoint === '/v1/public/search/'
      ? apiLoad<SearchHints>(context, `/v1/public/search/hints/?${query}`).catch(() => null)
      : null,
  ]);
  const chars = charsFor(allChars, fixed);
  // `?brand=nike` asks the API by slug; the pills and the filter panel know brands by id.
  if (state.filters.brand) state.filters.brand = brandIdsOf(state.filters.brand, chars.brands);
  const found: ListingFound = { page: { count: page.count, results: page.results.map(cardData) }, facets, hints };
  return {
    found: toJsonText(found, ctx),
    count: page.count,
    state,
    chars: toJsonText(chars, ctx),
    fixed,
    origin: ctx.publicUrl,
  };
}
