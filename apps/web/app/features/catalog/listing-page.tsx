/**
 * A listing page (catalog type, brand, compilation, search): heading with the count («128 товаров»),
 * filters (sidebar on desktop, bottom drawer on phones), sorting, the grid and pagination — all state
 * in the URL, so the page is shareable and rendered on the server. Skeletons while navigating.
 */
import { LineIcon } from '../../shared/ui/line-icons';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '../../shared/ui/product-card';
import { EmptyState } from '../../shared/ui/empty-state';
import { LightButton } from '../../shared/ui/light-button';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { formatPrice } from '../../shared/lib/price';
import { activeFilterCount, FILTER_KEYS, PAGE_SIZE, splitList, type FilterKey } from './catalog-params';
import type { ActivePill } from './active-filters';
import type { FilterValues } from './filter-panel';
import { sizeLabel } from '@vitrina/contract/size-names';
import { SortSelect } from './sort-select';
import { readListing, type ListingData, type ListingRouteData } from './load-listing';
import { emptyListingText } from './empty-listing';
import { useListingNavigation } from './listing-navigation';
import { FilterSidebar } from './filter-sidebar';
import { ListingPageLinks } from '../../shared/ui/listing-page-links';
import classes from './listing-page.module.css';

/** Search hints («Возможно, вы имели в виду», the ways out of an empty search): a chunk only search pages load. */
const Correction = lazyWithReload<{ correction: string }>(() =>
  import('./search-hints').then((m) => ({ default: m.Correction })),
);
const SearchWaysOut = lazyWithReload<Parameters<typeof import('./search-hints').SearchWaysOut>[0]>(() =>
  import('./search-hints').then((m) => ({ default: m.SearchWaysOut })),
);

/*
 * What the first paint needs stays in this module; the rest are chunks of their own (JS per page):
 * the desktop filter sidebar (./filter-sidebar) and the page links (shared/ui/listing-page-links) are server-rendered and
 * hydrate on sight; the phone filter drawer is downloaded on the first intent to open it.
 */
const FilterDrawer = lazyWithReload(() => import('./filter-drawer'));
const ActiveFilters = lazyWithReload(() => import('./active-filters'));

const SORT_OPTIONS = [
  { value: 'new', label: 'Сначала новые' },
  { value: 'popular', label: 'Популярные' },
  { value: 'price_asc', label: 'Сначала дешевле' },
  { value: 'price_desc', label: 'Сначала дороже' },
];

export interface ListingPageProps {
  /** The route data of `loadListing` (its JSON texts are read here). */
  data: ListingRouteData;
  title: string;
  /**
   * Text or elements under the title (compilation description, brand line), or a function of the page's data making
   * them (the data read once for both).
   */
  intro?: ReactNode | ((data: ListingData) => ReactNode);
  /** Above the title (breadcrumbs, cover). */
  before?: ReactNode;
  type?: string;
  hide?: Partial<Record<FilterKey, boolean>>;
  /** Search pages add «По релевантности». */
  withRelevance?: boolean;
  /** A compilation's page: «В порядке подборки» (staff's order, `sort=curated`) first among the sorts. */
  curated?: boolean;
}

