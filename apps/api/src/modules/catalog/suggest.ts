/**
 * `GET /v1/public/search/suggest/?q=` (issue «The shop runs»: the header search box with suggestions;
 * architecture §3): brands, categories and listings for what has been typed so far, typos and Cyrillic
 * brand names included. Word likeness: similarity.ts; the dictionaries: search-dictionaries.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Suggest } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { photoImage } from './cards.js';
import { loadCategories, type CategoryRow } from './categories.js';
import { SEARCH_MAX_LENGTH } from './search.js';
import { brandDictionary, catalogVocabulary, type BrandEntry } from './search-dictionaries.js';
import { expandWords } from './search-words.js';
import { normalize, similarity } from './similarity.js';

/** Most suggestions of each kind. */
const SUGGEST_BRANDS = 5;
const SUGGEST_CATEGORIES = 5;
const SUGGEST_PRODUCTS = 6;
const SUGGEST_CANDIDATES = 400;

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
function brandSuggestions(q: string, brands: BrandEntry[]): Suggest['brands'] {
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
function categorySuggestions(q: string, cats: CategoryRow[]): Suggest['categories'] {
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
 * Up to {@link SUGGEST_PRODUCTS} active listings: full text with the last word as a prefix («кросс» →
 * «Кроссовки»), catalog-word forms for the others; then trigram similarity to the title. Words are
 * letters/digits only (normalize()), so `word:*` cannot carry tsquery syntax. Prices in rubles.
 */
async function listingSuggestions(db: Db, q: string): Promise<Suggest['products']> {
  const words = q.split(' ').slice(0, 8);
  const expansions = expandWords(words, await catalogVocabulary(db));
  const perWord = words.map((w, i) => {
    const base =
      i === words.length - 1 ? sql`to_tsquery('russian', ${`${w}:*`})` : sql`plainto_tsquery('russian', ${w})`;
    const alt = expansions.get(w);
    return alt ? sql`(${base} || plainto_tsquery('russian', ${alt}))` : base;
  });
  const last = words[words.length - 1]!;
  let rows = await candidates(
    db,
    sql`p.search_vector @@ (${sql.join(perWord, sql` && `)})`,
    sql`(lower(p.title) like ${`%${last}%`}) desc, p.view_count desc, p.id desc`,
  );
  if (!rows.length && q.length >= 3) {
    rows = await candidates(
      db,
      sql`${q} <% p.title`,
      sql`word_similarity(${q}, p.title) desc, p.view_count desc, p.id desc`,
    );
  }
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    price: toRubles(r.min_price),
    photo: r.key ? photoImage({ key: r.key, width: r.width ?? 0, height: r.height ?? 0 }) : null,
  }));
}

/** A suggested listing's row (price in kopecks, first photo). */
type CandidateRow = {
  slug: string;
  title: string;
  min_price: number;
  key: string | null;
  width: number | null;
  height: number | null;
};

/**
 * At most {@link SUGGEST_CANDIDATES} active matches of `where` are read from the heap (a short prefix like
 * «кро» matches thousands); the best {@link SUGGEST_PRODUCTS} of them by `order` are kept.
 */
function candidates(db: Db, where: SQL, order: SQL): Promise<CandidateRow[]> {
  return queryRows<CandidateRow>(
    db,
    sql`select p.slug, p.title, p.min_price, ph.key, ph.width, ph.height
          from (select p.id, p.slug, p.title, p.min_price, p.view_count from products p
                where p.status = 'active' and ${where} limit ${SUGGEST_CANDIDATES}) p
          left join lateral (select key, width, height from product_photos pp where pp.product_id = p.id order by position, id limit 1) ph on true
          order by ${order} limit ${SUGGEST_PRODUCTS}`,
  );
}

/**
 * `GET /v1/public/search/suggest/?q=`: up to 5 brands (Latin, Cyrillic, alias, typos), 5 categories and
 * 6 active listings for the header search box. Shorter than 2 characters → empty lists.
 * @throws ApiError 400 for a query over 200 characters
 */
export async function suggest(db: Db, rawQ: string | undefined): Promise<Suggest> {
  const q = normalize(rawQ ?? '');
  if ((rawQ ?? '').length > SEARCH_MAX_LENGTH) throw badRequest({ q: [`Не больше ${SEARCH_MAX_LENGTH} символов.`] });
  if (q.length < 2) return { brands: [], categories: [], products: [] };
  const [brands, cats] = await Promise.all([brandDictionary(db), loadCategories(db)]);
  return {
    brands: brandSuggestions(q, brands),
    categories: categorySuggestions(q, cats),
    products: await listingSuggestions(db, q),
  };
}
