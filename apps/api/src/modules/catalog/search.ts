/**
 * Search (issue «The shop runs»: «Search understands Russian»): `GET /v1/public/search/` (and
 * `/v1/public/products/?q=`).
 *
 * How a query is understood (search-words.ts; the header box's suggestions: suggest.ts):
 * 1. It is normalised (lower case, `ё` → `е`, punctuation → spaces) and split into words.
 * 2. Brand words are found in it — Latin names, Cyrillic names and aliases («найк» = Nike,
 *    «нью беланс» = New Balance), typos included (trigram similarity ≥ 0.45 for words of 5+ letters) —
 *    and become a brand filter plus a ranking boost. Size words («42», «M») become a size filter.
 * 3. The remaining words go to PostgreSQL full-text search with the `russian` configuration over
 *    `products.search_vector` (GIN index): every word must match by its word forms («пуховики» →
 *    «Пуховик») or by those of the catalog word it resembles (category names, colour and condition
 *    labels: «кроссовок», «кросовки» → «кроссовки»; «пуховек» → «пуховики»).
 * 4. Attempts, each as long as the one before found nothing: the words with the brand, size and type
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
import { makePage, type Page } from '../../lib/pagination.js';
import { cardOf, cardRows, type FullCardRow } from './cards.js';
import { countListings, peekCount, rememberCount } from './counts.js';
import { brandDictionary, catalogVocabulary, knownSizeValues, understand } from './search-words.js';
import { resolveFilters } from './filters.js';
import { isSmallMatch, orderBy, pageOf } from './listing.js';

/** Longest accepted query, characters. */
export const SEARCH_MAX_LENGTH = 200;
/** Largest match set ranked by relevance; broader ones (e.g. just «кроссовки») list the newest first. */
const RANK_ALL_MAX = 1500;

/** Validates `q` of the search calls. @throws ApiError 400 `{q: [...]}` */
export function checkQuery(q: string | undefined): string {
  const v = (q ?? '').trim();
  if (!v) throw badRequest({ q: ['Введите поисковый запрос.'] });
  if (v.length > SEARCH_MAX_LENGTH) throw badRequest({ q: [`Не больше ${SEARCH_MAX_LENGTH} символов.`] });
  return v;
}

/**
 * A ranked page and the number of matches in one pass, for a match set whose size is not known yet: at
 * most {@link RANK_ALL_MAX} + 1 matches are read, ranked and counted (`count(*) over ()` is taken before
 * the page is cut), so a small set — most searches — needs no separate count query.
 * @param where every condition, text included
 * @param rank the relevance expression over `products p`
 * @returns the page and its count (0 when nothing matches); `null` when the set is broader than
 *   {@link RANK_ALL_MAX} (then it is listed newest first) or a later page is empty (past the end: the
 *   count is then read on its own)
 */
async function rankedCounting(
  db: Db,
  where: SQL[],
  rank: SQL,
  limit: number,
  offset: number,
): Promise<RunResult | null> {
  const page = await queryRows<{ id: number; total: number }>(
    db,
    sql`select m.id, count(*) over ()::int as total from (
          select p.id, p.published_at, ${rank} as rank from products p
          where ${sql.join(where, sql` and `)} limit ${RANK_ALL_MAX + 1}
        ) m order by m.rank desc, m.published_at desc, m.id desc limit ${limit} offset ${offset}`,
  );
  // No row on the first page: nothing matches. On a later page: past the end (its count tells how far).
  if (!page.length) return offset === 0 ? { count: 0, rows: [] } : null;
  const total = page[0]!.total;
  if (total > RANK_ALL_MAX) return null;
  rememberCount(db, where, total);
  const ids = page.map((r) => r.id);
  return { count: total, rows: await cardRows(db, ids) };
}

/** Most index entries the date-index walk of {@link newestThroughDateIndex} may read for one page. */
const DATE_WALK_MAX = 4000;
/** How many times more entries than the expected walk the window holds (matches are not spread evenly). */
const DATE_WALK_MARGIN = 2;

/**
 * A page of a broad text match, newest first, read by walking the date index instead of fetching every
 * match. The GIN index finds all matches (thousands of wide rows for «кросовки», «сумка через плечо») just
 * to keep 24; walking the listings newest first and testing each one's `search_vector` reads about
 * (page end) × (active listings / matches) rows. The walk is bounded by a window of that many rows (times
 * {@link DATE_WALK_MARGIN}); the window is explicit (an inner `limit`), so the plan does not depend on the
 * planner's guess of how common the words are.
 * @param where the filters (without the text condition)
 * @param match the text condition on `p.search_vector`
 * @param count how many listings match `where` and `match` (known before the page is read)
 * @returns the page's card rows, or `null` when the walk would be long or the window held too few matches
 *   (matches clustered among older listings) — the caller then reads the page through the GIN index
 */
