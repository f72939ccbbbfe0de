/**
 * `GET /v1/public/search/suggest/?q=` (issue «The shop runs»: the header search box with suggestions):
 * brands, categories and listings for what has been typed so far, typos and Cyrillic brand names
 * included. How words are understood: search-words.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Suggest } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { toRubles } from '../../lib/money.js';
import { photoImage } from './cards.js';
import { SEARCH_MAX_LENGTH } from './search.js';
import { brandDictionary, catalogVocabulary, expandWords, normalize, similarity } from './search-words.js';
import { loadCategories } from './categories.js';

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
  const brandHits = brands
    .map((b) => ({ b, s: matchScore(q, b.keys) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || Number(b.b.popular) - Number(a.b.popular) || a.b.name.localeCompare(b.b.name))
    .slice(0, SUGGEST_BRANDS)
    .map(({ b }) => ({ id: b.id, slug: b.slug, name: b.name }));

  const lastWord = q.split(' ').at(-1)!;
  const catHits = cats
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

  // Listings: full text with the last word as a prefix («кросс» → «Кроссовки»), catalog-word forms for
  // the others; then trigram similarity to the title. Words are letters/digits only (normalize()), so
  // `word:*` cannot carry tsquery syntax.
  const words = q.split(' ').slice(0, 8);
  const expansions = expandWords(words, await catalogVocabulary(db));
  const perWord = words.map((w, i) => {
    const base =
      i === words.length - 1 ? sql`to_tsquery('russian', ${`${w}:*`})` : sql`plainto_tsquery('russian', ${w})`;
    const alt = expansions.get(w);
    return alt ? sql`(${base} || plainto_tsquery('russian', ${alt}))` : base;
  });
  type Row = {
    slug: string;
    title: string;
    min_price: number;
    key: string | null;
    width: number | null;
    height: number | null;
  };
  // At most SUGGEST_CANDIDATES matches are read from the heap (a short prefix like «кро» matches
  // thousands); the best 6 of them by title match and views are shown.
  const select = (where: SQL, order: SQL) =>
    queryRows<Row>(
      db,
      sql`select p.slug, p.title, p.min_price, ph.key, ph.width, ph.height
          from (select p.id, p.slug, p.title, p.min_price, p.view_count from products p
                where p.status = 'active' and ${where} limit ${SUGGEST_CANDIDATES}) p
          left join lateral (select key, width, height from product_photos pp where pp.product_id = p.id order by position, id limit 1) ph on true
          order by ${order} limit ${SUGGEST_PRODUCTS}`,
    );
  const last = words[words.length - 1]!;
  let rows = await select(
    sql`p.search_vector @@ (${sql.join(perWord, sql` && `)})`,
    sql`(lower(p.title) like ${`%${last}%`}) desc, p.view_count desc, p.id desc`,
  );
  if (!rows.length && q.length >= 3) {
    rows = await select(sql`${q} <% p.title`, sql`word_similarity(${q}, p.title) desc, p.view_count desc, p.id desc`);
  }
  return {
    brands: brandHits,
    categories: catHits,
    products: rows.map((r) => ({
      slug: r.slug,
      title: r.title,
      price: toRubles(r.min_price),
      photo: r.key ? photoImage({ key: r.key, width: r.width ?? 0, height: r.height ?? 0 }) : null,
    })),
  };
}
