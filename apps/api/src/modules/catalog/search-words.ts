/**
 * How Vitrina understands a search query (issue «The shop runs»: «Search understands Russian»): brand
 * spellings found in Latin, Cyrillic, aliases and with typos, size and catalog-type words turned into
 * filters, and query words matched to the catalog's own words they resemble. Pure functions over the
 * small dictionaries of search-dictionaries.ts (word likeness: similarity.ts); the SQL that searches is in
 * search.ts, the header box's suggestions in suggest.ts.
 */
import { cachePer } from '../../lib/cache.js';
import type { BrandEntry } from './search-dictionaries.js';
import { normalize, similarity, withinOneEdit } from './similarity.js';

/** Similarity a query word needs to a catalog word (category, colour, condition) to search its forms too. */
const WORD_FUZZY = 0.42;
/** Similarity a brand typo needs (words of 5+ letters only). */
const BRAND_FUZZY = 0.45;

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
 * How many words at `tokens[i]` spell a brand exactly (longest phrase of up to 4 words wins); every brand
 * so spelled is added to `found`.
 * @returns the number of words taken, 0 for none
 */
function exactBrandAt(tokens: string[], i: number, brands: BrandEntry[], found: Set<number>): number {
  let matched = 0;
  for (let n = Math.min(4, tokens.length - i); n >= 1 && !matched; n--) {
    const phrase = tokens.slice(i, i + n).join(' ');
    for (const b of brands) {
      if (b.keys.includes(phrase)) {
        found.add(b.id);
        matched = n;
      }
    }
  }
  return matched;
}

/**
 * How many words at `tokens[i]` are a typo of a brand spelling: phrases of up to 3 words and 5+ letters,
 * compared word by word in order (each at least {@link BRAND_FUZZY} similar); every brand with the best
 * score is added to `found`.
 * @returns the number of words taken, 0 for none
 */
function fuzzyBrandAt(tokens: string[], i: number, brands: BrandEntry[], found: Set<number>): number {
  for (let n = Math.min(3, tokens.length - i); n >= 1; n--) {
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
      for (const id of ids) found.add(id);
      return n;
    }
  }
  return 0;
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
    // Exact spellings first; then typos, word by word in order.
    const matched = exactBrandAt(tokens, i, brands, brandIds) || fuzzyBrandAt(tokens, i, brands, brandIds);
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
 * Each catalog word with its final vowels dropped («пуховики» → «пуховик»), built once per vocabulary
 * snapshot: one entry per snapshot, attached to it and gone with it (a `WeakMap`, not lib/cache.ts — an
 * LRU keyed by the snapshot would keep the snapshot alive; the snapshots themselves are bounded by memo.ts).
 */
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

/** Letters a Russian inflectional ending is made of. */
const ENDING = /^[аеиоуыэюяйьмхв]{0,3}$/u;
const VOWEL = /^[аеиоуыэюя]$/u;

/**
 * Whether `w` is another form of the catalog word `word`, not a misspelling of it: `w` is `word`'s stem
 * (without its final vowels) and an ending («кроссовками», «платьев»), or the stem with a fleeting vowel
 * before its last letter («кроссовок» ← «кроссовки»). «кросовки», «платте», «пуховек» are not.
 */
export function isWordFormOf(w: string, word: string): boolean {
  const stem = word.replace(/[аеиоуыэюяй]+$/u, '');
  if (stem.length < 3) return false;
  if (w.startsWith(stem)) return ENDING.test(w.slice(stem.length));
  const head = stem.slice(0, -1);
  return (
    w.startsWith(head) &&
    VOWEL.test(w.charAt(head.length)) &&
    w.charAt(head.length + 1) === stem.at(-1) &&
    ENDING.test(w.slice(head.length + 2))
  );
}

/** A query's meaning: its brand/size/type words ({@link parseQuery}) and catalog-word look-alikes. */
export interface Understood {
  parsed: ParsedQuery;
  expansions: Map<string, string>;
}

/**
 * Queries already understood, by normalised query, per brand dictionary snapshot: at most 2 000 per
 * snapshot (popular queries repeat; the least recently used is forgotten first); no lifetime of their own
 * — a snapshot lives 30 s (memo.ts) and a reloaded dictionary starts afresh. An entry is used only with
 * the size and vocabulary snapshots it was built from.
 */
const understoodOf = cachePer<BrandEntry[], string, Understood & { sizes: Set<string>; vocabulary: string[] }>({
  max: 2000,
});

/**
 * {@link parseQuery} and {@link expandWords} of a query, remembered for the same dictionaries: comparing
 * every word with every brand spelling and catalog word costs about 0.2–0.5 ms of CPU, the same for
 * every repetition of a popular query.
 */
export function understand(raw: string, brands: BrandEntry[], sizes: Set<string>, vocabulary: string[]): Understood {
  const cache = understoodOf(brands);
  const key = normalize(raw);
  const hit = cache.get(key);
  if (hit && hit.sizes === sizes && hit.vocabulary === vocabulary) return hit;
  const expansions = expandWords(key.split(' '), vocabulary);
  const parsed = parseQuery(raw, brands, sizes, (w) => vocabulary.includes(w) || expansions.has(w));
  cache.set(key, { parsed, expansions, sizes, vocabulary });
  return { parsed, expansions };
}
