/**
 * Word likeness for search (issue «The shop runs»: «Search understands Russian»; architecture §1: search
 * is PostgreSQL full text plus `pg_trgm` for typos): normalisation, `pg_trgm`-style trigram similarity
 * computed in the process (to match query words against brand spellings and catalog words without a
 * query), and «one edit apart».
 */
import { Cache } from '../../lib/cache.js';

/** Lower case, `ё` → `е`, apostrophes dropped, anything but letters/digits → one space. */
export function normalize(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/['’`ʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Trigram sets already built, by normalised string: at most 5 000 (the brand keys and catalog words recur
 * in every query; the least recently used set goes first), no lifetime — a string's trigrams never change.
 */
const trigramSets = new Cache<string, Set<string>>({ max: 5000 });

/** pg_trgm-style trigrams of a normalised string (each word padded `  w `); do not mutate the result. */
function trigrams(s: string): Set<string> {
  return trigramSets.memo(s, () => {
    const out = new Set<string>();
    for (const w of s.split(' ').filter(Boolean)) {
      const p = `  ${w} `;
      for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
    }
    return out;
  });
}

/**
 * pg_trgm `similarity()` of two normalised strings.
 * @param atLeast a threshold the caller compares with: when the two trigram sets differ so much in size
 *   that the similarity cannot reach it (it is at most the smaller size over the larger), 0 is returned
 *   without comparing them
 * @returns shared trigrams / all distinct trigrams of both, 0–1
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
