/**
 * What search indexes besides a listing's title (architecture §1: PostgreSQL full text, `russian`, plus
 * `pg_trgm`): brand names (Latin, Cyrillic, aliases), category names, colour and condition labels and the
 * description. Stored in `products.search_text`; the generated `search_vector` = `to_tsvector('russian',
 * title || ' ' || search_text)`; trigram indexes on both catch typos. Call {@link buildSearchText}
 * whenever a listing or its brand/category changes.
 */
import { COLORS, CONDITIONS } from '@vitrina/contract/catalog';

/** What a listing's search text is built from. */
export interface SearchTextInput {
  brand?: { name: string; nameRu: string; aliases: string[] } | null;
  /** A brand not in the list as the seller typed it. */
  brandText?: string | null;
  /** Category names from the root down (e.g. «Обувь», «Кроссовки»). */
  categoryPath?: string[];
  color?: string | null;
  condition?: string | null;
  description?: string | null;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The words of a brand alias that name the brand. A multi-word alias may carry a category word
 * («конверсы кеды», «монклер пуховик»): indexed on every listing of the brand, it would make a Converse
 * hoodie match «кеды». Single-word aliases stay whole; of longer ones, words sharing their first three
 * letters with a word of the Latin or Cyrillic name, or the alias's first word, stay. (Search still
 * recognises the whole alias as the brand: see search.ts.)
 */
export function brandWordsOf(alias: string, brand: { name: string; nameRu: string }): string {
  const ws = words(alias);
  if (ws.length <= 1) return alias;
  const stems = new Set([...words(brand.name), ...words(brand.nameRu)].map((w) => w.slice(0, 3)));
  return ws.filter((w, idx) => idx === 0 || stems.has(w.slice(0, 3))).join(' ');
}

/** @returns the text for `products.search_text` */
export function buildSearchText(i: SearchTextInput): string {
  const parts: string[] = [];
  if (i.brand) parts.push(i.brand.name, i.brand.nameRu, ...i.brand.aliases.map((a) => brandWordsOf(a, i.brand!)));
  if (i.brandText) parts.push(i.brandText);
  if (i.categoryPath) parts.push(...i.categoryPath);
  const color = COLORS.find((c) => c.value === i.color);
  if (color) parts.push(color.label);
  const cond = CONDITIONS.find((c) => c.value === i.condition);
  if (cond) parts.push(cond.label);
  if (i.description) parts.push(i.description.slice(0, 2000));
  return parts.join(' ');
}
