/**
 * The search field with suggestions (a lazily loaded chunk of `SearchBox`): brands, categories and listings
 * from `/v1/public/search/suggest/` (debounced) in a Combobox. Enter without a chosen suggestion searches
 * the typed text.
 */
import { Combobox, Group, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Suggest } from '@vitrina/contract/catalog';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/client';
import { formatPrice } from '../../shared/lib/price';
import { SearchField } from './search-field';

const TYPE_SHORT: Record<string, string> = { women: 'женщинам', men: 'мужчинам', kids: 'детям' };

/**
 * @param value the typed text (kept by `SearchBox`, so it survives the swap from the light field)
 * @param autoFocus focus the input on mount (the light field had the focus)
 */
export default function SearchSuggest({
  value,
  onValue,
  autoFocus,
  onDone,
}: {
  value: string;
  onValue: (value: string) => void;
  autoFocus: boolean;
  onDone?: () => void;
}) {
  const navigate = useNavigate();
  const [debounced] = useDebouncedValue(value.trim(), 200);
  const [suggest, setSuggest] = useState<Suggest | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const seq = useRef(0);

  useEffect(() => {
    if (autoFocus) combobox.openDropdown();
    // Only on mount: the light field had the focus, so the dropdown opens as if it had been focused here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (debounced.length < 2) {
      setSuggest(null);
      return;
    }
    const id = ++seq.current;
    const ctrl = new AbortController();
    void api<Suggest>(`/v1/public/search/suggest/?q=${encodeURIComponent(debounced)}`, {
      auth: false,
      signal: ctrl.signal,
    }).then((r) => {
      if (id === seq.current && r.ok) setSuggest(r.data);
    });
    return () => ctrl.abort();
  }, [debounced]);

  const go = (to: string) => {
    combobox.closeDropdown();
    onDone?.();
    void navigate(to);
  };
  const submitText = () => {
    const q = value.trim();
    if (q) go(`/catalog/search?q=${encodeURIComponent(q)}`);
  };

  const options: { value: string; node: ReactNode }[] = [];
  for (const b of suggest?.brands ?? [])
    options.push({
      value: `/catalog/brand/${b.slug}`,
      node: (
        <Text fz="sm" fw={600}>
          {b.name}{' '}
          <Text span c="dimmed" fz="xs">
            бренд
          </Text>
        </Text>
      ),
    });
  for (const c of suggest?.categories ?? [])
    options.push({
      value: `/catalog/${c.type}?category=${c.id}`,
      node: (
        <Text fz="sm">
          {c.name}{' '}
          <Text span c="dimmed" fz="xs">
            {TYPE_SHORT[c.type] ?? ''}
          </Text>
        </Text>
      ),
    });
  for (const p of suggest?.products ?? [])
    options.push({
      value: `/product/${p.slug}`,
      node: (
        <Group gap={10} wrap="nowrap">
          {p.photo ? (
            <img
              src={p.photo.url_small}
              alt=""
              width={32}
              height={40}
              style={{ objectFit: 'cover', borderRadius: 4, background: 'var(--vt-mist)' }}
            />
          ) : null}
          <Text fz="sm" lineClamp={1} style={{ flex: 1 }}>
            {p.title}
          </Text>
          <Text fz="sm" className="vt-price">
            {formatPrice(p.price)}
          </Text>
        </Group>
      ),
    });

  return (
    <Combobox store={combobox} onOptionSubmit={(v) => go(v)} withinPortal={false} zIndex={300}>
      <Combobox.Target>
        <SearchField
          value={value}
          autoFocus={autoFocus}
          onValue={(v) => {
            onValue(v);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onInputFocus={() => combobox.openDropdown()}
          onInputBlur={() => combobox.closeDropdown()}
          onSubmit={(e) => {
            e.preventDefault();
            if (combobox.getSelectedOptionIndex() < 0) submitText();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0 || value.trim().length < 2}>
        <Combobox.Options>
          {options.map((o) => (
            <Combobox.Option value={o.value} key={o.value}>
              {o.node}
            </Combobox.Option>
          ))}
          <Combobox.Option value={`/catalog/search?q=${encodeURIComponent(value.trim())}`}>
            <Text fz="sm">Искать «{value.trim()}»</Text>
          </Combobox.Option>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
