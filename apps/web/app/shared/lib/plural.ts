/**
 * Russian plurals via `Intl.PluralRules('ru')`: `plural(5, ['товар', 'товара', 'товаров'])` → `'товаров'`.
 * Forms: [one, few, many] (1 товар, 2 товара, 5 товаров); fractions take the «few» form (1,5 товара).
 */
import { remembered } from './remembered';

const rules = new Intl.PluralRules('ru');
const grouped = new Intl.NumberFormat('ru-RU');
/** A count with its thousands grouped by no-break spaces (remembered: pages show the same counts again). */
const groupedNumber = remembered((n: number) => grouped.format(n).replace(/[\u202f\u00a0]/g, '\u00a0'));

export function plural(n: number, forms: readonly [one: string, few: string, many: string]): string {
  switch (rules.select(n)) {
    case 'one':
      return forms[0];
    case 'few':
      return forms[1];
    case 'many':
      return forms[2];
    default:
      return forms[1];
  }
}

/** `countLabel(128, ['товар','товара','товаров'])` → `'128 товаров'` (thousands grouped: «1 234 товара»). */
export function countLabel(n: number, forms: readonly [string, string, string]): string {
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
