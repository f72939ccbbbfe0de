/**
 * `GET /v1/public/search/suggest/?q=` (issue «The shop runs»: the header search box with suggestions;
 * architecture §3): brands, categories and listings for what has been typed so far, typos and Cyrillic
 * brand names included. Word likeness: similarity.ts; the dictionaries: search-dictionaries.ts.
 */
import type { Suggest } from '@vitrina/contract/catalog';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { fromLatinLayout, looksLikeWrongLayout } from '../../lib/keyboard-layout.js';
import { cardOf } from './cards.js';
import { loadCategories, type CategoryRow } from './categories.js';
import { findMatches, SEARCH_MAX_LENGTH } from './search.js';
import { brandDictionary, type BrandEntry } from './search-dictionaries.js';
import { normalize, similarity } from './similarity.js';

/** Most suggestions of each kind. */
const SUGGEST_BRANDS = 5;
const SUGGEST_CATEGORIES = 5;
const SUGGEST_PRODUCTS = 6;

/** How well a normalised query names something (prefix > word prefix > inside > typo). */
function matchScore(q: string, keys: string[]): number {
  let best = 0;
  for (const k of keys) {
    if (k === q) best = Math.max(best, 4);
    else if (k.startsWith(q)) best = Math.max(best, 3);
    else if (k.split(' ').some((w) => w.startsWith(q))) best = Math.max(best, 2.5);
    else if (q.length >= 3 && k.includes(q)) best = Math.max(best, 2);
    else if (q.length >= 4) {
      const s = Math.max(similarity(q, k), ...k.split(' ').map((w) => similarity(q, w)));
      if (s >= 0.45) best = Math.max(best, 1 + s);
    }
  }
  return best;
}

/** Up to {@link SUGGEST_BRANDS} brands a normalised query names, best first (then popular, then A–Z). */
export function brandSuggestions(q: string, brands: BrandEntry[]): Suggest['brands'] {
  return brands
    .map((b) => ({ b, s: matchScore(q, b.keys) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || Number(b.b.popular) - Number(a.b.popular) || a.b.name.localeCompare(b.b.name))
    .slice(0, SUGGEST_BRANDS)
    .map(({ b }) => ({ id: b.id, slug: b.slug, name: b.name }));
}

/**
 * Up to {@link SUGGEST_CATEGORIES} categories named by the query or by its last word (scored a little
 * lower), best first, children before roots.
 */
export function categorySuggestions(q: string, cats: CategoryRow[]): Suggest['categories'] {
  const lastWord = q.split(' ').at(-1)!;
  return cats
    .map((c) => ({
      c,
      s: Math.max(
        matchScore(q, [normalize(c.name)]),
        lastWord !== q ? matchScore(lastWord, [normalize(c.name)]) * 0.9 : 0,
      ),
    }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || Number(a.c.parent_id == null) - Number(b.c.parent_id == null) || a.c.id - b.c.id)
    .slice(0, SUGGEST_CATEGORIES)
    .map(({ c }) => ({ id: c.id, name: c.name, type: c.type }));
}

/**
 * Up to {@link SUGGEST_PRODUCTS} active listings: the first ones of the search page for the same text —
 * the same function (search.ts `findMatches`: word forms, catalog look-alikes, brands, sizes, typos) and the
 * same order (relevance), so every listing suggested is among the results the search page shows. Prices in
 * rubles.
 */
async function listingSuggestions(db: Db, rawQ: string): Promise<Suggest['products']> {
  const found = await findMatches(db, { q: rawQ, page: 1, page_size: SUGGEST_PRODUCTS });
  return found.rows.map(cardOf).map((c) => ({ slug: c.slug, title: c.title, price: c.price, photo: c.photo }));
}

/**
 * `GET /v1/public/search/suggest/?q=`: up to 5 brands (Latin, Cyrillic, alias, typos), 5 categories and
 * 6 active listings for the header search box; Russian typed on the Latin layout is read as Russian. Shorter than 2 characters → empty lists.
 * @throws ApiError 400 for a query over 200 characters
 */
export async function suggest(db: Db, rawQ: string | undefined): Promise<Suggest> {
  const q = normalize(rawQ ?? '');
  if ((rawQ ?? '').length > SEARCH_MAX_LENGTH) throw badRequest({ q: [`Не больше ${SEARCH_MAX_LENGTH} символов.`] });
  if (q.length < 2) return { brands: [], categories: [], products: [] };
  const [brands, cats] = await Promise.all([brandDictionary(db), loadCategories(db)]);
  const named = (text: string) => ({
    brands: brandSuggestions(text, brands),
    categories: categorySuggestions(text, cats),
  });
  let found = named(q);
  // Russian typed on the Latin layout («rhjcc» → «кросс»): read on the Russian one when it looks so or names nothing.
  const swapped = fromLatinLayout(q);
  if (swapped && (looksLikeWrongLayout(q) || (!found.brands.length && !found.categories.length))) {
    const alt = named(swapped);
    if (alt.brands.length || alt.categories.length) found = alt;
  }
  return { ...found, products: await listingSuggestions(db, rawQ!) };
}
