/**
 * Listing filters: category, brand, size, price range, condition, colour. The same panel sits in the
 * desktop sidebar (each change updates the URL at once) and in the phone bottom drawer (changes are
 * collected and applied with «Показать»). Brands, sizes, conditions and colours offer only the values the page's
 * listings have, each with how many listings it leaves (`/v1/public/facets/`), so no choice leads to an
 * empty page.
 *
 * The brand is a searchable list of checkboxes (brand-filter.tsx, decision 0170). The category (a native
 * `<select>`: the phone shows it in its own picker, the keyboard picks a category by its first letters), the price range
 * (two text fields for whole rubles) and «Применить» are plain elements drawn like Mantine's NativeSelect, TextInput and
 * Button by CSS modules on Mantine's public CSS variables (sort-select.module.css, filter-panel.module.css,
 * shared/ui/light-button): every catalog page renders the sidebar on the server, and each Mantine field costs its `Box`
 * style-prop parsing and a few wrappers there (docs/performance.md, decision 0105). The same elements on the server and
 * in the browser.
 */
import { IconCheck } from '@tabler/icons-react';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { Chevron } from './sort-select';
import { BrandFilter } from './brand-filter';
import { CheckRow, Count } from './check-row';
import { PriceRange } from './price-range';
import type { Facets } from '@vitrina/contract/catalog';
import type { Chars } from './load-listing';
import { splitList, type FilterKey } from './catalog-params';
import classes from './filter-panel.module.css';
import selectClasses from './sort-select.module.css';

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
  /** The phone's drawer: the price applies with the drawer's «Показать», without a «Применить» of its own. */
  native?: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={classes.section}>
      <legend className={classes.legend}>{title}</legend>
      {children}
    </fieldset>
  );
}

/** The category field's label (for assistive technology) and its option for «no category». */
const CATEGORY = { label: 'Категория', all: 'Все категории' };

/** A list's values toggled in and out: the new list. */
const toggled = (list: string[], value: string, on: boolean) =>
  on ? [...list, value] : list.filter((v) => v !== value);

/** The size chips (checkboxes drawn as chips), under their grid's name when the page's sizes come from more than one grid. */
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
    <div className={classes.sizeGroups}>
      {groups.map((g) => (
        <div key={g} className={classes.sizeGroup}>
          {groups.length > 1 && <div className={classes.groupName}>{g}</div>}
          <div className={classes.chips}>
            {sizes
              .filter((s) => s.group === g)
              .map((s) => {
                const on = value.includes(s.value);
                return (
                  <label key={s.value} className={classes.chip} data-checked={on || undefined}>
                    <input
                      type="checkbox"
                      className={classes.hiddenInput}
                      value={s.value}
                      checked={on}
                      onChange={(e) => onChange(toggled(value, s.value, e.currentTarget.checked))}
                    />
                    {on && <IconCheck className={classes.check} stroke={3} aria-hidden />}
                    {`${s.value} `}
                    <Count n={s.count} />
                  </label>
                );
              })}
          </div>
        </div>
      ))}
    </div>
  );
}

export function FilterPanel({ values, onChange, chars, facets, type, hide = {}, native }: FilterPanelProps) {
  const ids = useId();
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
    <div className={classes.panel}>
      {!hide.category && categoryData.length > 0 && (
        <Section title="Категория">
          <div className={selectClasses.field}>
            <select
              id={`${ids}c`}
              className={`mantine-focus-auto ${selectClasses.select}`}
              aria-label={CATEGORY.label}
              value={values.category ?? ''}
              onChange={(e) => onChange('category', e.currentTarget.value || null)}
            >
              <option value="">{CATEGORY.all}</option>
              {categoryData.map((g) => (
                <optgroup key={g.group} label={g.group}>
                  {g.items.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <div className={selectClasses.chevron}>
              <Chevron />
            </div>
          </div>
        </Section>
      )}
      {!hide.brand && chars.brands.length > 0 && (!facets || facets.brands.length > 0) && (
        <Section title="Бренд">
          <BrandFilter
            brands={chars.brands}
            facet={facets?.brands}
            value={splitList(values.brand)}
            onChange={(v) => toggleList('brand', v)}
          />
        </Section>
      )}
      {!hide.size && facets && facets.sizes.length > 0 && (
        <Section title="Размер">
          <SizeChips sizes={facets.sizes} value={splitList(values.size)} onChange={(v) => toggleList('size', v)} />
        </Section>
      )}
      <Section title="Цена">
        <PriceRange values={values} onChange={onChange} id={ids} withApply={!native} />
      </Section>
      {conditions.length > 0 && (
        <Section title="Состояние">
          {conditions.map((c) => {
            const chosen = splitList(values.condition);
            return (
              <CheckRow
                key={c.value}
                value={c.value}
                label={c.label}
                count={countOf(facets?.conditions, c.value)}
                checked={chosen.includes(c.value)}
                onChange={(on) => toggleList('condition', toggled(chosen, c.value, on))}
              />
            );
          })}
        </Section>
      )}
      {colors.length > 0 && (
        <Section title="Цвет">
          <div className={classes.swatches}>
            {colors.map((c) => {
              const selected = splitList(values.color);
              const on = selected.includes(c.value);
              const n = countOf(facets?.colors, c.value);
              return (
                <button
                  key={c.value}
                  type="button"
                  className={classes.swatch}
                  aria-pressed={on}
                  aria-label={c.label}
                  title={n === undefined ? c.label : `${c.label}: ${n}`}
                  onClick={() => toggleList('color', toggled(selected, c.value, !on))}
                  style={{ '--swatch': c.hex } as CSSProperties}
                />
              );
            })}
          </div>
        </Section>
      )}
    </div>
  );
}