export function ListingPage({
  data: routeData,
  title,
  intro,
  before,
  type,
  hide,
  withRelevance,
  curated,
}: ListingPageProps) {
  const data = readListing(routeData);
  const { page, state, chars, facets } = data;
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so it can play its closing transition.
  const [drawerUsed, setDrawerUsed] = useState(false);

  const { loading, shownFilters, go, changeFilter } = useListingNavigation(state.filters, chars.brands);
  const totalPages = Math.max(1, Math.ceil(page.count / PAGE_SIZE));
  const filterCount = activeFilterCount(state);
  const sortOptions = withRelevance
    ? [{ value: 'relevance', label: 'По релевантности' }, ...SORT_OPTIONS]
    : curated
      ? [{ value: 'curated', label: 'В порядке подборки' }, ...SORT_OPTIONS]
      : SORT_OPTIONS;
  const panelProps = { chars, facets, type, hide };

  const pills = activePills(state.filters, data, hide);
  const resetAll = () => go(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));

  // Removing the last pill or «Сбросить всё» takes the list (and the focused button) off the page: the
  // focus then goes to the count of listings, which a screen reader reads out, not back to the page's start.
  const countRef = useRef<HTMLParagraphElement>(null);
  const hadPills = useRef(pills.length > 0);
  useEffect(() => {
    const had = hadPills.current;
    hadPills.current = pills.length > 0;
    if (had && pills.length === 0 && (!document.activeElement || document.activeElement === document.body))
      countRef.current?.focus();
  }, [pills.length]);

  return (
    <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 24 }}>
      {before}
      <div className={classes.head}>
        <div>
          <h1 className={classes.title}>{title}</h1>
          <p className={classes.count} data-testid="listing-count" ref={countRef} tabIndex={-1}>
            {countLabel(page.count, WORDS.product)}
          </p>
          {data.hints?.correction && page.count > 0 && (
            <LazyPart>
              <Correction correction={data.hints.correction} />
            </LazyPart>
          )}
          {typeof intro === 'function' ? intro(data) : intro}
        </div>
        <div className={classes.controls}>
          <LightButton
            hiddenFrom="md"
            variant="default"
            leftSection={<LineIcon name="adjustmentsHorizontal" size={18} />}
            style={{ '--button-height': '2.75rem' } as CSSProperties}
            onPointerEnter={() => void FilterDrawer.preload()}
            onFocus={() => void FilterDrawer.preload()}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            Фильтры{filterCount ? ` · ${filterCount}` : ''}
          </LightButton>
          <SortSelect options={sortOptions} value={state.sort} onChange={(sort) => go({ sort })} />
        </div>
      </div>

      {pills.length > 0 && (
        <LazyPart>
          <ActiveFilters pills={pills} go={go} resetAll={resetAll} />
        </LazyPart>
      )}

      <div className={classes.body}>
        <aside className={`mantine-visible-from-md ${classes.sidebar}`} aria-label="Фильтры">
          <FilterSidebar {...panelProps} values={shownFilters} onChange={changeFilter} />
        </aside>
        <div className={classes.results}>
          {loading ? (
            <ProductGridSkeleton count={8} narrow />
          ) : page.results.length === 0 ? (
            <>
              <EmptyState
                title="Ничего не нашлось"
                text={emptyListingText({ filters: filterCount, search: Boolean(withRelevance) })}
                action={
                  filterCount ? (
                    <LightButton onClick={resetAll}>Сбросить фильтры</LightButton>
                  ) : (
                    <LightButton to="/">На главную</LightButton>
                  )
                }
              />
              {data.hints && (
                <LazyPart>
                  <SearchWaysOut q={data.fixed.q ?? ''} hints={data.hints} go={go} />
                </LazyPart>
              )}
            </>
          ) : (
            <ProductGrid products={page.results} narrow searchOf={sizeLink(state.filters)} />
          )}
          {totalPages > 1 && !loading && (
            <ListingPageLinks
              page={state.page}
              totalPages={totalPages}
              pathname={location.pathname}
              search={location.search}
            />
          )}
        </div>
      </div>

      {drawerUsed && (
        <LazyPart>
          <FilterDrawer
            opened={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            filters={state.filters}
            count={page.count}
            onApply={(draft) => go(Object.fromEntries(FILTER_KEYS.map((k) => [k, draft[k] ?? null])))}
            panel={panelProps}
            fixed={data.fixed}
          />
        </LazyPart>
      )}
    </div>
  );
}

/**
 * The query of a card's link while the list is filtered by size: the first of the filter's sizes the listing
 * has, so its page opens with that size chosen (`?size=`).
 */
function sizeLink(filters: FilterValues) {
  const sizes = splitList(filters.size);
  if (!sizes.length) return undefined;
  return (product: { sizes: string[] }) => {
    const size = sizes.find((s) => product.sizes.includes(s));
    return size ? `?size=${encodeURIComponent(size)}` : undefined;
  };
}

/** Removable pills for the active filters. `next` is the param value after removing this one. */
function activePills(filters: FilterValues, data: ListingData, hide: ListingPageProps['hide'] = {}) {
  const out: ActivePill[] = [];
  const without = (list: string[], v: string) => {
    const rest = list.filter((x) => x !== v);
    return rest.length ? rest.join(',') : null;
  };
  if (filters.category && !hide.category) {
    const c = data.chars.categories.find((x) => String(x.id) === filters.category);
    out.push({ key: 'category', value: filters.category, label: c?.name ?? 'Категория', next: null });
  }
  for (const key of ['brand', 'size', 'condition', 'color'] as const) {
    if (hide[key]) continue;
    const list = splitList(filters[key]);
    for (const v of list) {
      let label = v;
      if (key === 'brand') label = data.chars.brands.find((b) => String(b.id) === v)?.name ?? v;
      if (key === 'size') label = sizeLabel(v);
      if (key === 'condition') label = data.chars.conditions.find((c) => c.value === v)?.label ?? v;
      if (key === 'color') label = data.chars.colors.find((c) => c.value === v)?.label ?? v;
      out.push({ key, value: v, label, next: without(list, v) });
    }
  }
  if (filters.price_min)
    out.push({
      key: 'price_min',
      value: filters.price_min,
      label: `от ${formatPrice(Number(filters.price_min))}`,
      next: null,
    });
  if (filters.price_max)
    out.push({
      key: 'price_max',
      value: filters.price_max,
      label: `до ${formatPrice(Number(filters.price_max))}`,
      next: null,
    });
  return out;
}
