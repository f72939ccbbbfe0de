/**
 * Counts with their words for the web: `countLabel(128, WORDS.product)` → `'128 товаров'`. The form comes from
 * the contract's `plural` (`Intl.PluralRules('ru')`, packages/contract/src/plural.ts).
 */
import { plural, type PluralForms } from '@vitrina/contract/plural';
import { remembered } from './remembered';

const grouped = new Intl.NumberFormat('ru-RU');
/** A count with its thousands grouped by no-break spaces (remembered: pages show the same counts again). */
const groupedNumber = remembered((n: number) => grouped.format(n).replace(/[\u202f\u00a0]/g, '\u00a0'));

/** `countLabel(128, ['товар','товара','товаров'])` → `'128 товаров'` (thousands grouped: «1 234 товара»). */
export function countLabel(n: number, forms: PluralForms): string {
  return `${groupedNumber(n)} ${plural(n, forms)}`;
}

/** Common word forms. */
export const WORDS = {
  product: ['товар', 'товара', 'товаров'],
  brand: ['бренд', 'бренда', 'брендов'],
  piece: ['штука', 'штуки', 'штук'],
  review: ['отзыв', 'отзыва', 'отзывов'],
} as const;

/** A rating with one decimal, the Russian way: 4.7 → «4,7»; «—» without one. */
export const formatRating = (r: number | null) =>
  r == null ? '—' : r.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
