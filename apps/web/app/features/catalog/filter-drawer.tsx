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
import type { Facets } from '@vitrina/contract/catalog';
import { getJson, queryClient } from '../../shared/api/query';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { FILTER_KEYS } from './catalog-params';
import { FilterPanel, type FilterPanelProps, type FilterValues } from './filter-panel';
import classes from './filter-panel.module.css';

/** The facets call's query for the page's own filter and a set of filter values. */
function facetsQuery(fixed: Record<string, string>, values: FilterValues): string {
  const q = new URLSearchParams();
  for (const k of FILTER_KEYS) if (values[k]) q.set(k, values[k]);
  for (const [k, v] of Object.entries(fixed)) if (v) q.set(k, v);
  return q.toString();
}

/** The facets of the draft: the page's own while the draft equals the URL's filters, else asked for. */
function useDraftFacets(opened: boolean, fixed: Record<string, string>, filters: FilterValues, draft: FilterValues) {
  const query = facetsQuery(fixed, draft);
  const same = query === facetsQuery(fixed, filters);
  const asked = useQuery(
    {
      queryKey: ['catalog', 'facets', query],
      queryFn: getJson<Facets>(`/v1/public/facets/?${query}`, { auth: false }),
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
  fixed: Record<string, string>;
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
    : facetsQuery(fixed, draft) === facetsQuery(fixed, filters)
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
