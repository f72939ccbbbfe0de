/**
 * What the search page offers besides its results («No dead ends»: a typo still finds, and an
 * empty result offers ways out): `GET /v1/public/search/hints/`, beside the search call (its answer stays a
 * DRF page). The same understanding of the query as the search itself (search-words.ts, search.ts
 * `findMatches`), so every way out it offers finds listings:
 * - the spelling: each misspelt word (one that finds no listing by its own forms) replaced by the catalog
 *   word, the brand spelling or the title word it resembles — offered only when the corrected query finds
 *   listings («Возможно, вы имели в виду …»);
 * - when nothing was found: the categories where the words find listings with no filter (or else the
 *   categories the words name), popular queries (the largest categories) and each filter whose removal
 *   finds listings, with counts.
 * A filter set's answer is reused for {@link HINTS_TTL_MS} within one process (lib/cache.ts).
 */
import { sql } from 'drizzle-orm';
import type { ProductListQuery, SearchHints } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { cachePer } from '../../lib/cache.js';
import { loadCategories } from './categories.js';
import { countListings } from './counts.js';
import { resolveFilters } from './filters.js';
import { memo } from './memo.js';
import { checkQuery, findMatches } from './search.js';
import { brandDictionary, catalogVocabulary, knownSizeValues, type BrandEntry } from './search-dictionaries.js';
import { isWordFormOf, typeOfWord, understand } from './search-words.js';
import { normalize, similarity, withinOneEdit } from './similarity.js';
import { categorySuggestions } from './suggest.js';

/** How long one query's hints are reused, ms. */
export const HINTS_TTL_MS = 10_000;
/** Most queries remembered per database. */
const HINTS_CACHE_SIZE = 500;
/** Most categories and popular queries offered. */
const HINT_CATEGORIES = 5;
const HINT_POPULAR = 6;
/** Similarity a title word needs to stand for a misspelt query word. */
const TITLE_WORD_FUZZY = 0.35;
/** Similarity a brand spelling needs to stand for a misspelt query word (as search-words.ts's brand typos). */
const BRAND_FUZZY = 0.45;

const hintsOf = cachePer<Db, string, SearchHints>({ max: HINTS_CACHE_SIZE, ttlMs: HINTS_TTL_MS });

/** The filters a way out may remove, with the query fields each stands for. */
const REMOVABLE: { filter: SearchHints['without'][number]['filter']; fields: (keyof ProductListQuery)[] }[] = [
  { filter: 'category', fields: ['category'] },
  { filter: 'brand', fields: ['brand'] },
  { filter: 'size', fields: ['size'] },
  { filter: 'price', fields: ['price_min', 'price_max'] },
  { filter: 'condition', fields: ['condition'] },
  { filter: 'color', fields: ['color'] },
];

/** The brand spelling (a one-word key) a word is one letter off or most like, if any. */
function brandLike(w: string, brands: BrandEntry[]): string | undefined {
  let best: { key: string; s: number } | undefined;
  for (const b of brands) {
    for (const kw of b.keyWords) {
      if (kw.length !== 1) continue;
      const key = kw[0]!;
      const s = withinOneEdit(w, key) && key.length >= 4 ? 1 : similarity(w, key, BRAND_FUZZY);
      if (s >= BRAND_FUZZY && (!best || s > best.s)) best = { key, s };
    }
  }
  return best?.key;
}

/**
 * The word of an active listing's title most like `w` (pg_trgm: titles found through the trigram index,
 * their words compared with `similarity`), if one is like enough.
 */
async function titleWordLike(db: Db, w: string): Promise<string | undefined> {
  const rows = await queryRows<{ w: string }>(
    db,
    sql`select t.w from (
          select p.title from products p where p.status = 'active' and ${w} <% p.title limit 50
        ) p, unnest(tsvector_to_array(to_tsvector('simple', p.title))) as t(w)
        where length(t.w) >= 3 and similarity(t.w, ${w}) >= ${TITLE_WORD_FUZZY}
        order by similarity(t.w, ${w}) desc, t.w limit 1`,
  );
  return rows[0]?.w;
}

/**
 * The query with its misspelt words corrected, when it has any and the corrected query finds listings.
 * A word is misspelt when it is no brand spelling, catalog word, size or type word, finds no active
 * listing by its own word forms and is no other form of the word it resembles ({@link isWordFormOf}).
 */
