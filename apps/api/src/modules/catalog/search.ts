/**
 * Search (issue «The shop runs»: «Search understands Russian»; the screen `catalog-search` of spec §2):
 * `GET /v1/public/search/` (and `/v1/public/products/?q=`).
 *
 * How a query is understood (search-words.ts; how a page of matches is read: search-pages.ts; the header
 * box's suggestions: suggest.ts):
 * 1. It is normalised (lower case, `ё` → `е`, punctuation → spaces) and split into words.
 * 2. Brand words are found in it — Latin names, Cyrillic names and aliases («найк» = Nike,
 *    «нью беланс» = New Balance), typos included (trigram similarity ≥ 0.45 for words of 5+ letters) —
 *    and become a brand filter plus a ranking boost. Size words («42», «M») become a size filter.
 * 3. The remaining words go to PostgreSQL full-text search with the `russian` configuration over
 *    `products.search_vector` (GIN index): every word must match by its word forms («пуховики» →
 *    «Пуховик») or by those of the catalog word it resembles (category names, colour and condition
 *    labels: «кроссовок», «кросовки» → «кроссовки»; «пуховек» → «пуховики»).
 * 4. A Latin query that looks typed on the wrong keyboard layout («rhjccjdrb») is searched as read on the
 *    Russian layout («кроссовки») first; any other Latin query is, when it finds nothing as typed.
 * 5. Attempts, each as long as the one before found nothing: the words with the brand, size and type
 *    words as filters; without the size filter; every word as text (the brand still boosts); a word one
 *    letter off a brand spelling as that brand («адидос», «nkie»). Then the same attempts once more, a word
 *    that finds nothing by its own forms now matching a similar word of the title by `pg_trgm` word
 *    similarity (`<%`, threshold `TRGM_WORD_SIMILARITY` of db/client.ts, set for every session of the
 *    app; GIN trigram index): «пухавик», «футбока».
 * Relevance = `ts_rank_cd` + a title match (stored `title_vector`) + brand match (or, in the typo stage,
 * trigram similarity to the title + brand match); a match set over 1 500 listings (a bare «кроссовки»,
 * «сумка через плечо») is listed newest first instead: ranking reads every match from the table, about
 * 10 µs each, while the newest matches come from the date index. Every value is a bound parameter; user
 * text never becomes tsquery syntax (only `plainto_tsquery`, or `to_tsquery` of words reduced to letters
 * and digits for the suggestion prefix).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ProductCard, ProductListQuery } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { fromLatinLayout, looksLikeWrongLayout } from '../../lib/keyboard-layout.js';
import { makePage, type Page } from '../../lib/pagination.js';
import { cardOf } from './cards.js';
import { resolveFilters } from './filters.js';
import { pageOf } from './listing.js';
import { brandDictionary, catalogVocabulary, knownSizeValues } from './search-dictionaries.js';
import { pageOfMatches, type PageOfMatches } from './search-pages.js';
import { understand, type ParsedQuery } from './search-words.js';

/** Longest accepted query, characters. */
export const SEARCH_MAX_LENGTH = 200;

/**
 * Validates `q` of the search calls.
 * @returns the query trimmed
 * @throws ApiError 400 `{q: [...]}` for an empty query or one over {@link SEARCH_MAX_LENGTH} characters
 */
export function checkQuery(q: string | undefined): string {
  const v = (q ?? '').trim();
  if (!v) throw badRequest({ q: ['Введите поисковый запрос.'] });
  if (v.length > SEARCH_MAX_LENGTH) throw badRequest({ q: [`Не больше ${SEARCH_MAX_LENGTH} символов.`] });
  return v;
}

/** One attempt of a search: the text words and the filters derived from the query. */
interface Attempt {
  text: string;
  sizes: string[];
  brandIds: number[];
  q: ProductListQuery;
}

/** What every pass of one search shares. */
interface SearchContext {
  /** Brand ids that rank higher. */
  boost: number[];
  page: { page: number; page_size: number };
  /** Query words → the catalog word each resembles (search-words.ts `expandWords`). */
  expansions: Map<string, string>;
}

/**
 * Each word's tsquery: its own forms, or those of the catalog word it resembles («кроссовок»/«кросовки» →
 * «кроссовки»). Built only from plainto_tsquery() values with the || operator.
 */
