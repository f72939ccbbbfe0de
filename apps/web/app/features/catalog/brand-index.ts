/**
 * The A–Z brand index: every brand under the first letter of its Latin name (A–Z), and again under
 * the first letter of its Cyrillic name (А–Я), so «Nike» is found under N and under Н («Найк»).
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
  entries: { brand: IndexBrand; label: string; alt: string }[];
}

const scriptOf = (ch: string): LetterGroup['script'] =>
  /[A-Z]/.test(ch) ? 'latin' : /[А-ЯЁ]/.test(ch) ? 'cyrillic' : 'other';

/** Groups brands by first letter; Latin letters first, then Cyrillic, then «0–9». Sorted inside a group. */
export function brandIndex(brands: IndexBrand[]): LetterGroup[] {
  const groups = new Map<string, LetterGroup>();
  const put = (label: string, alt: string, brand: IndexBrand) => {
    const first = label.trim().charAt(0).toUpperCase();
    if (!first) return;
    const script = scriptOf(first);
    const letter = script === 'other' ? '0–9' : first === 'Ё' ? 'Е' : first;
    let g = groups.get(letter);
    if (!g) groups.set(letter, (g = { letter, script, entries: [] }));
    if (!g.entries.some((e) => e.brand.slug === brand.slug)) g.entries.push({ brand, label, alt });
  };
  for (const b of brands) {
    put(b.name, b.name_ru && b.name_ru.toLowerCase() !== b.name.toLowerCase() ? b.name_ru : '', b);
    if (
      b.name_ru &&
      scriptOf(b.name_ru.trim().charAt(0).toUpperCase()) === 'cyrillic' &&
      b.name_ru.toLowerCase() !== b.name.toLowerCase()
    )
      put(capitalize(b.name_ru), b.name, b);
  }
  const order = { latin: 0, cyrillic: 1, other: 2 };
  return [...groups.values()]
    .map((g) => ({ ...g, entries: g.entries.sort((a, b) => a.label.localeCompare(b.label, 'ru')) }))
    .sort((a, b) => order[a.script] - order[b.script] || a.letter.localeCompare(b.letter, 'ru'));
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
