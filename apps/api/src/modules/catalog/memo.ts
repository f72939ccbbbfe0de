/**
 * Small, near-static reference data of the catalog (categories, brand slugs, the search dictionaries)
 * read at most once per {@link DICTIONARY_TTL_MS} per database and process. Every instance reads the
 * database itself, so several instances agree within that time; callers that miss an entry they were
 * asked about ({@link memoHaving}) read afresh at once, so a category or brand added a moment ago is
 * never refused. A value past three quarters of its life is read again in the background while it is still
 * served, so under steady traffic no request waits for a reload.
 */
import type { Db } from '../../db/client.js';

/** How long reference data is reused, ms. */
export const DICTIONARY_TTL_MS = 30_000;
/** Share of {@link DICTIONARY_TTL_MS} after which a value is renewed in the background. */
const RENEW_AT = 0.75;
const dictionaries = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown>; renewing?: boolean }>>();

/**
 * The value of `load()` for `key`, reused for {@link DICTIONARY_TTL_MS}; a failed load is forgotten.
 * @returns the (possibly shared) promise of the value
 */
export function memo<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let byKey = dictionaries.get(db);
  if (!byKey) dictionaries.set(db, (byKey = new Map()));
  const hit = byKey.get(key);
  const age = hit ? Date.now() - hit.at : Infinity;
  if (hit && age < DICTIONARY_TTL_MS) {
    if (age >= DICTIONARY_TTL_MS * RENEW_AT && !hit.renewing) {
      hit.renewing = true;
      const next = load();
      // The renewed value replaces the entry once it is read; a failed renewal leaves it to expire.
      next.then(
        () => byKey.get(key) === hit && byKey.set(key, { at: Date.now(), value: next }),
        () => undefined,
      );
    }
    return hit.value as Promise<T>;
  }
  const value = load();
  byKey.set(key, { at: Date.now(), value });
  value.catch(() => byKey.delete(key));
  return value;
}

/**
 * Like {@link memo}, but reads afresh when the reused value fails `has` (e.g. lacks an id asked for).
 * @returns the value that passes `has`, or the fresh one when even that does not
 */
export async function memoHaving<T>(db: Db, key: string, load: () => Promise<T>, has: (v: T) => boolean): Promise<T> {
  const v = await memo(db, key, load);
  if (has(v)) return v;
  dictionaries.get(db)?.delete(key);
  return memo(db, key, load);
}
