/**
 * Loader helper of the listing pages (catalog type, brand, compilation, search): reads the URL state,
 * calls `/v1/public/products/` (or `/v1/public/search/`) and the filter reference data in one go.
 */
import type { Page } from '@vitrina/contract/common';
import type { ProductCard } from '@vitrina/contract/catalog';
import { apiLoad, type LoadContext } from '../../shared/lib/load-context';
import { apiQuery, brandIdsOf, readListingState, type ListingState } from './catalog-params';

export interface Chars {
  brands: { id: number; slug: string; name: string }[];
  categories: { id: number; name: string; type: string; parent: number | null }[];
  conditions: { value: string; label: string }[];
  colors: { value: string; label: string; hex: string }[];
  types: { value: string; label: string }[];
}

export interface ListingData {
  page: Page<ProductCard>;
  state: ListingState;
  chars: Chars;
  /** Sizes offered for the filter (of the chosen category, or common ones). */
  sizes: string[];
  origin: string;
}

/** Common sizes when no category is chosen: clothes, then shoes. */
export const COMMON_SIZES = [
  'XXS',
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '36',
  '37',
  '38',
  '39',
  '40',
  '41',
  '42',
  '43',
  '44',
  '45',
];

const EMPTY_PAGE: Page<ProductCard> = { count: 0, next: null, previous: null, results: [] };

/**
 * @param fixed the page's own filter, e.g. `{type: 'women'}`
 * @param endpoint `/v1/public/products/` or `/v1/public/search/`
 * @throws Response 404 when the page number is past the end (DRF «Неверная страница.»)
 */
export async function loadListing(
  context: unknown,
  request: Request,
  fixed: Record<string, string>,
  opts: { endpoint?: string; defaultSort?: string } = {},
): Promise<ListingData> {
  const url = new URL(request.url);
  const state = readListingState(url.searchParams, opts.defaultSort ?? 'new');
  const endpoint = opts.endpoint ?? '/v1/public/products/';
  const ctx = context as LoadContext;
  const [page, chars, sizes] = await Promise.all([
    apiLoad<Page<ProductCard>>(context, `${endpoint}?${apiQuery(state, fixed)}`).catch((e: unknown) => {
      // An out-of-range page is a 404 of the page; a rejected filter (400) shows an empty result.
      if (e instanceof Response) throw e;
      return EMPTY_PAGE;
    }),
    apiLoad<{ data: Chars }>(context, '/v1/product/chars/').then(
      (r) => r.data,
      () => ({ brands: [], categories: [], conditions: [], colors: [], types: [] }) as Chars,
    ),
    state.filters.category
      ? apiLoad<unknown>(context, `/v1/public/sizes/${state.filters.category}/`).then(sizeValues, () => COMMON_SIZES)
      : Promise.resolve(COMMON_SIZES),
  ]);
  // `?brand=nike` asks the API by slug; the pills and the filter panel know brands by id.
  if (state.filters.brand) state.filters.brand = brandIdsOf(state.filters.brand, chars.brands);
  return { page, state, chars, sizes: sizes.length ? sizes : COMMON_SIZES, origin: ctx.publicUrl };
}

function sizeValues(body: unknown): string[] {
  const list = Array.isArray(body)
    ? body
    : ((body as { results?: unknown[]; data?: unknown[] })?.results ?? (body as { data?: unknown[] })?.data ?? []);
  return (list as { value?: string }[]).map((s) => s?.value).filter((v): v is string => typeof v === 'string');
}