async function newestThroughDateIndex(
  db: Db,
  where: SQL[],
  match: SQL,
  count: number,
  limit: number,
  offset: number,
): Promise<FullCardRow[] | null> {
  const active = await countListings(db, [sql`p.status = 'active'`]);
  const window = Math.ceil(((offset + limit) * Math.max(active, count) * DATE_WALK_MARGIN) / count);
  if (window > DATE_WALK_MAX) return null;
  const page = await queryRows<{ id: number }>(
    db,
    sql`select p.id from (
          select p.id, p.published_at, p.search_vector from products p where ${sql.join(where, sql` and `)}
          order by p.published_at desc, p.id desc limit ${window}
        ) p where ${match} order by p.published_at desc, p.id desc limit ${limit} offset ${offset}`,
  );
  if (page.length < Math.min(limit, count - offset)) return null;
  const ids = page.map((r) => r.id);
  return cardRows(db, ids);
}

interface RunResult {
  count: number;
  rows: FullCardRow[];
}

/**
 * One search pass: filters + text conditions → count and the page of card rows.
 * @param boost brand ids that rank higher
 */
async function runSearch(
  db: Db,
  q: ProductListQuery,
  text: string,
  extra: { sizes: string[]; brandIds: number[] },
  boost: number[],
  page: { page: number; page_size: number },
  expansions: Map<string, string>,
  stage: 'exact' | 'typo',
): Promise<RunResult> {
  const f = await resolveFilters(db, q, extra);
  const sort = q.sort ?? 'relevance';
  const brandBoost = boost.length
    ? sql`(case when p.brand_id = any(${sql.param(boost)}::int[]) then 0.5 else 0 end)`
    : sql`0`;
  const limit = page.page_size;
  const offset = (page.page - 1) * page.page_size;

  // Count first: past the end nothing more is read; a broad match (thousands of listings) is ordered by
  // date through the index instead of ranking every match.
  const fetch = async (conn: Db, where: SQL[], rank: SQL, by: string, match?: SQL): Promise<RunResult> => {
    const all = match ? [...where, match] : where;
    if (by === 'relevance' && peekCount(conn, all) === undefined) {
      const ranked = await rankedCounting(conn, all, rank, limit, offset);
      if (ranked) return ranked;
    }
    const count = await countListings(conn, all);
    if (count === 0 || offset >= count) return { count, rows: [] };
    const ranked = by === 'relevance' && count <= RANK_ALL_MAX;
    const newest = by === 'new' || (by === 'relevance' && !ranked);
    if (match && newest) {
      const rows = await newestThroughDateIndex(conn, where, match, count, limit, offset);
      if (rows) return { count, rows };
    }
    const small =
      by !== 'relevance' &&
      (await isSmallMatch(conn, count, { pageEnd: offset + limit, perRowLookup: f.perRowLookup }));
    const order =
      by !== 'relevance'
        ? orderBy(by, small)
        : ranked
          ? sql`${rank} desc, p.published_at desc, p.id desc`
          : orderBy('new');
    // The page's ids first (from indexes where they suffice); then only the page's own cards.
    const page = await queryRows<{ id: number }>(
      conn,
      sql`select p.id from products p where ${sql.join(all, sql` and `)}
          order by ${order} limit ${limit} offset ${offset}`,
    );
    const ids = page.map((r) => r.id);
    return { count, rows: await cardRows(conn, ids) };
  };

  if (!text) return fetch(db, f.where, sql`0`, sort === 'relevance' ? 'new' : sort);

  // Stage 1: Russian full text over the GIN index. Every word must match, by its own word forms or by
  // those of the catalog word it resembles («кроссовок»/«кросовки» → «кроссовки»). The tsquery is built
  // only from plainto_tsquery() values with the && / || operators (stop words drop out by themselves).
  const words = [...new Set(text.split(' '))].slice(0, 8);
  const perWord = words.map((w) => {
    const alt = expansions.get(w);
    return alt
      ? sql`(plainto_tsquery('russian', ${w}) || plainto_tsquery('russian', ${alt}))`
      : sql`plainto_tsquery('russian', ${w})`;
  });
  const tsq = sql`(${sql.join(perWord, sql` && `)})`;
  if (stage === 'exact') {
    return fetch(
      db,
      f.where,
      // A title that holds the words outranks a listing matched through its description or brand aliases.
      sql`(ts_rank_cd(p.search_vector, ${tsq}) + (case when p.title_vector @@ ${tsq} then 1 else 0 end) + ${brandBoost})`,
      sort,
      sql`p.search_vector @@ ${tsq}`,
    );
  }

  // Stage 2: typos the catalog words do not cover. A word that finds listings by its own forms is spelled
  // right and must match by them («белая футболка» must not turn into «бейсболка»); any other word may
  // also match a similar word of the title (trigram GIN index); stop words («для») are ignored (the
  // numnode() test depends on parameters only, so the planner folds it away).
  const [{ has }] = (await queryRows<{ has: boolean[] }>(
    db,
    sql`select array[${sql.join(
      perWord.map((t) => sql`exists (select 1 from products p where p.status = 'active' and p.search_vector @@ ${t})`),
      sql`, `,
    )}] as has`,
  )) as [{ has: boolean[] }];
  if (has.every(Boolean)) return { count: 0, rows: [] };
  const stage2 = words.map((w, i) =>
    has[i]
      ? sql`p.search_vector @@ ${perWord[i]!}`
      : sql`(numnode(plainto_tsquery('russian', ${w})) = 0 or p.search_vector @@ ${perWord[i]!} or ${w} <% p.title)`,
  );
  return fetch(db, [...f.where, ...stage2], sql`(word_similarity(${text}, p.title) + ${brandBoost})`, sort);
}

