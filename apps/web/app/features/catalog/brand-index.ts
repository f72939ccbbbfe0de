/**
 * The A–Z brand index (screen `brands`): each brand once, under the first letter of its name as written
 * («Nike» under N, «Зарина» under З), with the other spelling beside it («Найк»); the page's filter
 * ({@link matchesBrand}) finds a brand by either spelling.
 */
export interface IndexBrand {
  slug: string;
  name: string;
  name_ru: string;
  count: number;
}

export interface LetterGroup {
  letter: string;
  /** `latin`, `cyrillic` or `other` (digits, symbols). */
  script: 'latin' | 'cyrillic' | 'other';
  /** `label` is the name as written; `alt` the Cyrillic spelling when it differs (else empty). */
  entries: { brand: IndexBrand; label: string; alt: string }[];
}

const scriptOf = (ch: string): LetterGroup['script'] =>
  /[A-Z]/.test(ch) ? 'latin' : /[А-ЯЁ]/.test(ch) ? 'cyrillic' : 'other';

const fold = (s: string) => s.trim().toLowerCase().replaceAll('ё', 'е');

/** Groups brands by the first letter of their name; Latin letters first, then Cyrillic, then «0–9». */
export function brandIndex(brands: IndexBrand[]): LetterGroup[] {
  const groups = new Map<string, LetterGroup>();
  for (const brand of brands) {
    const label = brand.name.trim();
    const first = label.charAt(0).toUpperCase();
    if (!first) continue;
    const script = scriptOf(first);
    const letter = script === 'other' ? '0–9' : first === 'Ё' ? 'Е' : first;
    let g = groups.get(letter);
    if (!g) groups.set(letter, (g = { letter, script, entries: [] }));
    const alt = brand.name_ru && fold(brand.name_ru) !== fold(label) ? capitalize(brand.name_ru.trim()) : '';
    g.entries.push({ brand, label, alt });
  }
  const order = { latin: 0, cyrillic: 1, other: 2 };
  return [...groups.values()]
    .map((g) => ({ ...g, entries: g.entries.sort((a, b) => a.label.localeCompare(b.label, 'ru')) }))
    .sort((a, b) => order[a.script] - order[b.script] || a.letter.localeCompare(b.letter, 'ru'));
}

/**
 * Whether a brand matches the page's filter text: a word start of its name or of its Cyrillic spelling,
 * case- and ё-insensitive («най» finds Nike, «bal» New Balance). Empty text matches every brand.
 */
export function matchesBrand(brand: Pick<IndexBrand, 'name' | 'name_ru'>, text: string): boolean {
  const q = fold(text);
  if (!q) return true;
  return [brand.name, brand.name_ru].some((n) => {
    const s = fold(n);
    return s.startsWith(q) || s.includes(` ${q}`) || s.includes(`-${q}`);
  });
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