function wordQueries(words: string[], expansions: Map<string, string>): SQL[] {
  return words.map((w) => {
    const alt = expansions.get(w);
    return alt
      ? sql`(plainto_tsquery('russian', ${w}) || plainto_tsquery('russian', ${alt}))`
      : sql`plainto_tsquery('russian', ${w})`;
  });
}

/**
 * Stage 2's conditions: typos the catalog words do not cover. A word that finds listings by its own forms
 * is spelled right and must match by them («белая футболка» must not turn into «бейсболка»); any other word
 * may also match a similar word of the title (trigram GIN index); stop words («для») are ignored (the
 * numnode() test depends on parameters only, so the planner folds it away).
 * @returns the conditions, or `null` when every word finds listings by its forms (stage 1 said it all)
 */
async function typoConditions(db: Db, words: string[], perWord: SQL[]): Promise<SQL[] | null> {
  const [{ has }] = (await queryRows<{ has: boolean[] }>(
    db,
    sql`select array[${sql.join(
      perWord.map((t) => sql`exists (select 1 from products p where p.status = 'active' and p.search_vector @@ ${t})`),
      sql`, `,
    )}] as has`,
  )) as [{ has: boolean[] }];
  if (has.every(Boolean)) return null;
  return words.map((w, i) =>
    has[i]
      ? sql`p.search_vector @@ ${perWord[i]!}`
      : sql`(numnode(plainto_tsquery('russian', ${w})) = 0 or p.search_vector @@ ${perWord[i]!} or ${w} <% p.title)`,
  );
}

/**
 * One search pass: filters + text conditions → count and the page of card rows.
 * @param stage `exact`: Russian full text over the GIN index, every word by its forms or its catalog
 *   look-alike's; `typo`: words that find nothing may also match a similar title word (pg_trgm)
 * @throws ApiError 400 for bad filters
 */
async function runSearch(db: Db, a: Attempt, ctx: SearchContext, stage: 'exact' | 'typo'): Promise<SearchMatch> {
  const f = await resolveFilters(db, a.q, { sizes: a.sizes, brandIds: a.brandIds });
  const sort = a.q.sort ?? 'relevance';
  const brandBoost = ctx.boost.length
    ? sql`(case when p.brand_id = any(${sql.param(ctx.boost)}::int[]) then 0.5 else 0 end)`
    : sql`0`;
  const page = {
    limit: ctx.page.page_size,
    offset: (ctx.page.page - 1) * ctx.page.page_size,
    perRowLookup: f.perRowLookup,
  };
  if (!a.text) {
    const res = await pageOfMatches(
      db,
      { where: f.where, rank: sql`0`, by: sort === 'relevance' ? 'new' : sort },
      page,
    );
    return { ...res, where: f.where };
  }

  // Stage 1: every word must match, by its own word forms or by those of the catalog word it resembles
  // (stop words drop out by themselves).
  const words = [...new Set(a.text.split(' '))].slice(0, 8);
  const perWord = wordQueries(words, ctx.expansions);
  const tsq = sql`(${sql.join(perWord, sql` && `)})`;
  if (stage === 'exact') {
    const match = sql`p.search_vector @@ ${tsq}`;
    const res = await pageOfMatches(
      db,
      {
        where: f.where,
        // A title that holds the words outranks a listing matched through its description or brand aliases.
        rank: sql`(ts_rank_cd(p.search_vector, ${tsq}) + (case when p.title_vector @@ ${tsq} then 1 else 0 end) + ${brandBoost})`,
        by: sort,
        match,
      },
      page,
    );
    return { ...res, where: [...f.where, match] };
  }
  const stage2 = await typoConditions(db, words, perWord);
  if (!stage2) return { count: 0, rows: [], where: [] };
  const rank = sql`(word_similarity(${a.text}, p.title) + ${brandBoost})`;
  const where = [...f.where, ...stage2];
  return { ...(await pageOfMatches(db, { where, rank, by: sort }, page)), where };
}

/**
 * The attempts of a search, each tried when the ones before found nothing: brand, size and type words as
 * filters (a type chosen in the filters wins over one in the words); without the size; then every word
 * as text. `weak`: words one letter off a brand («адидос») as that brand, tried after those in the exact
 * stage only (before any word is matched by trigram likeness: «nkie» is Nike before it is «Jackie»).
 */