/**
 * `GET /v1/public/search/` (and `/v1/public/products/?q=`): ranked search with the catalog's filters,
 * as a DRF page of cards. Default sort: relevance.
 * @param url the request URL (for `next`/`previous`)
 * @throws ApiError 400 (empty/long `q`, bad filters), 404 «Неверная страница.»
 */
export async function searchProducts(db: Db, q: ProductListQuery, url: string): Promise<Page<ProductCard>> {
  const raw = checkQuery(q.q);
  const pq = pageOf(q);
  const [brands, sizes, vocabulary] = await Promise.all([
    brandDictionary(db),
    knownSizeValues(db),
    catalogVocabulary(db),
  ]);
  const { parsed, expansions } = understand(raw, brands, sizes, vocabulary);
  if (!parsed.allText) return makePage(url, pq, 0, []);

  // Brand, size and type words as filters (a type chosen in the filters wins over one in the words);
  // when that finds nothing, without the size; then every word as text.
  const typed = parsed.type && !q.type ? { ...q, type: parsed.type } : q;
  const derived = parsed.sizes.length > 0 || parsed.brandIds.length > 0 || typed !== q;
  const attempts: { text: string; sizes: string[]; brandIds: number[]; q: ProductListQuery }[] = [
    { text: parsed.text, sizes: parsed.sizes, brandIds: parsed.brandIds, q: typed },
  ];
  if (parsed.sizes.length && parsed.brandIds.length)
    attempts.push({ text: parsed.text, sizes: [], brandIds: parsed.brandIds, q: typed });
  if (derived) attempts.push({ text: parsed.allText, sizes: [], brandIds: [], q });
  // Words one letter off a brand («адидос») become that brand only when the words as typed find nothing,
  // and before any word is matched by trigram likeness («nkie» is Nike before it is «Jackie»).
  const weak = parsed.weak
    ? [{ text: parsed.weak.text, sizes: parsed.sizes, brandIds: parsed.weak.brandIds, q: typed }]
    : [];
  const boost = [...parsed.brandIds, ...(parsed.weak?.brandIds ?? [])];
  let res: RunResult = { count: 0, rows: [] };
  search: for (const stage of ['exact', 'typo'] as const) {
    for (const a of stage === 'exact' ? [...attempts, ...weak] : attempts) {
      if (stage === 'typo' && !a.text) continue; // nothing to misspell: the exact stage listed it already
      res = await runSearch(db, a.q, a.text, { sizes: a.sizes, brandIds: a.brandIds }, boost, pq, expansions, stage);
      if (res.count > 0) break search;
    }
  }
  makePage(url, pq, res.count, []); // 404 past the end before building cards
  return makePage(url, pq, res.count, res.rows.map(cardOf));
}
