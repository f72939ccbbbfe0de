/**
 * The catalog's desktop filter sidebar (decision 0160): the filter panel as a chunk of its own, server-rendered and
 * hydrated when it is on screen. On a phone it is hidden, and neither its code nor its hydration is paid for at start.
 */
import { memo } from 'react';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { HydrateWhenVisible } from '../../shared/lib/hydrate-when-visible';
import type { FilterKey } from './catalog-params';
import type { FilterPanelProps } from './filter-panel';

const FilterPanel = lazyWithReload<FilterPanelProps>(() =>
  import('./filter-panel').then((m) => ({ default: m.FilterPanel })),
);
/** Where the sidebar shows (Mantine's `md`, as `mantine-visible-from-md` on it). */
const SIDEBAR_SHOWN = '(min-width: 62em)';
// In the browser its download starts as soon as this module runs (first load: while the page hydrates; a navigation:
// before the listing renders, so the sidebar does not pop in late). Not on a phone, where it is hidden: its chunk
// loads if the window widens.
if (!import.meta.env.SSR && window.matchMedia(SIDEBAR_SHOWN).matches) void FilterPanel.preload();

/**
 * The desktop filter sidebar. Its props are the route's data and a callback stable for the page, so it is not
 * rendered again while it waits (shared/lib/hydrate-when-visible.tsx).
 */
export const FilterSidebar = memo(function FilterSidebar(props: FilterPanelProps) {
  return (
    <HydrateWhenVisible>
      <LazyPart>
        <FilterPanel {...props} />
      </LazyPart>
    </HydrateWhenVisible>
  );
}, sameSidebar);

/** The sidebar's props are the same when its values, data and callback are (`hide` compared key by key). */
function sameSidebar(a: FilterPanelProps, b: FilterPanelProps): boolean {
  const hides = (h: FilterPanelProps['hide']) => Object.entries(h ?? {}).filter(([, v]) => v);
  const ha = hides(a.hide);
  const hb = hides(b.hide);
  return (
    a.values === b.values &&
    a.onChange === b.onChange &&
    a.chars === b.chars &&
    a.facets === b.facets &&
    a.type === b.type &&
    ha.length === hb.length &&
    ha.every(([k]) => b.hide?.[k as FilterKey])
  );
}
