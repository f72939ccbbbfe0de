/**
 * Listing filters: category, brand, size, price range, condition, colour. The same panel sits in the
 * desktop sidebar (each change updates the URL at once) and in the phone bottom drawer (changes are
 * collected and applied with «Показать»). Sizes, conditions and colours offer only the values the page's
 * listings have, each with how many listings it leaves (`/v1/public/facets/`), so no choice leads to an
 * empty page.
 */
import {
  Checkbox,
  Chip,
  ColorSwatch,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { Facets } from '@vitrina/contract/catalog';
import type { Chars } from './load-listing';
import { splitList, type FilterKey } from './catalog-params';

export type FilterValues = Partial<Record<FilterKey, string>>;

export interface FilterPanelProps {
  values: FilterValues;
  onChange: (key: FilterKey, value: string | null) => void;
  chars: Chars;
  /** The values on offer with their counts; null: counts unknown (no sizes, every condition and colour). */
  facets: Facets | null;
  /** Restrict categories to one catalog type. */
  type?: string;
  /** Filters the page fixes itself (the brand page hides «Бренд»). */
  hide?: Partial<Record<FilterKey, boolean>>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8} component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} fz="sm" mb={8} p={0}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Price field that commits on blur or Enter (not on every keystroke). */
function PriceField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  onCommit: (v: string | null) => void;
}) {
  const [local, setLocal] = useState<string | number>(value ?? '');
  useEffect(() => setLocal(value ?? ''), [value]);
  const commit = () => {
    const n = typeof local === 'number' ? local : Number(String(local).replace(/\s/g, ''));
    const next = local === '' || !Number.isFinite(n) ? null : String(Math.max(0, Math.floor(n)));
    if (next !== (value ?? null)) onCommit(next);
  };
  return (
    <NumberInput
      aria-label={label}
      placeholder={label}
      value={local}
      onChange={setLocal}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      min={0}
      step={500}
      thousandSeparator=" "
      hideControls
      rightSection={
        <Text fz="sm" c="dimmed">
          ₽
        </Text>
      }
      style={{ flex: 1 }}
    />
  );
}

/** A value's count beside its label (dimmed). */
function Count({ n }: { n: number }) {
  return (
    <Text span c="dimmed" fz="xs">
      {n}
    </Text>
  );
}

/** The size chips, under their grid's name when the page's sizes come from more than one grid. */
function SizeChips({
  sizes,
  value,
  onChange,
}: {
  sizes: Facets['sizes'];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const groups = [...new Set(sizes.map((s) => s.group))];
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Stack gap={10}>
        {groups.map((g) => (
          <Stack key={g} gap={6}>
            {groups.length > 1 && (
              <Text fz="xs" c="dimmed">
                {g}
              </Text>
            )}
            <Group gap={6}>
              {sizes
                .filter((s) => s.group === g)
                .map((s) => (
                  <Chip key={s.value} value={s.value} size="xs" radius="sm" variant="outline">
                    {s.value} <Count n={s.count} />
                  </Chip>
                ))}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Chip.Group>
  );
}

export function FilterPanel({ values, onChange, chars, facets, type, hide = {} }: FilterPanelProps) {
  const toggleList = (key: FilterKey, list: string[]) => onChange(key, list.length ? list.join(',') : null);
  const countOf = (list: { value: string; count: number }[] | undefined, v: string) =>
    list ? list.find((x) => x.value === v)?.count : undefined;
  const conditions = chars.conditions.filter((c) => !facets || countOf(facets.conditions, c.value) !== undefined);
  const colors = chars.colors.filter((c) => !facets || countOf(facets.colors, c.value) !== undefined);

  const cats = chars.categories.filter((c) => !type || c.type === type);
  const typeLabel = (t: string) => chars.types.find((x) => x.value === t)?.label ?? t;
  const parents = cats.filter((c) => c.parent === null);
  const categoryData = parents.map((p) => ({
    group: type ? p.name : `${typeLabel(p.type)} · ${p.name}`,
    items: [
      { value: String(p.id), label: `${p.name}: все` },
      ...cats.filter((c) => c.parent === p.id).map((c) => ({ value: String(c.id), label: c.name })),
    ],
  }));

  return (
    <Stack gap="lg">
      {!hide.category && categoryData.length > 0 && (
        <Section title="Категория">
          <Select
            aria-label="Категория"
            placeholder="Все категории"
            data={categoryData}
            value={values.category ?? null}
            onChange={(v) => onChange('category', v)}
            searchable
            clearable
            nothingFoundMessage="Нет такой категории"
            comboboxProps={{ withinPortal: true }}
          />
        </Section>
      )}
      {!hide.brand && chars.brands.length > 0 && (
        <Section title="Бренд">
          <MultiSelect
            aria-label="Бренд"
            placeholder={splitList(values.brand).length ? undefined : 'Все бренды'}
            data={chars.brands.map((b) => ({ value: String(b.id), label: b.name }))}
            value={splitList(values.brand)}
            onChange={(v) => toggleList('brand', v)}
            searchable
            clearable
            nothingFoundMessage="Нет такого бренда"
            comboboxProps={{ withinPortal: true }}
          />
        </Section>
      )}
      {!hide.size && facets && facets.sizes.length > 0 && (
        <Section title="Размер">
          <SizeChips sizes={facets.sizes} value={splitList(values.size)} onChange={(v) => toggleList('size', v)} />
        </Section>
      )}
      <Section title="Цена">
        <Group gap={8} wrap="nowrap">
          <PriceField label="от" value={values.price_min} onCommit={(v) => onChange('price_min', v)} />
          <PriceField label="до" value={values.price_max} onCommit={(v) => onChange('price_max', v)} />
        </Group>
      </Section>
      {conditions.length > 0 && (
        <Section title="Состояние">
          <Checkbox.Group value={splitList(values.condition)} onChange={(v) => toggleList('condition', v)}>
            <Stack gap={8}>
              {conditions.map((c) => {
                const n = countOf(facets?.conditions, c.value);
                return (
                  <Checkbox
                    key={c.value}
                    value={c.value}
                    label={
                      <>
                        {c.label} {n !== undefined && <Count n={n} />}
                      </>
                    }
                  />
                );
              })}
            </Stack>
          </Checkbox.Group>
        </Section>
      )}
      {colors.length > 0 && (
        <Section title="Цвет">
          <Group gap={8}>
            {colors.map((c) => {
              const selected = splitList(values.color);
              const on = selected.includes(c.value);
              const n = countOf(facets?.colors, c.value);
              return (
                <UnstyledButton
                  key={c.value}
                  aria-pressed={on}
                  aria-label={c.label}
                  title={n === undefined ? c.label : `${c.label}: ${n}`}
                  onClick={() =>
                    toggleList('color', on ? selected.filter((x) => x !== c.value) : [...selected, c.value])
                  }
                  style={{ borderRadius: '50%', padding: 2, border: `2px solid ${on ? '#111' : 'transparent'}` }}
                >
                  <ColorSwatch color={c.hex} size={24} style={{ boxShadow: 'inset 0 0 0 1px rgba(0,0,0,.15)' }} />
                </UnstyledButton>
              );
            })}
          </Group>
        </Section>
      )}
    </Stack>
  );
}
