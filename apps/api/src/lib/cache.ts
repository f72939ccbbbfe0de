/**
 * The one in-process cache of the API, on `lru-cache` (architecture §6 «Shared state»: a cache kept in
 * one process must be one whose staleness the shop can live with — every instance fills its own, so
 * several instances never need to agree). Every cache built here states its bound (most entries; the
 * least recently used is dropped first) and its lifetime where it is defined.
 *
 * What it adds to a bare map:
 * - **a bound** (`max`) and **a lifetime** (`ttlMs`): a value older than that is never served;
 * - **one load for concurrent misses** ({@link Cache.fetch}: lru-cache's `fetch`): ten requests that need
 *   the same missing value at once run one load and all get its result;
 * - **renewal ahead of expiry** (`renewAt`): a value past that share of its life is loaded again in the
 *   background while it is still served, so under steady traffic no request waits for a reload. Past
 *   its lifetime a value is not served stale: the request waits for the load (one for all);
 * - **values not worth keeping** (`keep`): a loaded value that fails it is handed to every request that
 *   waited for that load, and not stored (lru-cache's `maxEntrySize`: such values are sized too big);
 * - **failures**: a failed load is forgotten (the next request loads again); a failed renewal leaves the
 *   old value to expire as usual.
 *
 * The clock is `Date.now` unless one is given (`now`), so tests that move `Date` (`vi.setSystemTime`)
 * move the caches too; it is read on every check (no `ttlResolution` rounding).
 */
import { LRUCache } from 'lru-cache';

/** How a {@link Cache} bounds, ages and keeps its entries. */
export interface CacheOptions<V> {
  /** Most entries kept; when full, the least recently used one is dropped. */
  max: number;
  /** Lifetime of an entry, ms: a value at most this old is served. Omitted: until it is dropped. */
  ttlMs?: number;
  /**
   * Share of `ttlMs` (0–1) after which a value read through {@link Cache.fetch} is loaded again in the
   * background while it is still served (e.g. 0.75 of 30 s: renewed from 22.5 s on). Omitted: never.
   */
  renewAt?: number;
  /** Whether a value is stored (default: every value). Others reach the requests that waited for them only. */
  keep?: (value: V) => boolean;
  /**
   * Most bytes kept (with `sizeOf`): past it the least recently used entries are dropped; a value bigger than
   * all of it is not stored. Omitted: only `max` bounds the cache.
   */
  maxBytes?: number;
  /** The size of a value in bytes, counted against `maxBytes`. */
  sizeOf?: (value: V) => number;
  /** The clock, ms (default `Date.now`). Must not return 0 (lru-cache reads a zero start as «no TTL»). */
  now?: () => number;
}

/** A load for {@link Cache.fetch}, run at most once at a time per key. */
export type Load<V> = () => Promise<V>;

/** A bounded cache of values of type `V` by key `K` (see the module comment). */
export class Cache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly #lru: LRUCache<K, V, Load<V>>;
  readonly #renewWhenLeftMs: number | undefined;

  constructor(options: CacheOptions<V>) {
    const { max, ttlMs, renewAt, keep, maxBytes, sizeOf, now = () => Date.now() } = options;
    if (renewAt !== undefined && (ttlMs === undefined || !(renewAt > 0 && renewAt < 1)))
      throw new RangeError('renewAt needs ttlMs and lies between 0 and 1');
    if ((maxBytes === undefined) !== (sizeOf === undefined)) throw new RangeError('maxBytes and sizeOf go together');
    // A value failing `keep` is sized past the largest entry allowed, so lru-cache does not store it.
    const entryLimit = maxBytes ?? 1;
    const sizing =
      keep || sizeOf
        ? {
            maxEntrySize: entryLimit,
            ...(maxBytes !== undefined ? { maxSize: maxBytes } : {}),
            sizeCalculation: (v: V) => (keep && !keep(v) ? entryLimit + 1 : sizeOf ? Math.max(1, sizeOf(v)) : 1),
          }
        : {};
    this.#renewWhenLeftMs = renewAt === undefined || ttlMs === undefined ? undefined : ttlMs * (1 - renewAt);
    this.#lru = new LRUCache<K, V, Load<V>>({
      max,
      ...(ttlMs !== undefined ? { ttl: ttlMs, ttlResolution: 0 } : {}),
      perf: { now },
      ...sizing,
      fetchMethod: (_key, _stale, { context }) => context(),
      // A renewal that fails restores the value it was renewing (which then expires as usual); a load
      // with nothing to fall back on is forgotten and its error reaches the requests waiting for it.
      noDeleteOnFetchRejection: true,
      // A load whose entry is replaced (set), deleted or evicted meanwhile still answers its waiters.
      ignoreFetchAbort: true,
    });
  }

  /**
   * The value of `key`: a fresh one at once (renewed in the background past `renewAt`), otherwise the
   * result of `load()` — one load for all concurrent requests of that key.
   * @throws whatever `load` throws, to every request that waited for that load
   */
  fetch(key: K, load: Load<V>): Promise<V> {
    const hit = this.#lru.get(key);
    if (hit !== undefined) {
      const left = this.#renewWhenLeftMs;
      // While a renewal runs, fetch() hands back that same renewal: nothing new is started.
      if (left !== undefined && this.#lru.getRemainingTTL(key) <= left)
        this.#lru.fetch(key, { forceRefresh: true, context: load }).catch(() => undefined);
      return Promise.resolve(hit);
    }
    return this.#lru.fetch(key, { context: load }).then((v) => v!);
  }

  /**
   * The value of `key`, computed by `compute()` and stored when it is missing or expired (synchronous:
   * for pure computations such as trigram sets).
   */
  memo(key: K, compute: () => V): V {
    const hit = this.#lru.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.#lru.set(key, value);
    return value;
  }

  /** The fresh value of `key` (marked as recently used), or `undefined`; never loads. */
  get(key: K): V | undefined {
    return this.#lru.get(key);
  }

  /** The fresh value of `key`, or `undefined`; never loads and leaves the recency order alone. */
  peek(key: K): V | undefined {
    return this.#lru.peek(key);
  }

  /** Stores `value` for `key` (a value failing `keep` removes the entry instead). */
  set(key: K, value: V): void {
    this.#lru.set(key, value);
  }

  /** Forgets `key` (a load of it already running still answers its waiters, but is not stored). */
  delete(key: K): void {
    this.#lru.delete(key);
  }

  /** Forgets every entry (a purge after a change that many keys show, e.g. a listing blocked by staff). */
  clear(): void {
    this.#lru.clear();
  }

  /** How many entries are stored (expired ones not yet dropped included). */
  get size(): number {
    return this.#lru.size;
  }
}

/**
 * A {@link Cache} per owner object — per database in the catalog, so two apps (two tests) never share
 * entries, and a dropped database takes its caches with it (a `WeakMap`).
 * @returns the owner's cache, made on first use
 */
export function cachePer<O extends object, K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: CacheOptions<V>,
): (owner: O) => Cache<K, V> {
  const caches = new WeakMap<O, Cache<K, V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = new Cache<K, V>(options)));
    return cache;
  };
}