async function correctionOf(db: Db, raw: string): Promise<string | null> {
  const [brands, sizes, vocabulary] = await Promise.all([
    brandDictionary(db),
    knownSizeValues(db),
    catalogVocabulary(db),
  ]);
  const { expansions } = understand(raw, brands, sizes, vocabulary);
  const tokens = normalize(raw).split(' ').filter(Boolean).slice(0, 8);
  const brandWords = new Set(brands.flatMap((b) => b.keyWords.flat()));
  const suspects = tokens.filter(
    (w) => w.length >= 4 && !/\d/.test(w) && !brandWords.has(w) && !vocabulary.includes(w) && !typeOfWord(w),
  );
  if (!suspects.length) return null;
  const [{ has }] = (await queryRows<{ has: boolean[] }>(
    db,
    sql`select array[${sql.join(
      suspects.map(
        (w) =>
          sql`exists (select 1 from products p where p.status = 'active' and p.search_vector @@ plainto_tsquery('russian', ${w}))`,
      ),
      sql`, `,
    )}] as has`,
  )) as [{ has: boolean[] }];
  const fixes = new Map<string, string>();
  for (const [i, w] of suspects.entries()) {
    if (has[i]) continue;
    const fix = expansions.get(w) ?? brandLike(w, brands) ?? (await titleWordLike(db, w));
    // Another form of the word («кроссовок») is no typo: the search already understands it.
    if (fix && fix !== w && !isWordFormOf(w, fix)) fixes.set(w, fix);
  }
  if (!fixes.size) return null;
  const corrected = tokens.map((w) => fixes.get(w) ?? w).join(' ');
  const found = await findMatches(db, { q: corrected, page: 1, page_size: 1 });
  return found.count > 0 ? corrected : null;
}

/**
 * Categories near a query that found nothing: where its words find listings with no filter (most first),
 * or else the categories its words name (suggest.ts's rule) that have listings.
 */
async function nearbyCategories(db: Db, raw: string): Promise<SearchHints['categories']> {
  const cats = await loadCategories(db);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const bare = await findMatches(db, { q: raw, page: 1, page_size: 1 });
  if (bare.count > 0) {
    const rows = await queryRows<{ id: number; count: number }>(
      db,
      sql`select p.category_id as id, count(*)::int as count from products p
           where ${sql.join(bare.where, sql` and `)} and p.category_id is not null
           group by 1 order by 2 desc, 1 limit ${HINT_CATEGORIES}`,
    );
    return rows.flatMap((r) => {
      const c = byId.get(r.id);
      return c ? [{ id: c.id, name: c.name, type: c.type, count: r.count, with_query: true }] : [];
    });
  }
  const named = categorySuggestions(normalize(raw), cats);
  const out: SearchHints['categories'] = [];
  for (const c of named) {
    const count = await countListings(db, (await resolveFilters(db, { category: String(c.id) })).where);
    if (count > 0) out.push({ ...c, count, with_query: false });
  }
  return out;
}

/** Queries that find listings: the names of the catalog's largest categories (reused for 30 s: memo.ts). */
function popularQueries(db: Db): Promise<string[]> {
  return memo(db, 'popular-queries', async () => {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`select lower(c.name) as name from products p join categories c on c.id = p.category_id
           where p.status = 'active' group by lower(c.name) order by count(*) desc, 1 limit ${HINT_POPULAR}`,
    );
    return rows.map((r) => r.name);
  });
}

/** Each active filter of `q` whose removal makes the search find listings, with how many. */
async function removableFilters(db: Db, q: ProductListQuery): Promise<SearchHints['without']> {
  const out: SearchHints['without'] = [];
  for (const { filter, fields } of REMOVABLE) {
    if (!fields.some((f) => q[f] !== undefined && q[f] !== '')) continue;
    const without: ProductListQuery = { ...q, page: 1, page_size: 1 };
    for (const f of fields) delete without[f];
    const { count } = await findMatches(db, without);
    if (count > 0) out.push({ filter, count });
  }
  return out;
}

/**
 * `GET /v1/public/search/hints/`: the spelling correction of a query and, when the search finds nothing,
 * its ways out (nearby categories, popular queries, filters to remove) — see the module comment.
 * @param q the search's query (`page`, `page_size` and `sort` are ignored)
 * @throws ApiError 400 (empty/long `q`, bad filters), as the search call
 */
export function getSearchHints(db: Db, q: ProductListQuery): Promise<SearchHints> {
  const raw = checkQuery(q.q);
  const filters: ProductListQuery = { ...q, q: raw, page: 1, page_size: 1, sort: undefined };
  return hintsOf(db).fetch(JSON.stringify(filters), async () => {
    const found = await findMatches(db, filters);
    // Russian typed on the Latin layout: the search found the listings of the query as read on the Russian one.
    const correction = found.layoutOf ?? (await correctionOf(db, raw));
    if (found.count > 0) return { correction, categories: [], popular: [], without: [] };
    const popular = (await popularQueries(db)).filter((p) => p !== normalize(raw));
    return {
      correction,
      categories: await nearbyCategories(db, raw),
      popular,
      without: await removableFilters(db, filters),
    };
  });
}
