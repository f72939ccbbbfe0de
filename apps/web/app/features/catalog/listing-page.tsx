/**
 * A listing page (catalog type, brand, compilation, search): heading with the count («128 товаров»),
 * filters (sidebar on desktop, bottom drawer on phones), sorting, the grid and pagination — all state
 * in the URL, so the page is shareable and rendered on the server. Skeletons while navigating.
 */
import { Box, Button, Drawer, Group, NativeSelect, Pagination, Pill, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { ProductGrid, ProductGridSkeleton } from '../../shared/ui/product-card';
import { EmptyState } from '../../shared/ui/empty-state';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { formatPrice } from '../../shared/lib/price';
import { activeFilterCount, FILTER_KEYS, PAGE_SIZE, splitList, withChanges, type FilterKey } from './catalog-params';
import { FilterPanel, type FilterValues } from './filter-panel';
import type { ListingData } from './load-listing';
import { emptyListingText } from './empty-listing';

const SORT_OPTIONS = [
  { value: 'new', label: 'Сначала новые' },
  { value: 'popular', label: 'Популярные' },
  { value: 'price_asc', label: 'Сначала дешевле' },
  { value: 'price_desc', label: 'Сначала дороже' },
];

export interface ListingPageProps {
  data: ListingData;
  title: string;
  /** Text or elements under the title (compilation description, brand line). */
  intro?: ReactNode;
  /** Above the title (breadcrumbs, cover). */
  before?: ReactNode;
  type?: string;
  hide?: Partial<Record<FilterKey, boolean>>;
  /** Search pages add «По релевантности». */
  withRelevance?: boolean;
}

export function ListingPage({ data, title, intro, before, type, hide, withRelevance }: ListingPageProps) {
  const { page, state, chars, sizes } = data;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const [drawerOpen, drawer] = useDisclosure(false);
  const [draft, setDraft] = useState<FilterValues>(state.filters);
  useEffect(() => setDraft(state.filters), [state.filters]);

  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const go = (changes: Record<string, string | number | null>) =>
    navigate({ pathname: location.pathname, search: withChanges(params, changes) }, { preventScrollReset: true });
  const totalPages = Math.max(1, Math.ceil(page.count / PAGE_SIZE));
  const filterCount = activeFilterCount(state);
  const sortOptions = withRelevance
    ? [{ value: 'relevance', label: 'По релевантности' }, ...SORT_OPTIONS]
    : SORT_OPTIONS;
  const panelProps = { chars, sizes, type, hide };

  const pills = activePills(state.filters, data, hide);
  const resetAll = () => go(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));

  return (
    <div className="vt-container" style={{ paddingTop: 24, paddingBottom: 24 }}>
      {before}
      <Group justify="space-between" align="flex-end" gap="sm" mb="md">
        <div>
          <Title order={1} fz={{ base: 26, sm: 36 }} lh={1.15}>
            {title}
          </Title>
          <Text c="dimmed" mt={4} data-testid="listing-count">
            {countLabel(page.count, WORDS.product)}
          </Text>
          {intro}
        </div>
        <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
          <Button
            hiddenFrom="md"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} />}
            onClick={() => {
              setDraft(state.filters);
              drawer.open();
            }}
          >
            Фильтры{filterCount ? ` · ${filterCount}` : ''}
          </Button>
          <NativeSelect
            aria-label="Сортировка"
            data={sortOptions}
            value={state.sort}
            onChange={(e) => go({ sort: e.currentTarget.value })}
            w={{ base: 'auto', sm: 210 }}
            style={{ flex: '1 1 auto' }}
          />
        </Group>
      </Group>

      {pills.length > 0 && (
        <Group gap={6} mb="md">
          {pills.map((p) => (
            <Pill
              key={`${p.key}:${p.value}`}
              withRemoveButton
              removeButtonProps={{ 'aria-label': `Убрать фильтр ${p.label}` }}
              onRemove={() => go({ [p.key]: p.next })}
            >
              {p.label}
            </Pill>
          ))}
          <Button variant="subtle" size="compact-sm" onClick={resetAll}>
            Сбросить всё
          </Button>
        </Group>
      )}

      <div style={{ display: 'flex', gap: 32, alignItems: 'flex-start' }}>
        <Box
          component="aside"
          visibleFrom="md"
          w={248}
          style={{ flexShrink: 0, position: 'sticky', top: 88 }}
          aria-label="Фильтры"
        >
          <FilterPanel {...panelProps} values={state.filters} onChange={(k, v) => go({ [k]: v })} />
        </Box>
        <div style={{ flex: 1, minWidth: 0 }}>
          {loading ? (
            <ProductGridSkeleton count={8} narrow />
          ) : page.results.length === 0 ? (
            <EmptyState
              title="Ничего не нашлось"
              text={emptyListingText({ filters: filterCount, search: Boolean(withRelevance) })}
              action={
                filterCount ? (
                  <Button onClick={resetAll}>Сбросить фильтры</Button>
                ) : (
                  <Button component={Link} to="/" prefetch="intent">
                    На главную
                  </Button>
                )
              }
            />
          ) : (
            <ProductGrid products={page.results} narrow />
          )}
          {totalPages > 1 && !loading && (
            <Group justify="center" mt={40}>
              <Pagination
                total={totalPages}
                value={Math.min(state.page, totalPages)}
                siblings={1}
                boundaries={1}
                aria-label="Страницы"
                getItemProps={(n) => ({
                  component: Link,
                  to: { search: withChanges(params, { page: n }) },
                  'aria-label': `Страница ${n}`,
                })}
                getControlProps={(control) => {
                  const target = { first: 1, previous: state.page - 1, next: state.page + 1, last: totalPages }[
                    control
                  ];
                  const label = {
                    first: 'Первая страница',
                    previous: 'Предыдущая страница',
                    next: 'Следующая страница',
                    last: 'Последняя страница',
                  }[control];
                  return target >= 1 && target <= totalPages
                    ? { component: Link, to: { search: withChanges(params, { page: target }) }, 'aria-label': label }
                    : { 'aria-label': label };
                }}
              />
            </Group>
          )}
        </div>
      </div>

      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        position="bottom"
        size="88%"
        title="Фильтры"
        radius="md"
        styles={{ title: { fontWeight: 700, fontSize: 18 }, body: { paddingBottom: 96 } }}
      >
        <FilterPanel
          {...panelProps}
          values={draft}
          onChange={(k, v) => setDraft((d) => ({ ...d, [k]: v ?? undefined }))}
        />
        <Group
          gap="sm"
          p="md"
          style={{
            position: 'fixed',
            zIndex: 10,
            left: 0,
            right: 0,
            bottom: 0,
            background: '#fff',
            borderTop: '1px solid var(--vt-line)',
          }}
        >
          <Button variant="default" onClick={() => setDraft({})} style={{ flex: 1 }}>
            Сбросить
          </Button>
          <Button
            style={{ flex: 2 }}
            onClick={() => {
              drawer.close();
              go(Object.fromEntries(FILTER_KEYS.map((k) => [k, draft[k] ?? null])));
            }}
          >
            Показать
          </Button>
        </Group>
      </Drawer>
    </div>
  );
}

/** Removable pills for the active filters. `next` is the param value after removing this one. */
function activePills(filters: FilterValues, data: ListingData, hide: ListingPageProps['hide'] = {}) {
  const out: { key: FilterKey; value: string; label: string; next: string | null }[] = [];
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
      if (key === 'size') label = `Размер ${v}`;
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
