/**
 * How Vitrina understands a search query (issue «The shop runs»: «Search understands Russian»): words
 * normalised, brand spellings found in Latin, Cyrillic, aliases and with typos, size and catalog-type
 * words turned into filters, and query words matched to the catalog's own words they resemble. Pure
 * functions over small dictionaries read from the database once per `DICTIONARY_TTL_MS` (memo.ts); the
 * SQL that searches is in search.ts, the header box's suggestions in suggest.ts.
 */
import { sql } from 'drizzle-orm';
import { COLORS, CONDITIONS } from '@vitrina/contract/catalog';
import { queryRows, type Db } from '../../db/client.js';
import { memo } from './memo.js';

/** Similarity a query word needs to a catalog word (category, colour, condition) to search its forms too. */
const WORD_FUZZY = 0.42;
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

export interface BrandEntry {
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
export function brandDictionary(db: Db): Promise<BrandEntry[]> {
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
    return {
      id: b.id,
      slug: b.slug,
      name: b.name,
      popular: b.is_popular,
      keys: [...keys],
      keyWords: [...keys].map((k) => k.split(' ')),
    };
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
  /**
   * Words one letter off a brand's spelling («адидос», «вэнс», «nkie»): too weak to filter by at once
   * («пара» is one letter off «зара»), so they stay in `text`; when the words as typed find nothing,
   * search tries these brands with `text` less those words.
   */
  weak?: { brandIds: number[]; text: string };
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
  const weak = weakBrandWords(rest, brands, isCatalogWord);
  return {
    brandIds: [...brandIds],
    sizes,
    type,
    text: rest.join(' '),
    allText: tokens.join(' '),
    ...(weak.brandIds.length
      ? { weak: { brandIds: weak.brandIds, text: rest.filter((w) => !weak.words.has(w)).join(' ') } }
      : {}),
  };
}

/** Shortest word compared letter by letter with brand spellings (shorter words are too easily one letter off). */
const WEAK_MIN_LETTERS = 4;

/**
 * Words of `rest` one edit (a letter changed, added, dropped, or two neighbours swapped) from a one-word
 * spelling of a brand, and those brands. Catalog words and numbers are never taken for brands.
 */
function weakBrandWords(
  rest: string[],
  brands: BrandEntry[],
  isCatalogWord: (w: string) => boolean,
): { brandIds: number[]; words: Set<string> } {
  const ids = new Set<number>();
  const words = new Set<string>();
  for (const w of rest) {
    if (w.length < WEAK_MIN_LETTERS || /\d/.test(w) || isCatalogWord(w)) continue;
    for (const b of brands) {
      for (const kw of b.keyWords) {
        if (kw.length === 1 && kw[0]!.length >= WEAK_MIN_LETTERS && withinOneEdit(w, kw[0]!)) {
          ids.add(b.id);
          words.add(w);
        }
      }
    }
  }
  return { brandIds: [...ids], words };
}

/**
 * Whether two words are at most one edit apart (optimal string alignment distance ≤ 1: one letter
 * changed, added or dropped, or two neighbouring letters swapped).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // One letter changed, or two neighbours swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One letter added or dropped.
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Lower-cased size values of every grid (a query word that is one becomes a size filter). */
export function knownSizeValues(db: Db): Promise<Set<string>> {
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
export function catalogVocabulary(db: Db): Promise<string[]> {
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
  if (!stems)
    stemCache.set(vocabulary, (stems = vocabulary.map((v) => ({ v, stem: v.replace(/[аеиоуыэюяй]+$/u, '') }))));
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

/** A query's meaning: its brand/size/type words ({@link parseQuery}) and catalog-word look-alikes. */
export interface Understood {
  parsed: ParsedQuery;
  expansions: Map<string, string>;
}

/** Most queries remembered per dictionary snapshot (popular queries repeat; the oldest is forgotten first). */
const UNDERSTOOD_MAX = 2000;
/** Queries already understood, per brand dictionary snapshot (a reloaded dictionary starts afresh). */
const understoodCache = new WeakMap<
  BrandEntry[],
  Map<string, Understood & { sizes: Set<string>; vocabulary: string[] }>
>();

/**
 * {@link parseQuery} and {@link expandWords} of a query, remembered for the same dictionaries: comparing
 * every word with every brand spelling and catalog word costs about 0.2–0.5 ms of CPU, the same for
 * every repetition of a popular query.
 */
export function understand(raw: string, brands: BrandEntry[], sizes: Set<string>, vocabulary: string[]): Understood {
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
