/** Listing slugs: the title transliterated to Latin (ГОСТ-like, as Russian shops do) plus the listing id. */
import { transliterate } from '../../lib/translit.js';

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
