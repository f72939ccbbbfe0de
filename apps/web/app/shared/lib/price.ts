/**
 * Money on the web (architecture §3): rubles as numbers, shown `12 990 ₽` (as Intl ru-RU writes RUB, no kopecks
 * for whole rubles). Spec §3: a price may arrive as a string with spaces («12 990»).
 */
import { fixedDigits, NBSP } from './number-text';
import { remembered } from './remembered';

/**
 * Formats rubles: `formatPrice(12990)` → `'12 990 ₽'`, `formatPrice(99.5)` → `'99,50 ₽'` — what
 * `Intl.NumberFormat('ru-RU', {style: 'currency', currency: 'RUB'})` writes with 0 or 2 decimals, its spaces all
 * ordinary no-break spaces (U+00A0) for a stable look, written by number-text.ts without a formatter at the page's
 * start (decision 0180). Answers are remembered (shared/lib/remembered.ts): a page formats mostly the same prices.
 */
export const formatPrice: (rubles: number | string) => string = remembered((rubles: number | string) => {
  const n = parsePrice(rubles);
  if (!Number.isFinite(n)) return '—';
  return `${fixedDigits(n, Math.round(n * 100) % 100 === 0 ? 0 : 2)}${NBSP}₽`;
});

/**
 * Parses a price: numbers pass through; strings lose spaces (any kind), «₽» and «руб», and a decimal
 * comma becomes a dot. `parsePrice('12 990')` → 12990; `parsePrice('1 299,50 ₽')` → 1299.5; junk → NaN.
 */
export function parsePrice(value: number | string | null | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const s = value
    .replace(/[\s\u00a0\u202f\u2009]/g, '')
    .replace(/₽|руб\.?|р\.$/gi, '')
    .replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return NaN;
  return Number(s);
}
