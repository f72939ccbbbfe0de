/**
 * Search (issue «The shop runs»: «Search understands Russian»): `GET /v1/public/search/` and
 * `GET /v1/public/search/suggest/`.
 *
 * How a query is understood:
 * 1. It is normalised (lower case, `ё` → `е`, punctuation → spaces) and split into words.
 * 2. Brand words are found in it — Latin names, Cyrillic names and aliases («найк» = Nike,
 *    «нью беланс» = New Balance), typos included (trigram similarity ≥ 0.45 for words of 5+ letters) —
 *    and become a brand filter plus a ranking boost. Size words («42», «M») become a size filter.
 * 3. The remaining words go to PostgreSQL full-text search with the `russian` configuration over
 *    `products.search_vector` (GIN index): every word must match by its word forms («пуховики» →
 *    «Пуховик») or by those of the catalog word it resembles (category names, colour and condition
 *    labels: «кроссовок», «кросовки» → «кроссовки»; «пуховек» → «пуховики»).
 * 4. When that finds nothing, a word may also match a similar word of the title by `pg_trgm` word
 *    similarity (`<%`, threshold `TRGM_WORD_SIMILARITY` of db/client.ts, set for every session of the app, GIN trigram
 *    index): «пухавик», «футбока».
 * 5. When the brand/size words turned filters leave nothing, the query runs again without the size
 *    filter, then with every word as text (the brand still boosts).
 * Relevance = `ts_rank_cd` + a title match (stored `title_vector`) + brand match (or, in the typo stage,
 * trigram similarity to the title + brand match); a match set over 1 500 listings (a bare «кроссовки»,
 * «сумка через плечо») is listed newest first instead: ranking reads every match from the table, about
 * 10 µs each, while the newest matches come from the date index. Every value is a bound parameter; user
 * text never becomes tsquery syntax (only `plainto_tsquery`, or `to_tsquery` of words reduced to letters
 * and digits for the suggestion prefix).
 */
import { sql, type SQL } from 'drizzle-orm';
import { COLORS, CONDITIONS, type ProductCard, type ProductListQuery, type Suggest } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { makePage, type Page } from '../../lib/pagination.js';
import { toRubles } from '../../lib/money.js';
import { FULL_CARD, cardOf, photoImage, type FullCardRow } from './cards.js';
import { countListings, peekCount, rememberCount } from './counts.js';
import { memo } from './memo.js';
import { isSmallMatch, loadCategories, orderBy, pageOf, resolveFilters } from './service.js';

/** Longest accepted query, characters. */
export const SEARCH_MAX_LENGTH = 200;
/** Similarity a query word needs to a catalog word (category, colour, condition) to search its forms too. */
const WORD_FUZZY = 0.42;
/** Largest match set ranked by relevance; broader ones (e.g. just «кроссовки») list the newest first. */
const RANK_ALL_MAX = 1500;
/** Similarity a brand typo needs (words of 5+ letters only). */
const BRAND_FUZZY = 0.45;

