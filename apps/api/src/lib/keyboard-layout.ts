/**
 * Russian typed on the Latin keyboard layout («rhjccjdrb» for «кроссовки», «ghjlfnm» for «продать»), as
 * Ozon and Avito understand it: the same keys of the Russian ЙЦУКЕН layout on a US QWERTY keyboard. Pure
 * functions; search (catalog/search.ts) and its suggestions use them when a query looks typed on the wrong
 * layout or finds nothing as typed.
 */

const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RUSSIAN_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const SHIFTED_LATIN = 'QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>~';
const SHIFTED_RUSSIAN = 'ЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮЁ';

const KEY_MAP = new Map<string, string>();
for (let i = 0; i < LATIN_KEYS.length; i++) {
  KEY_MAP.set(LATIN_KEYS[i]!, RUSSIAN_KEYS[i]!);
  KEY_MAP.set(SHIFTED_LATIN[i]!, SHIFTED_RUSSIAN[i]!);
}

/**
 * The text as it would read had it been typed on the Russian layout: every key of the Latin layout (letters
 * and `[ ] ; ' , . \``, with Shift: «[kt,» is «хлеб») replaced by the Russian letter on the same key; spaces,
 * digits and other characters kept.
 * @returns the converted text, or `null` when the text has no Latin letter or already has Cyrillic ones
 *   (nothing to convert)
 */
export function fromLatinLayout(text: string): string | null {
  if (!/[a-z]/i.test(text) || /[\u0400-\u04ff]/.test(text)) return null;
  return [...text].map((ch) => KEY_MAP.get(ch) ?? ch).join('');
}

/** Letters an English (or transliterated Russian) word of 3+ letters practically always has. */
const LATIN_VOWELS = /[aeiouy]/i;

/** Clothing sizes spelled without vowels («xxl», «3xl»). */
const SIZE_WORD = /^(x*[sl]|\d?xl)$/i;

/**
 * Whether a Latin query looks typed on the wrong layout: a word of 3+ letters without a Latin vowel
 * («rhjccjdrb», «ghjlfnm», «rtls»), or a key mark between letters («j,edm» for «обувь»). Brand
 * names and English words have vowels, so «nike», «new balance» and «levis» stay as typed. A query that
 * does not look so is still converted when it finds nothing as typed (the caller's fallback).
 */
export function looksLikeWrongLayout(text: string): boolean {
  if (fromLatinLayout(text) === null) return false;
  return text
    .split(/\s+/)
    .some(
      (w) => (/^[a-z]{3,}$/i.test(w) && !LATIN_VOWELS.test(w) && !SIZE_WORD.test(w)) || /[a-z][[\];',.`][a-z]/i.test(w),
    );
}
