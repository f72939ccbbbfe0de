/**
 * The sell form's «Бренд» (issue 39 «Selling»): a brand of the list, «Без бренда», or the seller's own brand as
 * typed («Самошвей», «Глория»). The list is searched by its names as typed here and by the spellings search
 * understands — Cyrillic, aliases, typos, the Latin layout — which the API matches (`GET /v1/public/search/brands/`),
 * so «левайс» offers Levi's.
 */
import { Group, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { matchBrands } from './api';
import { LabelledSelect } from './labelled-select';
import { NO_BRAND, typedBrand, typedBrandOf } from './sell-values';

/** Pause in typing before the API is asked, ms. */
const MATCH_DELAY_MS = 250;

const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/['’`]/g, '').trim();

/**
 * @param brands the listed brands (`GET /v1/product/chars/`)
 * @param value the choice: a brand id, {@link NO_BRAND} or {@link typedBrand}
 */
export function BrandField({
  brands,
  value,
  onChange,
  error,
  disabled,
}: {
  brands: { id: number; name: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  disabled: boolean;
}) {
  const typedNow = typedBrandOf(value);
  const [search, setSearch] = useState('');
  const [matched, setMatched] = useState<{ q: string; ids: Set<string> }>({ q: '', ids: new Set() });

  // The spellings search knows, asked after a pause in typing.
  useEffect(() => {
    const q = search.trim();
    if (q.length < 2) return;
    const timer = setTimeout(() => {
      void matchBrands(q).then((r) => {
        if (r.ok) setMatched({ q, ids: new Set(r.data.results.map((b) => String(b.id))) });
      });
    }, MATCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const listed = useMemo(() => brands.map((b) => ({ value: String(b.id), label: b.name })), [brands]);
  const q = search.trim();
  const exact = listed.some((b) => norm(b.label) === norm(q));
  const own = q && !exact ? q : typedNow;
  const data: ComboboxItem[] = [
    ...listed,
    { value: NO_BRAND, label: 'Без бренда' },
    ...(own ? [{ value: typedBrand(own), label: own }] : []),
  ];

  const filter: OptionsFilter = ({ options, search: s, limit }) => {
    const n = norm(s);
    const items = options as ComboboxItem[];
    const hits = items.filter(
      (o) =>
        o.value === NO_BRAND ||
        typedBrandOf(o.value) !== null ||
        !n ||
        norm(o.label).includes(n) ||
        (matched.q === s.trim() && matched.ids.has(o.value)),
    );
    const brandsFirst = hits.filter((o) => o.value !== NO_BRAND && typedBrandOf(o.value) === null).slice(0, limit);
    return [...brandsFirst, ...hits.filter((o) => o.value === NO_BRAND || typedBrandOf(o.value) !== null)];
  };

  return (
    <LabelledSelect
      label="Бренд"
      placeholder="Начните вводить название"
      description="Нет в списке — впишите как есть или выберите «Без бренда»"
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      renderOption={({ option }) =>
        typedBrandOf(option.value) !== null ? (
          <Group gap={6} wrap="nowrap">
            <Text fz="sm">«{option.label}»</Text>
            <Text fz="xs" c="dimmed">
              нет в списке — указать так
            </Text>
          </Group>
        ) : (
          option.label
        )
      }
      error={error}
      searchable
      clearable
      limit={60}
      required
      withAsterisk={false}
      disabled={disabled}
    />
  );
}
