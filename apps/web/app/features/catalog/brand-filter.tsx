/**
 * The filter panel's brand filter, as large marketplaces draw it: the brands of the page's listings as checkboxes, each
 * with how many listings it leaves (`/v1/public/facets/` `brands`: the other filters applied, most listings first), the
 * chosen ones on top, then the {@link COLLAPSED} most frequent; «Показать все (N)» opens the rest in a scrolling list,
 * and «Найти бренд» narrows the list as one types, by the name as written or its Cyrillic spelling («най» finds Nike:
 * brand-index.ts `matchesBrand`).
 *
 * Native controls (a search field, checkboxes, a button) styled by CSS modules on Mantine's public CSS variables: the
 * same elements on the server and in the browser, and only the rows shown are rendered — the server renders the
 * collapsed list, never the catalog's hundreds of brands (decision 0170).
 */
import { useId, useState } from 'react';
import type { Facets } from '@vitrina/contract/catalog';
import { LineIcon } from '../../shared/ui/line-icons';
import { matchesBrand } from './brand-index';
import { CheckRow } from './check-row';
import type { Chars } from './load-listing';
import panelClasses from './filter-panel.module.css';
import classes from './brand-filter.module.css';

/** How many brands besides the chosen ones the collapsed list shows. */
export const COLLAPSED = 8;

/** A brand on offer: its id (as the URL's `brand` names it), names and, when the facets are known, its count. */
interface Offered {
  id: string;
  name: string;
  name_ru: string;
  count?: number;
}

/** The reference brands by id, per reference data object (the same on every page of a catalog type). */
const byIdOf = new WeakMap<Chars['brands'], Map<string, Chars['brands'][number]>>();

/**
 * The brands on offer, the chosen ones first: the facets' (in their order) when known, else every brand A–Z without
 * counts (the facets could not be loaded). A brand the reference data does not know yet is left out.
 */
function offered(brands: Chars['brands'], facet: Facets['brands'] | undefined, chosen: string[]): Offered[] {
  let byId = byIdOf.get(brands);
  if (!byId) byIdOf.set(brands, (byId = new Map(brands.map((b) => [String(b.id), b]))));
  const all: Offered[] = facet
    ? facet.flatMap((f) => {
        const b = byId.get(f.value);
        return b ? [{ id: f.value, name: b.name, name_ru: b.name_ru, count: f.count }] : [];
      })
    : brands.map((b) => ({ id: String(b.id), name: b.name, name_ru: b.name_ru }));
  const on = new Set(chosen);
  return [...all.filter((b) => on.has(b.id)), ...all.filter((b) => !on.has(b.id))];
}

export interface BrandFilterProps {
  /** The brands' reference data (names by id). */
  brands: Chars['brands'];
  /** The brands of the page's listings with their counts; undefined: not known (every brand, no counts). */
  facet: Facets['brands'] | undefined;
  /** The chosen brands' ids. */
  value: string[];
  onChange: (value: string[]) => void;
}

/** The brand filter: «Найти бренд», the checkboxes, «Показать все (N)» / «Свернуть». */
export function BrandFilter({ brands, facet, value, onChange }: BrandFilterProps) {
  const ids = useId();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const list = offered(brands, facet, value);
  const collapsedLength = list.filter((b) => value.includes(b.id)).length + COLLAPSED;
  // The search field stays while a choice lengthens the collapsed list (it must not vanish under the typing).
  const searchable = list.length > COLLAPSED;
  const more = list.length > collapsedLength;
  const searching = searchable && text.trim() !== '';
  const shown = searching
    ? list.filter((b) => matchesBrand(b, text))
    : expanded || !more
      ? list
      : list.slice(0, collapsedLength);
  const scrolls = searching || (expanded && more);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));

  return (
    <>
      {searchable && (
        <div className={classes.search}>
          <LineIcon name="search" size={16} />
          <input
            type="search"
            className={`${panelClasses.priceInput} ${classes.searchInput}`}
            aria-label="Найти бренд"
            placeholder="Найти бренд"
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            aria-controls={`${ids}list`}
          />
        </div>
      )}
      <div id={`${ids}list`} className={scrolls ? `${classes.list} ${classes.scrolls}` : classes.list}>
        {shown.map((b) => (
          <CheckRow
            key={b.id}
            value={b.id}
            label={b.name}
            count={b.count}
            checked={value.includes(b.id)}
            onChange={(on) => toggle(b.id, on)}
            wrap
          />
        ))}
      </div>
      <div aria-live="polite" className={classes.empty}>
        {searching && shown.length === 0 ? 'Нет такого бренда' : ''}
      </div>
      {more && !searching && (
        <button
          type="button"
          className={classes.more}
          aria-expanded={expanded}
          aria-controls={`${ids}list`}
          onClick={() => setExpanded((x) => !x)}
        >
          {expanded ? 'Свернуть' : `Показать все (${list.length})`}
        </button>
      )}
    </>
  );
}
