/**
 * Small, near-static reference data of the catalog (categories, brand slugs, the search dictionaries)
 * read at most once per {@link DICTIONARY_TTL_MS} per database and process (architecture §6 «Shared
 * state»: every instance reads the database itself, so several instances agree within that time; the
 * cache: lib/cache.ts). Callers that miss an entry they were asked about ({@link memoHaving}) read afresh
 * at once, so a category or brand added a moment ago is never refused. A value past three quarters of its
 * life is read again in the background while it is still served, so under steady traffic no request waits
 * for a reload.
 */
import type { Db } from '../../db/client.js';
import { cachePer } from '../../lib/cache.js';

/** How long reference data is reused, ms. */
export const DICTIONARY_TTL_MS = 30_000;
/** Share of {@link DICTIONARY_TTL_MS} after which a value is renewed in the background. */
const RENEW_AT = 0.75;
/** Most dictionaries kept per database (five are in use: categories, brand slugs, brands, sizes, vocabulary). */
const DICTIONARY_MAX = 32;

/**
 * Reference data by name, per database: at most {@link DICTIONARY_MAX} entries, each reused for
 * {@link DICTIONARY_TTL_MS} (30 s) and renewed in the background from ¾ of that on.
 */
const dictionariesOf = cachePer<Db, string, NonNullable<unknown>>({
  max: DICTIONARY_MAX,
  ttlMs: DICTIONARY_TTL_MS,
  renewAt: RENEW_AT,
});

/**
 * The value of `load()` for `key`, reused for {@link DICTIONARY_TTL_MS} ms; concurrent first reads share
 * one load, and a failed load is forgotten.
 * @param key the dictionary's name — one `load` (and one value type) per name
 * @returns the (possibly shared) promise of the value
 * @throws whatever `load` throws, to every request that waited for that load
 */
export function memo<T extends NonNullable<unknown>>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return dictionariesOf(db).fetch(key, load) as Promise<T>;
}

/**
 * Like {@link memo}, but reads afresh when the reused value fails `has` (e.g. lacks an id asked for).
 * @returns the value that passes `has`, or the fresh one when even that does not
 */
export async function memoHaving<T extends NonNullable<unknown>>(
  db: Db,
  key: string,
  load: () => Promise<T>,
  has: (v: T) => boolean,
): Promise<T> {
  const v = await memo(db, key, load);
  if (has(v)) return v;
  dictionariesOf(db).delete(key);
  return memo(db, key, load);
}

/** Forgets every dictionary of `db` in this process (a brand was added: search and suggestions know it at once). */
export const forgetDictionaries = (db: Db): void => dictionariesOf(db).clear();
