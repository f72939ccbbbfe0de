/**
 * Broad searches (issue «The shop runs»: search at 100 000 listings): a word that matches thousands of
 * listings is listed newest first, and its pages are read by walking the date index (catalog/search.ts,
 * `newestThroughDateIndex`) or, when that would be long or the matches are all old, through the text
 * index. Whichever way a page is read, it must be exactly the newest-first order, page after page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeFixture } from '../catalog-fixtures.js';

type PageBody = { count: number; results: { slug: string }[] };

describe.runIf(dbAvailable())('broad search, newest first', () => {
  let t: TestContext;
  /** Slugs of the matching listings, newest first, as the database orders them. */
  const expected: Record<string, string[]> = {};

  const page = async (q: string, n: number, extra = '') => {
    const res = await t.app.inject(`/v1/public/search/?q=${encodeURIComponent(q)}&page=${n}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PageBody;
  };

  /** `n` active listings titled `title N`, one a minute from `from` (every `step` minutes). */
  const insert = (
    title: string,
    prefix: string,
    n: number,
    from: string,
    step: number,
    owner: number,
    category: number,
  ) =>
    t.app.db.execute(sql`
      insert into products (slug, owner_id, title, category_id, type, condition, status, min_price, search_text, published_at, updated_at)
      select ${prefix} || g, ${owner}, ${title} || ' ' || g, ${category}, 'women', 'excellent', 'active', 150000, ${title},
             ${from}::timestamptz + (g * ${step}) * interval '1 minute', now()
      from generate_series(1, ${n}) g`);

  beforeAll(async () => {
    t = await createTestApp();
    const f = await makeFixture(t.app.db);
    const owner = f.sellers.a;
    const cat = f.cats.clothesRoot;
    // «Сарафан» and «Туника» interleaved (every other minute): a broad match spread through the catalog.
    await insert('Сарафан льняной', 'tst-sarafan-', 1700, '2026-10-01T00:00:00Z', 2, owner, cat);
    await insert('Туника хлопковая', 'tst-tunika-', 1700, '2026-10-01T00:01:00Z', 2, owner, cat);
    // «Кардиган»: as broad, but every one older than all of the above (the date walk finds none of them).
    await insert('Кардиган шерстяной', 'tst-kardigan-', 1600, '2025-01-01T00:00:00Z', 1, owner, cat);
    await t.app.db.execute(sql`analyze products`);
    for (const [q, like] of [
      ['сарафан', 'tst-sarafan-%'],
      ['кардиган', 'tst-kardigan-%'],
    ] as const) {
      const rows = await queryRows<{ slug: string }>(
        t.app.db,
        sql`select slug from products where slug like ${like} order by published_at desc, id desc`,
      );
      expected[q] = rows.map((r) => r.slug);
    }
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists a match spread among newer listings newest first, on the first, next and last pages', async () => {
    const first = await page('сарафан', 1);
    expect(first.count).toBe(1700);
    expect(first.results.map((r) => r.slug)).toEqual(expected['сарафан']!.slice(0, 24));
    expect((await page('сарафан', 2)).results.map((r) => r.slug)).toEqual(expected['сарафан']!.slice(24, 48));
    // Page 71 is past what a bounded walk reads: the text index answers it, in the same order.
    const last = await page('сарафан', 71);
    expect(last.results.map((r) => r.slug)).toEqual(expected['сарафан']!.slice(1680));
  });

  it('lists a match older than everything else newest first (the walk finds none and gives way)', async () => {
    const first = await page('кардиган', 1);
    expect(first.count).toBe(1600);
    expect(first.results.map((r) => r.slug)).toEqual(expected['кардиган']!.slice(0, 24));
    expect((await page('кардиган', 3)).results.map((r) => r.slug)).toEqual(expected['кардиган']!.slice(48, 72));
  });

  it('keeps the same order with sort=new and with a filter on top of the words', async () => {
    const byNew = await page('сарафан', 2, '&sort=new');
    expect(byNew.results.map((r) => r.slug)).toEqual(expected['сарафан']!.slice(24, 48));
    const typed = await page('сарафан', 1, '&type=women&page_size=60');
    expect(typed.results.map((r) => r.slug)).toEqual(expected['сарафан']!.slice(0, 60));
    expect((await page('сарафан', 1, '&type=men')).count).toBe(0);
  });
});
