/**
 * Reused listing counts (catalog/counts.ts) and reference data (memo.ts): requests that need the same count at the same moment share
 * one query, and a popular count is renewed before it expires — no ten identical counts at once when the
 * figure runs out under load. Runs against the real database; a spy only counts the queries that reach it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import {
  CACHED_COUNT_MIN,
  COUNT_REFRESH_AT,
  COUNT_TTL_MS,
  countListings,
  peekCount,
  rememberCount,
} from '../../src/modules/catalog/counts.js';
import { DICTIONARY_TTL_MS, memo } from '../../src/modules/catalog/memo.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('listing counts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const truth = async (where: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products p where ${where}`))[0]!
      .n;

  it('runs one query for requests that need the same count at once', async () => {
    const db = t.database.db;
    const where = [sql`p.status = 'active'`, sql`p.min_price >= ${100}`];
    const want = await truth(sql.join(where, sql` and `));
    const execute = vi.spyOn(db, 'execute');
    const got = await Promise.all(Array.from({ length: 10 }, () => countListings(db, where)));
    expect(got).toEqual(Array(10).fill(want));
    expect(execute).toHaveBeenCalledTimes(1);
    // Once it is done, a small count is not kept: the next request counts again.
    await countListings(db, where);
    expect(execute).toHaveBeenCalledTimes(want >= CACHED_COUNT_MIN ? 1 : 2);
  });

  it('renews a reused count in the background before it expires', async () => {
    const db = t.database.db;
    const where = [sql`p.status = 'active'`, sql`p.min_price >= ${0}`];
    // The demo catalog is small: keep a large figure as if it had been counted (rememberCount's rule).
    vi.useFakeTimers({ toFake: ['Date'] });
    rememberCount(db, where, CACHED_COUNT_MIN + 1);
    const execute = vi.spyOn(db, 'execute');

    vi.setSystemTime(Date.now() + COUNT_TTL_MS * COUNT_REFRESH_AT - 1000);
    expect(await countListings(db, where)).toBe(CACHED_COUNT_MIN + 1); // fresh: served, nothing run
    expect(execute).toHaveBeenCalledTimes(0);

    vi.setSystemTime(Date.now() + 2000); // past the renewal point, not yet expired
    const served = await Promise.all([countListings(db, where), countListings(db, where)]);
    expect(served).toEqual([CACHED_COUNT_MIN + 1, CACHED_COUNT_MIN + 1]); // the old figure, without waiting
    expect(execute).toHaveBeenCalledTimes(1); // one renewal for both
    await vi.waitFor(() => expect(peekCount(db, where) ?? 'forgotten').not.toBe(CACHED_COUNT_MIN + 1));

    // The renewed figure is the real one; small, so it is not kept, and the next request counts afresh.
    const want = await truth(sql.join(where, sql` and `));
    expect(await countListings(db, where)).toBe(want);
  });

  it('renews reference data in the background, serving the old value meanwhile', async () => {
    const db = t.database.db;
    vi.useFakeTimers({ toFake: ['Date'] });
    let reads = 0;
    const load = async () => ++reads;
    expect(await memo(db, 'test-renewal', load)).toBe(1);
    expect(await memo(db, 'test-renewal', load)).toBe(1);
    vi.setSystemTime(Date.now() + DICTIONARY_TTL_MS * 0.8);
    expect(await Promise.all([memo(db, 'test-renewal', load), memo(db, 'test-renewal', load)])).toEqual([1, 1]);
    expect(reads).toBe(2); // one renewal for both
    await vi.waitFor(async () => expect(await memo(db, 'test-renewal', load)).toBe(2));
    vi.setSystemTime(Date.now() + DICTIONARY_TTL_MS * 0.5); // the renewed value is fresh again
    expect(await memo(db, 'test-renewal', load)).toBe(2);
    expect(reads).toBe(2);
  });
});
