/**
 * The small dictionaries search understands a query with (issue «The shop runs»: «Search understands
 * Russian»): brands with their normalised spellings, the size values of every grid and the catalog's own
 * words. Each is read from the database at most once per `DICTIONARY_TTL_MS` (30 s, memo.ts) per database.
 */
import { sql } from 'drizzle-orm';
import { COLORS, CONDITIONS } from '@vitrina/contract/catalog';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { memo } from './memo.js';
import { normalize } from './similarity.js';

/** A brand as search sees it. */
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

/** All brands with their normalised spellings (the brand table is small), reused for 30 s. */
export function brandDictionary(db: Db): Promise<BrandEntry[]> {
  return memo(db, 'brands', () => loadBrandDictionary(db));
}

/** All brands with their normalised spellings, read now (inside a transaction too: `brandDictionary` reuses them). */
export async function loadBrandDictionary(db: Db | Tx): Promise<BrandEntry[]> {
  const rows = await queryRows<{
    id: number;
    slug: string;
    name: string;
    name_ru: string;
    aliases: string[] | null;
    is_popular: boolean;
  }>(db as Db, sql`select b.id, b.slug, b.name, b.name_ru, b.aliases, b.is_popular from brands b`);
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

/** Lower-cased size values of every grid (a query word that is one becomes a size filter), reused for 30 s. */
export function knownSizeValues(db: Db): Promise<Set<string>> {
  return memo(db, 'sizes', () => loadSizeValues(db));
}

async function loadSizeValues(db: Db): Promise<Set<string>> {
  const rows = await queryRows<{ v: string }>(db, sql`select distinct lower(value) as v from sizes`);
  return new Set(rows.map((r) => r.v.replace(',', '.')));
}

/**
 * The catalog's own words (category names, colour and condition labels), normalised, 4+ letters: the
 * vocabulary typos and odd word forms of a query are matched against. Reused for 30 s.
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
