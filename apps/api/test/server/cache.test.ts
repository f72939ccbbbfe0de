/**
 * The cache helper (lib/cache.ts) on its own, with an injected clock: the bound evicts the least recently
 * used entry, a value expires after its lifetime, concurrent misses share one load, a value past `renewAt`
 * is served while it is renewed, values failing `keep` reach their waiters without being stored, and
 * failures are forgotten (a failed renewal leaves the old value to expire); `maxBytes` bounds the bytes. No database.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Cache, cachePer } from '../../src/lib/cache.js';

/** A clock the test moves by hand (starts away from 0: lru-cache reads a zero start as «no lifetime»). */
function manualClock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

/** A load the test resolves by hand, counting how often it was started. */
function controlledLoad<V>() {
  const calls: { resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const load = () => new Promise<V>((resolve, reject) => void calls.push({ resolve, reject }));
  return { load, calls };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((r) => setImmediate(r));

describe('Cache (lib/cache.ts)', () => {
  afterEach(() => vi.useRealTimers());

  it('reads Date by default, so a faked Date moves even a cache made before it was faked', () => {
    const cache = new Cache<string, number>({ max: 10, ttlMs: 1000 });
    vi.useFakeTimers({ toFake: ['Date'] });
    cache.set('k', 1);
    vi.setSystemTime(Date.now() + 1001);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keeps at most `max` entries, dropping the least recently used', async () => {
    const cache = new Cache<string, number>({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
    expect(cache.peek('c')).toBe(3);
    let loads = 0;
    expect(await cache.fetch('b', async () => (loads++, 20))).toBe(20); // dropped: loaded again
    expect(loads).toBe(1);
  });

  it('keeps at most `maxBytes`, dropping the least recently used, and never a value bigger than all of it', () => {
    const cache = new Cache<string, string>({
      max: 100,
      maxBytes: 10,
      sizeOf: (v) => v.length,
      keep: (v) => v !== 'nope',
    });
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc'); // 12 bytes: b, the least recently used, goes
    expect(cache.peek('b')).toBeUndefined();
    expect([cache.peek('a'), cache.peek('c')]).toEqual(['aaaa', 'cccc']);
    cache.set('big', 'x'.repeat(11));
    expect(cache.peek('big')).toBeUndefined();
    cache.set('n', 'nope');
    expect(cache.peek('n')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('serves a value for its lifetime and loads it again after', async () => {
    const clock = manualClock();
    const cache = new Cache<string, number>({ max: 10, ttlMs: 30_000, now: clock.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.fetch('k', load)).toBe(1);
    clock.advance(30_000);
    expect(cache.peek('k')).toBe(1); // 30 s old: still served
    expect(await cache.fetch('k', load)).toBe(1);
    clock.advance(1);
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.fetch('k', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('runs one load for concurrent misses of a key, and one per key', async () => {
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000, now: manualClock().now });
    const { load, calls } = controlledLoad<string>();
    const waiting = Array.from({ length: 10 }, () => cache.fetch('k', load));
    const other = cache.fetch('other', load);
    expect(calls).toHaveLength(2);
    calls[0]!.resolve('v');
    calls[1]!.resolve('w');
    expect(await Promise.all(waiting)).toEqual(Array(10).fill('v'));
    expect(await other).toBe('w');
    expect(await cache.fetch('k', load)).toBe('v');
    expect(calls).toHaveLength(2);
  });

  it('renews a value past `renewAt` in the background, serving the old one meanwhile', async () => {
    const clock = manualClock();
    const cache = new Cache<string, string>({ max: 10, ttlMs: 30_000, renewAt: 0.75, now: clock.now });
    const { load, calls } = controlledLoad<string>();
    const first = cache.fetch('k', load);
    calls[0]!.resolve('old');
    expect(await first).toBe('old');

    clock.advance(22_499); // before ¾ of the lifetime: served, nothing loaded
    expect(await cache.fetch('k', load)).toBe('old');
    expect(calls).toHaveLength(1);

    clock.advance(2); // past ¾: served at once, one renewal for all
    expect(await Promise.all([cache.fetch('k', load), cache.fetch('k', load), cache.fetch('k', load)])).toEqual([
      'old',
      'old',
      'old',
    ]);
    expect(calls).toHaveLength(2);
    expect(cache.peek('k')).toBe('old');

    calls[1]!.resolve('new');
    await settle();
    expect(cache.peek('k')).toBe('new');
    clock.advance(25_000); // the renewed value has a lifetime of its own
    expect(cache.peek('k')).toBe('new');
  });

  it('waits for the load once a value has expired (no stale answer past its lifetime)', async () => {
    const clock = manualClock();
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000, renewAt: 0.75, now: clock.now });
    const { load, calls } = controlledLoad<string>();
    const first = cache.fetch('k', load);
    calls[0]!.resolve('old');
    await first;
    clock.advance(1001);
    let answered: string | undefined;
    const waiting = cache.fetch('k', load).then((v) => (answered = v));
    await settle();
    expect(answered).toBeUndefined();
    calls[1]!.resolve('new');
    await waiting;
    expect(answered).toBe('new');
  });

  it('hands values failing `keep` to the waiting requests without storing them', async () => {
    const cache = new Cache<string, number>({ max: 10, ttlMs: 1000, keep: (n) => n >= 500, now: manualClock().now });
    const { load, calls } = controlledLoad<number>();
    const waiting = Array.from({ length: 5 }, () => cache.fetch('small', load));
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(7);
    expect(await Promise.all(waiting)).toEqual(Array(5).fill(7));
    expect(cache.peek('small')).toBeUndefined();
    expect(cache.size).toBe(0);

    cache.set('large', 600);
    expect(cache.peek('large')).toBe(600);
    cache.set('large', 6); // a figure that dropped below the bar replaces nothing: the entry goes
    expect(cache.peek('large')).toBeUndefined();
  });

  it('forgets a failed load, and keeps the old value when its renewal fails', async () => {
    const clock = manualClock();
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000, renewAt: 0.5, now: clock.now });
    await expect(cache.fetch('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    expect(await cache.fetch('k', async () => 'v')).toBe('v');

    clock.advance(600);
    expect(await cache.fetch('k', () => Promise.reject(new Error('down')))).toBe('v');
    await settle();
    expect(cache.peek('k')).toBe('v'); // the failed renewal left the value …
    clock.advance(401);
    expect(cache.peek('k')).toBeUndefined(); // … to expire at its own time
  });

  it('answers the waiters of a load whose entry was replaced or deleted meanwhile', async () => {
    const cache = new Cache<string, string>({ max: 10, ttlMs: 1000, now: manualClock().now });
    const { load, calls } = controlledLoad<string>();
    const replaced = cache.fetch('a', load);
    cache.set('a', 'set meanwhile');
    const deleted = cache.fetch('b', load);
    cache.delete('b');
    calls[0]!.resolve('loaded a');
    calls[1]!.resolve('loaded b');
    expect(await replaced).toBe('loaded a');
    expect(await deleted).toBe('loaded b');
    expect(cache.peek('a')).toBe('set meanwhile');
    expect(cache.peek('b')).toBeUndefined();
  });

  it('memoises synchronous computations', () => {
    const cache = new Cache<string, number>({ max: 2 });
    let runs = 0;
    const square = (k: string) => cache.memo(k, () => (runs++, Number(k) ** 2));
    expect([square('3'), square('3'), square('4')]).toEqual([9, 9, 16]);
    expect(runs).toBe(2);
  });

  it('keeps one cache per owner', () => {
    const cacheOf = cachePer<object, string, number>({ max: 10 });
    const one = {};
    const two = {};
    cacheOf(one).set('k', 1);
    expect(cacheOf(one).peek('k')).toBe(1);
    expect(cacheOf(two).peek('k')).toBeUndefined();
    expect(cacheOf(one)).toBe(cacheOf(one));
  });
});
