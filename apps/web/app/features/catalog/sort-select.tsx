/**
 * The listing's sort select: a native `<select>` drawn like Mantine's `<NativeSelect size="sm">` by a CSS module on
 * Mantine's public CSS variables (sort-select.module.css), without NativeSelect's code — keeps catalog pages'
 * JavaScript small (e2e/site/js-budget.test.ts). Stepping through the options with the arrow keys only shows them; the
 * sort applies on Enter or when the focus leaves (Escape goes back), not on every ↓ — each would load the listing
 * anew. A choice in the opened list (mouse, touch, the phone's picker) applies at once.
 */
import { useRef, useState } from 'react';
import classes from './sort-select.module.css';

/** Keys that change a closed `<select>`'s value in Chrome and Firefox on Windows and Linux, one option a press. */
const STEP_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';

export interface SortSelectProps {
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

/** The up-and-down chevron Mantine's selects draw (also the filter panel's category select). */
export function Chevron() {
  return (
    <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden>
      <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
    </svg>
  );
}

/** «Сортировка»: a native `<select>`, full width on phones, 210 px from `sm` up. */
export function SortSelect({ options, value, onChange }: SortSelectProps) {
  // The option shown while stepping with the keys (null: none pending, the select shows `value`).
  const [pending, setPending] = useState<string | null>(null);
  const stepping = useRef(false);
  const apply = () => {
    if (pending !== null && pending !== value) onChange(pending);
    setPending(null);
  };
  return (
    <div className={classes.root}>
      <select
        className={`mantine-focus-auto ${classes.select}`}
        aria-label="Сортировка"
        value={pending ?? value}
        onKeyDown={(e) => {
          if (STEP_KEYS.has(e.key) && !e.altKey) {
            // The change this key makes is dispatched before the timer: it is a step, not a choice.
            stepping.current = true;
            setTimeout(() => (stepping.current = false));
          } else if (e.key === 'Enter') apply();
          else if (e.key === 'Escape') setPending(null);
        }}
        onBlur={apply}
        onChange={(e) => {
          if (stepping.current) setPending(e.currentTarget.value);
          else {
            setPending(null);
            onChange(e.currentTarget.value);
          }
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <div className={classes.chevron}>
        <Chevron />
      </div>
    </div>
  );
}
