/**
 * The listing filters' price range «от» / «до» in whole rubles (filter-panel.tsx): plain text fields drawn like
 * Mantine's TextInput by CSS modules on Mantine's public CSS variables (decision 0105), and «Применить» in the
 * sidebar.
 */
import { useEffect, useState } from 'react';
import { LightButton } from '../../shared/ui/light-button';
import type { FilterKey } from './catalog-params';
import classes from './filter-panel.module.css';

/** The price range's fields: the filter each sets and its label. */
const PRICE_FIELDS = [
  ['price_min', 'от'],
  ['price_max', 'до'],
] as const satisfies readonly (readonly [FilterKey, string])[];

/** The price fields' ruble sign (dimmed, on the right). */
const RUBLE = <span className={classes.ruble}>₽</span>;

/** How much ↑ / ↓ in a price field adds or takes, rubles. */
const PRICE_STEP = 500;

/** A price as the field shows it: whole rubles in groups of three («12 990»), as typed when not a number. */
function priceText(v: string): string {
  const digits = v.replace(/\s/g, '');
  return /^\d+$/.test(digits) ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : v;
}

/** How long typing in a price field pauses before the price applies, ms. */
export const PRICE_PAUSE_MS = 800;

/** A price field's text as the filter's value: whole rubles, `null` when empty or not a number. */
function priceValue(v: string): string | null {
  const n = Number(v.replace(/\s/g, ''));
  return v.trim() === '' || !Number.isFinite(n) ? null : String(Math.max(0, Math.floor(n)));
}

/**
 * The price range «от» / «до»: applies after a pause in typing ({@link PRICE_PAUSE_MS}), on Enter, on leaving a
 * field or with «Применить» (not on every keystroke: each change loads a page).
 */
export function PriceRange({
  values,
  onChange,
  id,
  withApply,
}: {
  values: Partial<Record<FilterKey, string>>;
  onChange: (key: FilterKey, value: string | null) => void;
  id: string;
  withApply: boolean;
}) {
  const { price_min: min, price_max: max } = values;
  const [local, setLocal] = useState<Record<'price_min' | 'price_max', string>>({
    price_min: priceText(min ?? ''),
    price_max: priceText(max ?? ''),
  });
  useEffect(() => setLocal({ price_min: priceText(min ?? ''), price_max: priceText(max ?? '') }), [min, max]);
  const changed = PRICE_FIELDS.filter(([key]) => priceValue(local[key]) !== (values[key] ?? null));
  const commit = () => {
    for (const [key] of changed) onChange(key, priceValue(local[key]));
  };
  const pending = changed.length > 0;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(commit, PRICE_PAUSE_MS);
    return () => clearTimeout(timer);
    // Restarted by every keystroke (`local`), not by a new `commit` of each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [local, pending]);
  return (
    <>
      <div className={classes.prices}>
        {PRICE_FIELDS.map(([key, label]) => (
          <div key={key} className={classes.price}>
            <input
              id={`${id}${key}`}
              className={classes.priceInput}
              type="text"
              aria-label={label}
              placeholder={label}
              inputMode="numeric"
              autoComplete="off"
              value={local[key]}
              // Digits only (and the groups' spaces), as in a number field.
              onChange={(e) => {
                const v = e.currentTarget.value.replace(/[^\d\s]/g, '');
                setLocal((l) => ({ ...l, [key]: v }));
              }}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commit();
                else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                  e.preventDefault();
                  const n = Number(priceValue(local[key]) ?? 0) + (e.key === 'ArrowUp' ? PRICE_STEP : -PRICE_STEP);
                  setLocal((l) => ({ ...l, [key]: priceText(String(Math.max(0, n))) }));
                }
              }}
            />
            {RUBLE}
          </div>
        ))}
      </div>
      {withApply && (
        <LightButton variant="default" size="xs" onClick={commit} disabled={!pending} className={classes.apply}>
          Применить
        </LightButton>
      )}
    </>
  );
}
