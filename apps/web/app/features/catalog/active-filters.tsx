/**
 * The active filters above a listing: a removable pill per value and «Сбросить всё». Each pill is one
 * real button named «Убрать фильтр: Nike», so it is reachable by keyboard (Mantine's Pill keeps its cross
 * out of the tab order). A chunk of its own: rendered on the server, hydrated when its code has arrived.
 */
import { IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { LightButton } from '../../shared/ui/light-button';
import type { FilterKey } from './catalog-params';
import classes from './active-filters.module.css';

/** One pill: `next` is the URL parameter's value once this one is removed. */
export interface ActivePill {
  key: FilterKey;
  value: string;
  label: string;
  next: string | null;
}

export interface ActiveFiltersProps {
  pills: ActivePill[];
  /** Sets URL parameters (null removes one). */
  go: (changes: Record<string, string | null>) => void;
  resetAll: () => void;
}

/** The accessible name of a pill's button. */
export const removeLabel = (label: string) => `Убрать фильтр: ${label}`;

/** The pills and «Сбросить всё» (a list labelled «Выбранные фильтры»). */
export default function ActiveFilters({ pills, go, resetAll }: ActiveFiltersProps) {
  const list = useRef<HTMLUListElement>(null);
  // A removed pill's button leaves the page with the focus on it: the focus moves on to the pill that
  // took its place (or the last one, or «Сбросить всё»), so the keyboard keeps its place in the list.
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    const i = refocus.current;
    const active = document.activeElement;
    // Still on the pill (the navigation has not finished yet): wait for the next render.
    if (i === null || (active && list.current?.contains(active))) return;
    refocus.current = null;
    const buttons = list.current?.querySelectorAll('button');
    if (buttons?.length && (!active || active === document.body)) buttons[Math.min(i, buttons.length - 1)]!.focus();
  }, [pills]);

  return (
    <ul ref={list} className={classes.list} aria-label="Выбранные фильтры">
      {pills.map((p, i) => (
        <li key={`${p.key}:${p.value}`} style={{ maxWidth: '100%' }}>
          <button
            type="button"
            className={`mantine-focus-auto ${classes.pill}`}
            aria-label={removeLabel(p.label)}
            title={removeLabel(p.label)}
            onClick={() => {
              refocus.current = i;
              go({ [p.key]: p.next });
            }}
          >
            <span className={classes.label}>{p.label}</span>
            <IconX size={14} stroke={2} className={classes.cross} aria-hidden />
          </button>
        </li>
      ))}
      <li>
        <LightButton variant="subtle" size="compact-sm" onClick={resetAll}>
          Сбросить всё
        </LightButton>
      </li>
    </ul>
  );
}
