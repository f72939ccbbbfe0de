/**
 * The phone filter drawer (bottom sheet): the filter panel on a draft of the filters, «Сбросить» and
 * «Показать» (applies the draft). The values on offer and their counts follow the draft (`/v1/public/facets/`
 * asked again for it), so a choice in the drawer never leads to an empty page either. A chunk of its own,
 * downloaded on the first intent to open it.
 */
import { Button, Drawer, Group } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOpenAfterMount } from '../../shared/lib/lazy';
import { queryClient, typedQuery } from '../../shared/api/query';
import type { paths } from '../../shared/api/schema';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { FILTER_KEYS } from './catalog-params';
import { FilterPanel, type FilterPanelProps, type FilterValues } from './filter-panel';
import classes from './filter-panel.module.css';

/** The facets call's query, typed from the server's OpenAPI document (its names and value types). */
type FacetsQuery = NonNullable<paths['/v1/public/facets/']['get']['parameters']['query']>;

/** The page's own filter (`{type: 'kids'}`, `{q: 'куртка'}`): the keys a listing page fixes, as the facets call names them. */
export type FixedFilter = Partial<Pick<FacetsQuery, 'type' | 'brand' | 'compilation' | 'q'>>;
const FIXED_KEYS = ['type', 'brand', 'compilation', 'q'] as const satisfies readonly (keyof FixedFilter)[];

/**
 * The facets call's query for the page's own filter and a set of filter values (empty ones left out), in the order
 * the URL names them, the page's own filter last (it wins over the same key of the values), and its text form — the
 * query's cache key and what tells two drafts apart.
 */
function facetsQuery(fixed: FixedFilter, values: FilterValues): { query: FacetsQuery; key: string } {
  const query: FacetsQuery = {};
  for (const k of FILTER_KEYS) {
    const v = values[k];
    if (!v) continue;
    // The prices are whole rubles already (the panel's and the URL's reading): a number, as the document types them.
    if (k === 'price_min' || k === 'price_max') query[k] = Number(v);
    else query[k] = v;
  }
  for (const k of FIXED_KEYS) if (fixed[k]) query[k] = fixed[k];
  const key = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return { query, key };
}

/** The facets of the draft: the page's own while the draft equals the URL's filters, else asked for. */
function useDraftFacets(opened: boolean, fixed: FixedFilter, filters: FilterValues, draft: FilterValues) {
  const { query, key } = facetsQuery(fixed, draft);
  const same = key === facetsQuery(fixed, filters).key;
  const asked = useQuery(
    {
      queryKey: ['catalog', 'facets', key],
      queryFn: typedQuery('/v1/public/facets/', { params: { query }, auth: false }),
      enabled: opened && !same,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    },
    queryClient,
  );
  return same ? null : (asked.data ?? null);
}

export interface FilterDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The filters in the URL: the draft starts from them on every opening. */
  filters: FilterValues;
  /** How many listings the URL's filters leave (the page's count). */
  count: number;
  /** «Показать»: the draft to apply. */
  onApply: (draft: FilterValues) => void;
  panel: Omit<FilterPanelProps, 'values' | 'onChange'>;
  /** The page's own filter (`{type: 'kids'}`, `{q: 'куртка'}`), for the draft's counts. */
  fixed: FixedFilter;
}

export default function FilterDrawer({
  opened: wanted,
  onClose,
  filters,
  count,
  onApply,
  panel,
  fixed,
}: FilterDrawerProps) {
  const opened = useOpenAfterMount(wanted);
  const [draft, setDraft] = useState<FilterValues>(filters);
  useEffect(() => {
    if (opened) setDraft(filters);
  }, [opened, filters]);
  const draftFacets = useDraftFacets(opened, fixed, filters, draft);
  // The draft's count: the page's while the draft is the URL's filters, else the facets' (the last one known while
  // the next loads).
  const draftCount = draftFacets
    ? draftFacets.count
    : facetsQuery(fixed, draft).key === facetsQuery(fixed, filters).key
      ? count
      : null;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="88%"
      title="Фильтры"
      radius="md"
      styles={{
        title: { fontWeight: 700, fontSize: 18 },
        // What scrolls into view (a focused field) stops clear of the sticky title and of «Сбросить» / «Показать».
        content: { scrollPaddingTop: 64, scrollPaddingBottom: 88 },
        body: { paddingBottom: 0 },
      }}
    >
      <FilterPanel
        {...panel}
        native
        facets={draftFacets ?? panel.facets}
        values={draft}
        onChange={(k, v) => setDraft((d) => ({ ...d, [k]: v ?? undefined }))}
      />
      {/* Stuck to the drawer's bottom edge, below the panel's last field (never over it: WCAG 2.5.8). */}
      <Group gap="sm" p="md" className={classes.actions}>
        <Button variant="default" onClick={() => setDraft({})} style={{ flex: 1 }}>
          Сбросить
        </Button>
        <Button
          style={{ flex: 2 }}
          onClick={() => {
            onClose();
            onApply(draft);
          }}
        >
          {draftCount === null ? 'Показать' : `Показать ${countLabel(draftCount, WORDS.product)}`}
        </Button>
      </Group>
    </Drawer>
  );
}
