/**
 * Counts with their words for the web: `countLabel(128, WORDS.product)` → `'128 товаров'`. The form comes from
 * the contract's `plural` (`Intl.PluralRules('ru')`, packages/contract/src/plural.ts).
 */
import { plural, type PluralForms } from '@vitrina/contract/plural';
import { fixedDigits, groupedInteger } from './number-text';
import { remembered } from './remembered';

/**
 * A count with its thousands grouped by no-break spaces, as Intl's ru-RU writes it, without a formatter at the
 * page's start (number-text.ts; remembered: pages show the same counts again).
 */
const groupedNumber = remembered(groupedInteger);

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

/** A rating with one decimal, the Russian way (as Intl's ru-RU writes it): 4.7 → «4,7»; «—» without one. */
export const formatRating = (r: number | null) => (r == null ? '—' : fixedDigits(r, 1));
