/** Listing slugs: the title transliterated to Latin (ГОСТ-like, as Russian shops do) plus the listing id. */
const MAP: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

/** Latin transliteration of Russian text, lower case. */
export function transliterate(text: string): string {
  return [...text.toLowerCase()].map((ch) => MAP[ch] ?? ch).join('');
}

/**
 * `slugify('Кроссовки Nike Air Max 90', 1234)` → `krossovki-nike-air-max-90-1234`.
 * @param id the listing id (keeps the slug unique); the title part is cut to 60 characters
 */
export function slugify(title: string, id: number): string {
  const base = transliterate(title.normalize('NFC'))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return base ? `${base}-${id}` : `item-${id}`;
}