/** Lower case, `ё` → `е`, apostrophes dropped, anything but letters/digits → one space. */
export function normalize(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/['’`ʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Trigram sets already built: the brand keys and catalog words recur in every query. Bounded. */
const trigramCache = new Map<string, Set<string>>();
const TRIGRAM_CACHE_MAX = 5000;

/** pg_trgm-style trigrams of a normalised string (each word padded `  w `); do not mutate the result. */
function trigrams(s: string): Set<string> {
  const cached = trigramCache.get(s);
  if (cached) return cached;
  const out = new Set<string>();
  for (const w of s.split(' ').filter(Boolean)) {
    const p = `  ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  if (trigramCache.size >= TRIGRAM_CACHE_MAX) trigramCache.clear();
  trigramCache.set(s, out);
  return out;
}

/**
 * pg_trgm `similarity()` of two normalised strings.
 * @param atLeast a threshold the caller compares with: when the two trigram sets differ so much in size
 *   that the similarity cannot reach it (it is at most the smaller size over the larger), 0 is returned
 *   without comparing them
 */
export function similarity(a: string, b: string, atLeast = 0): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  if (!ta.size || !tb.size) return 0;
  if (Math.min(ta.size, tb.size) < atLeast * Math.max(ta.size, tb.size)) return 0;
  let common = 0;
  for (const t of ta) if (tb.has(t)) common++;
  return common / (ta.size + tb.size - common);
}

interface BrandEntry {
  id: number;
  slug: string;
  name: string;
  popular: boolean;
  /** Normalised spellings: Latin name, Cyrillic name, aliases (and the Latin name without spaces). */
  keys: string[];
  /** Each key split into its words (same order as `keys`). */
  keyWords: string[][];
}

/** All brands with their normalised spellings (the brand table is small). */
function brandDictionary(db: Db): Promise<BrandEntry[]> {
  return memo(db, 'brands', () => loadBrandDictionary(db));
}

async function loadBrandDictionary(db: Db): Promise<BrandEntry[]> {
  const rows = await queryRows<{
    id: number;
    slug: string;
    name: string;
    name_ru: string;
    aliases: string[] | null;
    is_popular: boolean;
  }>(db, sql`select b.id, b.slug, b.name, b.name_ru, b.aliases, b.is_popular from brands b`);
  return rows.map((b) => {
    const keys = new Set<string>();
    for (const k of [b.name, b.name_ru, b.slug.replace(/-/g, ' '), ...(b.aliases ?? [])]) {
      const n = normalize(k ?? '');
      if (n) {
        keys.add(n);
        if (n.includes(' ')) keys.add(n.replace(/ /g, ''));
      }
    }
    return { id: b.id, slug: b.slug, name: b.name, popular: b.is_popular, keys: [...keys], keyWords: [...keys].map((k) => k.split(' ')) };
  });
}

const SIZE_TOKEN = /^(\d{2}([.,]5)?|xxs|xs|s|m|l|xl|xxl|xxxl|[2-6]xl)$/;

/**
 * Words that name a catalog type rather than a thing («пуховики женские», «ботинки мужские», «для
 * мальчиков»): listings do not carry them in their text, so they become the `type` filter.
 */
const TYPE_WORDS: { type: 'women' | 'men' | 'kids'; re: RegExp }[] = [
  { type: 'women', re: /^(женск|женщин|дамск)/ },
  { type: 'men', re: /^(мужск|мужчин)/ },
  { type: 'kids', re: /^(детск|дети$|детям$|детей$|ребен|девоч|мальчик|школьн)/ },
];

/** The catalog type a normalised word names, if any. */
export function typeOfWord(word: string): 'women' | 'men' | 'kids' | undefined {
  return TYPE_WORDS.find((t) => t.re.test(word))?.type;
}

/** What a query means: brands, sizes, a catalog type and the words left for text search. */
export interface ParsedQuery {
  brandIds: number[];
  sizes: string[];
  /** The catalog type named by a word of the query (its words are then left out of `text`). */
  type?: 'women' | 'men' | 'kids';
  /** Words for text search, brand and size words removed. */
  text: string;
  /** Every word of the query (the retry without derived filters searches them all). */
  allText: string;
}

/**
 * Splits a query into brand words, size words and text.
 * @param knownSizes lower-cased size values of all grids
 * @param isCatalogWord words that stay in the text even inside a brand alias («монклер пуховик»)
 */
export function parseQuery(
  q: string,
  brands: BrandEntry[],
  knownSizes: Set<string>,
  isCatalogWord: (w: string) => boolean = () => false,
): ParsedQuery {
  const tokens = normalize(q).split(' ').filter(Boolean);
  const brandIds = new Set<number>();
  const sizes: string[] = [];
  const rest: string[] = [];
  const types = new Set<'women' | 'men' | 'kids'>();
  let i = 0;
  while (i < tokens.length) {
    let matched = 0;
    // Exact spellings first (longest phrase wins).
    for (let n = Math.min(4, tokens.length - i); n >= 1 && !matched; n--) {
      const phrase = tokens.slice(i, i + n).join(' ');
      for (const b of brands) {
        if (b.keys.includes(phrase)) {
          brandIds.add(b.id);
          matched = n;
        }
      }
    }
    // Then typos of phrases of 5+ letters, word by word in order; every brand with the best score.
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !matched; n--) {
      const words = tokens.slice(i, i + n);
      if (words.join('').length < 5 || words.some((w) => /^\d+$/.test(w))) continue;
      let best = 0;
      let ids: number[] = [];
      for (const b of brands) {
        for (const kw of b.keyWords) {
          if (kw.length !== n) continue;
          let s = 1;
          for (let j = 0; j < n && s >= BRAND_FUZZY; j++) s = Math.min(s, similarity(words[j]!, kw[j]!, BRAND_FUZZY));
          if (s < BRAND_FUZZY) continue;
          if (s > best + 1e-9) {
            best = s;
            ids = [b.id];
          } else if (Math.abs(s - best) <= 1e-9 && !ids.includes(b.id)) ids.push(b.id);
        }
      }
      if (ids.length) {
        for (const id of ids) brandIds.add(id);
        matched = n;
      }
    }
    if (matched) {
      if (matched > 1) rest.push(...tokens.slice(i, i + matched).filter(isCatalogWord));
      i += matched;
      continue;
    }
    const t = tokens[i]!;
    const type = typeOfWord(t);
    if (SIZE_TOKEN.test(t) && knownSizes.has(t.replace(',', '.'))) sizes.push(t.replace(',', '.'));
    else if (type) types.add(type);
    else rest.push(t);
    i++;
  }
  // Two types («мужские и женские») filter nothing: their words stay text.
  if (types.size > 1) rest.push(...tokens.filter((w) => typeOfWord(w)));
  const type = types.size === 1 ? [...types][0] : undefined;
  return { brandIds: [...brandIds], sizes, type, text: rest.join(' '), allText: tokens.join(' ') };
}

/** Validates `q` of the search calls. @throws ApiError 400 `{q: [...]}` */
export function checkQuery(q: string | undefined): string {
  const v = (q ?? '').trim();
  if (!v) throw badRequest({ q: ['Введите поисковый запрос.'] });
  if (v.length > SEARCH_MAX_LENGTH) throw badRequest({ q: [`Не больше ${SEARCH_MAX_LENGTH} символов.`] });
  return v;
}

function knownSizeValues(db: Db): Promise<Set<string>> {
  return memo(db, 'sizes', () => loadSizeValues(db));
}

async function loadSizeValues(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ v: string }>(db, sql`select distinct lower(value) as v from sizes`);
  return new Set(rows.map((r) => r.v.replace(',', '.')));
}

/**
 * The catalog's own words (category names, colour and condition labels), normalised, 4+ letters: the
 * vocabulary typos and odd word forms of a query are matched against.
 */
function catalogVocabulary(db: Db): Promise<string[]> {
  return memo(db, 'vocabulary', () => loadVocabulary(db));
}

async function loadVocabulary(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`select distinct name from categories`);
  const words = new Set<string>();
  for (const text of [...rows.map((r) => r.name), ...COLORS.map((c) => c.label), ...CONDITIONS.map((c) => c.label)]) {
    for (const w of normalize(text).split(' ')) if (w.length >= 4) words.add(w);
  }
  return [...words];
}

/** Each catalog word with its final vowels dropped («пуховики» → «пуховик»), built once per vocabulary. */
const stemCache = new WeakMap<string[], { v: string; stem: string }[]>();
function stemsOf(vocabulary: string[]): { v: string; stem: string }[] {
  let stems = stemCache.get(vocabulary);
  if (!stems) stemCache.set(vocabulary, (stems = vocabulary.map((v) => ({ v, stem: v.replace(/[аеиоуыэюяй]+$/u, '') }))));
  return stems;
}

/**
 * For each query word that is not itself a catalog word, the catalog word it resembles most
 * (similarity ≥ {@link WORD_FUZZY} to the word or to it without its final vowels: «кроссовок» →
 * «кроссовки», «пуховек» → «пуховики»).
 */
export function expandWords(words: string[], vocabulary: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const stems = stemsOf(vocabulary);
  for (const w of words) {
    if (w.length < 4 || /\d/.test(w) || vocabulary.includes(w)) continue;
    let best: { v: string; s: number } | null = null;
    for (const { v, stem } of stems) {
      const sc = Math.max(similarity(w, v, WORD_FUZZY), similarity(w, stem, WORD_FUZZY));
      if (sc >= WORD_FUZZY && (!best || sc > best.s)) best = { v, s: sc };
    }
    if (best) out.set(w, best.v);
  }
  return out;
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
  const rows = await queryRows<FullCardRow & { rank: number; total: number }>(
    db,
    sql`select ${FULL_CARD.columns}, page.rank, page.total from (
          select m.id, m.rank, m.published_at, count(*) over ()::int as total from (
            select p.id, p.published_at, ${rank} as rank from products p
            where ${sql.join(where, sql` and `)} limit ${RANK_ALL_MAX + 1}
          ) m order by m.rank desc, m.published_at desc, m.id desc limit ${limit} offset ${offset}
        ) page join products p on p.id = page.id ${FULL_CARD.joins}
        order by page.rank desc, p.published_at desc, p.id desc`,
  );
  // No row on the first page: nothing matches. On a later page: past the end (its count tells how far).
  if (!rows.length) return offset === 0 ? { count: 0, rows: [] } : null;
  const total = rows[0]!.total;
  if (total > RANK_ALL_MAX) return null;
  rememberCount(db, where, total);
  return { count: total, rows };
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
  const rows = await queryRows<FullCardRow>(
    db,
    sql`select ${FULL_CARD.columns} from (
          select p.id from (
            select p.id, p.published_at, p.search_vector from products p where ${sql.join(where, sql` and `)}
            order by p.published_at desc, p.id desc limit ${window}
          ) p where ${match} order by p.published_at desc, p.id desc limit ${limit} offset ${offset}
        ) page join products p on p.id = page.id ${FULL_CARD.joins}
        order by ${orderBy('new')}`,
  );
  return rows.length >= Math.min(limit, count - offset) ? rows : null;
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
    const order =
      by !== 'relevance'
        ? orderBy(by, await isSmallMatch(conn, count))
        : ranked
          ? sql`rank desc, p.published_at desc, p.id desc`
          : orderBy('new');
    // The page's ids (and ranks) first; only the page's own rows are then read whole.
    const rows = await queryRows<FullCardRow & { rank: number }>(
      conn,
      sql`select ${FULL_CARD.columns}, page.rank from (
            select p.id, ${ranked ? rank : sql`0`} as rank from products p
            where ${sql.join(all, sql` and `)} order by ${order} limit ${limit} offset ${offset}
          ) page join products p on p.id = page.id ${FULL_CARD.joins}
          order by ${by !== 'relevance' ? orderBy(by) : ranked ? sql`page.rank desc, p.published_at desc, p.id desc` : orderBy('new')}`,
    );
    return { count, rows };
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
  const stage1 = await fetch(
    db,
    f.where,
    // A title that holds the words outranks a listing matched through its description or brand aliases.
    sql`(ts_rank_cd(p.search_vector, ${tsq}) + (case when p.title_vector @@ ${tsq} then 1 else 0 end) + ${brandBoost})`,
    sort,
    sql`p.search_vector @@ ${tsq}`,
  );
  if (stage1.count > 0) return stage1;

  // Stage 2: typos the catalog words do not cover. Every word must still match: by its forms, or by a
  // similar word of the title (trigram GIN index); stop words («для») are ignored (the numnode() test
  // depends on parameters only, so the planner folds it away).
  const stage2 = words.map(
    (w, i) =>
      sql`(numnode(plainto_tsquery('russian', ${w})) = 0 or p.search_vector @@ ${perWord[i]!} or ${w} <% p.title)`,
  );
  return fetch(db, [...f.where, ...stage2], sql`(word_similarity(${text}, p.title) + ${brandBoost})`, sort);
}

/** A query's meaning: its brand/size/type words ({@link parseQuery}) and catalog-word look-alikes. */
interface Understood {
  parsed: ParsedQuery;
  expansions: Map<string, string>;
}

/** Most queries remembered per dictionary snapshot (popular queries repeat; the oldest is forgotten first). */
const UNDERSTOOD_MAX = 2000;
/** Queries already understood, per brand dictionary snapshot (a reloaded dictionary starts afresh). */
const understoodCache = new WeakMap<BrandEntry[], Map<string, Understood & { sizes: Set<string>; vocabulary: string[] }>>();

/**
 * {@link parseQuery} and {@link expandWords} of a query, remembered for the same dictionaries: comparing
 * every word with every brand spelling and catalog word costs about 0.2–0.5 ms of CPU, the same for
 * every repetition of a popular query.
 */
function understand(raw: string, brands: BrandEntry[], sizes: Set<string>, vocabulary: string[]): Understood {
  let cache = understoodCache.get(brands);
  if (!cache) understoodCache.set(brands, (cache = new Map()));
  const key = normalize(raw);
  const hit = cache.get(key);
  if (hit && hit.sizes === sizes && hit.vocabulary === vocabulary) return hit;
  const expansions = expandWords(key.split(' '), vocabulary);
  const parsed = parseQuery(raw, brands, sizes, (w) => vocabulary.includes(w) || expansions.has(w));
  cache.delete(key);
  cache.set(key, { parsed, expansions, sizes, vocabulary });
  if (cache.size > UNDERSTOOD_MAX) cache.delete(cache.keys().next().value!);
  return { parsed, expansions };
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
  let res: RunResult = { count: 0, rows: [] };
  for (const a of attempts) {
    res = await runSearch(db, a.q, a.text, { sizes: a.sizes, brandIds: a.brandIds }, parsed.brandIds, pq, expansions);
    if (res.count > 0) break;
  }
  makePage(url, pq, res.count, []); // 404 past the end before building cards
  return makePage(url, pq, res.count, res.rows.map(cardOf));
}

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