function attemptsOf(q: ProductListQuery, parsed: ParsedQuery): { attempts: Attempt[]; weak: Attempt[] } {
  const typed = parsed.type && !q.type ? { ...q, type: parsed.type } : q;
  const derived = parsed.sizes.length > 0 || parsed.brandIds.length > 0 || typed !== q;
  const attempts: Attempt[] = [{ text: parsed.text, sizes: parsed.sizes, brandIds: parsed.brandIds, q: typed }];
  if (parsed.sizes.length && parsed.brandIds.length)
    attempts.push({ text: parsed.text, sizes: [], brandIds: parsed.brandIds, q: typed });
  if (derived) attempts.push({ text: parsed.allText, sizes: [], brandIds: [], q });
  const weak = parsed.weak
    ? [{ text: parsed.weak.text, sizes: parsed.sizes, brandIds: parsed.weak.brandIds, q: typed }]
    : [];
  return { attempts, weak };
}

/** What a search found: a page of its matches and the conditions on `products p` that matched them. */
export interface SearchMatch extends PageOfMatches {
  /** The conditions of the attempt that found the matches (every condition, text included); `[]` when none did. */
  where: SQL[];
  /** The query as read on the Russian keyboard layout, when that is what found the matches («кроссовки»). */
  layoutOf?: string;
}

/**
 * The search of `q.q` with the catalog's filters (see the module comment): the attempts in order, the first
 * that finds anything wins. The search page and its filter counts (facets.ts) share it.
 * @throws ApiError 400 (empty/long `q`, bad filters)
 */
export async function findMatches(db: Db, q: ProductListQuery): Promise<SearchMatch> {
  const raw = checkQuery(q.q);
  const swapped = fromLatinLayout(raw);
  if (!swapped) return findMatchesOf(db, q, raw);
  // Russian typed on the Latin layout («rhjccjdrb»): tried first when the query looks so, else only when the
  // query as typed finds nothing (lib/keyboard-layout.ts).
  const first = looksLikeWrongLayout(raw);
  const a = await findMatchesOf(db, q, first ? swapped : raw);
  if (a.count > 0) return first ? { ...a, layoutOf: swapped } : a;
  const b = await findMatchesOf(db, q, first ? raw : swapped);
  return b.count > 0 && !first ? { ...b, layoutOf: swapped } : b;
}

/** {@link findMatches} of the query text `raw` as given. */
async function findMatchesOf(db: Db, q: ProductListQuery, raw: string): Promise<SearchMatch> {
  const pq = pageOf(q);
  const [brands, sizes, vocabulary] = await Promise.all([
    brandDictionary(db),
    knownSizeValues(db),
    catalogVocabulary(db),
  ]);
  const { parsed, expansions } = understand(raw, brands, sizes, vocabulary);
  const none: SearchMatch = { count: 0, rows: [], where: [] };
  if (!parsed.allText) return none;

  const { attempts, weak } = attemptsOf(q, parsed);
  const ctx: SearchContext = { boost: [...parsed.brandIds, ...(parsed.weak?.brandIds ?? [])], page: pq, expansions };
  for (const stage of ['exact', 'typo'] as const) {
    for (const a of stage === 'exact' ? [...attempts, ...weak] : attempts) {
      if (stage === 'typo' && !a.text) continue; // nothing to misspell: the exact stage listed it already
      const res = await runSearch(db, a, ctx, stage);
      if (res.count > 0) return res;
    }
  }
  return none;
}

/**
 * `GET /v1/public/search/` (and `/v1/public/products/?q=`): ranked search with the catalog's filters,
 * as a DRF page of cards (prices in rubles). Default sort: relevance.
 * @param url the request URL (for `next`/`previous`)
 * @throws ApiError 400 (empty/long `q`, bad filters), 404 «Неверная страница.»
 */
export async function searchProducts(db: Db, q: ProductListQuery, url: string): Promise<Page<ProductCard>> {
  const res = await findMatches(db, q);
  const pq = pageOf(q);
  makePage(url, pq, res.count, []); // 404 past the end before building cards
  return makePage(url, pq, res.count, res.rows.map(cardOf));
}
