/**
 * Money on the web (architecture §3): rubles as numbers, shown `12 990 ₽` (Intl ru-RU, RUB, no kopecks
 * for whole rubles). Spec §3: a price may arrive as a string with spaces («12 990»).
 */
import { remembered } from './remembered';

const whole = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const fractional = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats rubles: `formatPrice(12990)` → `'12 990 ₽'`, `formatPrice(99.5)` → `'99,50 ₽'`.
 * Intl's narrow no-break spaces are replaced by ordinary no-break spaces (U+00A0) for a stable look.
 * Answers are remembered (shared/lib/remembered.ts): a page formats mostly the same prices.
 */
export const formatPrice: (rubles: number | string) => string = remembered((rubles: number | string) => {
  const n = parsePrice(rubles);
  if (!Number.isFinite(n)) return '—';
  const fmt = Math.round(n * 100) % 100 === 0 ? whole : fractional;
  return fmt.format(n).replace(/[\u202f\u00a0 ]/g, '\u00a0');
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
