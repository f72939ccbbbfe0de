/**
 * Latin transliteration of Russian (and a few other Cyrillic and Latin-with-diacritics) letters, as Russian
 * shops write URL slugs: «Пуховик» → «pukhovik». Shared by listing slugs (products) and the demo catalog (seed).
 */
const TRANSLIT: Record<string, string> = {
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
  å: 'a',
  ä: 'a',
  é: 'e',
  è: 'e',
  ö: 'o',
  ü: 'u',
};

/** The text in lower case with every letter of the table replaced by its Latin spelling; others are kept. */
export function transliterate(text: string): string {
  return [...text.toLowerCase()].map((ch) => TRANSLIT[ch] ?? ch).join('');
}
