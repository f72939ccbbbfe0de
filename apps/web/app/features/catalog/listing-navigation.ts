/**
 * A listing page's address as its filters and sorting change it (listing-page.tsx): each change navigates to the
 * same path with the new query, built on the latest address asked for, so quick clicks add up
 * (e2e/catalog/filters.test.ts: clicks 100 ms apart each count, on a 4× slowed processor); while a page loads, the
 * filters shown are those of the page on its way.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { brandIdsOf, LIST_KEYS, readListingState, splitList, withChanges, type FilterKey } from './catalog-params';
import type { FilterValues } from './filter-panel';
import type { ListingData } from './load-listing';

type Brands = ListingData['chars']['brands'];

/**
 * The listing's navigation.
 * @param filters the filters of the page shown (its loader's state)
 * @param brands every brand (`/v1/product/chars/`), to read brand slugs in an address as ids
 * @returns `loading` (a page of the same path on its way), `shownFilters` (the filters to draw), `go` (navigate with
 *   changes to the query; `page` is dropped unless given) and `changeFilter` (a filter panel's `onChange`), both
 *   stable for the page's path
 */
export function useListingNavigation(filters: FilterValues, brands: Brands) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  // Each change is built on the latest one asked for, not on the URL the page was rendered from: a second
  // click while the first one's page loads (100 ms apart) keeps the first (S, then L: both). The addresses asked
  // for and not yet shown are kept in order: when one of them shows, the newer ones are still on their way (a
  // navigation's render can commit after the next click), so the latest stays; an address that came another way
  // (a link, «Назад») becomes the latest.
  const asked = useRef<{ latest: string; pending: string[] }>({ latest: location.search, pending: [] });
  useEffect(() => {
    const a = asked.current;
    const i = a.pending.indexOf(location.search);
    if (i === -1) asked.current = { latest: location.search, pending: [] };
    else a.pending = a.pending.slice(i + 1);
  }, [location.search]);
  // The same function for the page's path: the sidebar's callback keeps it unchanged (see ./filter-sidebar).
  const pathname = location.pathname;
  const go = useCallback(
    (changes: Record<string, string | number | null>) => {
      const search = withChanges(new URLSearchParams(asked.current.latest), changes);
      asked.current = { latest: search, pending: [...asked.current.pending, search] };
      void navigate({ pathname, search }, { preventScrollReset: true });
    },
    [navigate, pathname],
  );
  // The filters shown are those of the page on its way (chosen at once), else the page's own.
  const shownFilters = loading ? pendingFilters(navigation.location!.search, brands) : filters;
  // A list filter's change (a size ticked, a brand unticked) is what the sidebar changed in the values it was last
  // drawn with, applied to the latest address asked for: on a slow phone the next tick can come before the sidebar
  // shows the previous one, and its whole new list would drop that one.
  const drawn = useRef({ filters: shownFilters, brands: brands });
  useLayoutEffect(() => {
    drawn.current = { filters: shownFilters, brands: brands };
  });
  const changeFilter = useCallback(
    (k: FilterKey, v: string | null) => {
      if (!LIST_KEYS.includes(k)) return go({ [k]: v });
      const { filters, brands } = drawn.current;
      const before = splitList(filters[k]);
      const after = splitList(v);
      const latest = splitList(pendingFilters(asked.current.latest, brands)[k]);
      const next = [
        ...latest.filter((x) => after.includes(x) || !before.includes(x)),
        ...after.filter((x) => !latest.includes(x) && !before.includes(x)),
      ];
      go({ [k]: next.length ? next.join(',') : null });
    },
    [go],
  );
  return { loading, shownFilters, go, changeFilter };
}

/** The filters of a listing URL's query, brands as ids (as the loader reads them: load-listing.ts). */
function pendingFilters(search: string, brands: Brands): FilterValues {
  const { filters } = readListingState(new URLSearchParams(search));
  if (filters.brand) filters.brand = brandIdsOf(filters.brand, brands);
  return filters;
}
