/**
 * Brands named by what a seller typed in the sell form's «Бренд» field (issue 39 «Selling»): the same spellings
 * search understands — the Latin and Cyrillic names, aliases and typos, Russian typed on the Latin layout —
 * so «левайс» offers and is filed under Levi's, and a brand not in the list stays the seller's own text.
 */
import type { Suggest } from '@vitrina/contract/catalog';
import type { Db, Tx } from '../../db/client.js';
import { fromLatinLayout } from '../../lib/keyboard-layout.js';
import { brandDictionary, loadBrandDictionary } from './search-dictionaries.js';
import { normalize } from './similarity.js';
import { brandSuggestions } from './suggest.js';

/**
 * The listed brand a typed name spells exactly (any spelling search knows, spaces ignored, or the same typed on
 * the Latin layout), or null for a brand not in the list.
 * @param db the database or the transaction the listing is written in
 */
export async function listedBrandOf(db: Db | Tx, typed: string): Promise<number | null> {
  const q = normalize(typed);
  if (!q) return null;
  const brands = await loadBrandDictionary(db);
  const spells = (text: string) =>
    brands.find((b) => b.keys.includes(text) || b.keys.includes(text.replace(/ /g, '')))?.id ?? null;
  const swapped = fromLatinLayout(q);
  return spells(q) ?? (swapped ? spells(swapped) : null);
}

/**
 * `GET /v1/public/brands/match/?q=`: up to 5 listed brands a typed name may mean, best first (the header
 * search box's brand suggestions, without its categories and listings); the Latin layout read as Russian when
 * the text as typed names none. Under 2 characters → none.
 */
export async function matchBrands(db: Db, typed: string): Promise<Suggest['brands']> {
  const q = normalize(typed);
  if (q.length < 2) return [];
  const brands = await brandDictionary(db);
  const found = brandSuggestions(q, brands);
  const swapped = found.length ? null : fromLatinLayout(q);
  return swapped ? brandSuggestions(swapped, brands) : found;
}
