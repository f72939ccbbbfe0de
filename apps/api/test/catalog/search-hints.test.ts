/**
 * Search without dead ends through HTTP, on the seeded demo catalog: typos still
 * find and are corrected («Возможно, вы имели в виду …»), the header box's suggested listings are among the
 * results the search page shows for the same text, and a search that finds nothing offers ways out —
 * nearby categories, popular queries and filters to remove — each of which finds what it promises.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facetsSchema, searchHintsSchema, suggestSchema, type SearchHints } from '@vitrina/contract/catalog';
import { createTestApp, dbAvailable, getOk, type TestContext } from '../helpers.js';

type PageBody = { count: number; results: { slug: string }[] };

describe.runIf(dbAvailable())('search hints and suggestions', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const get = (path: string) => getOk(t.app, path);
  const search = async (q: string, extra = '') =>
    (await get(`/v1/public/search/?q=${encodeURIComponent(q)}${extra}`)) as PageBody;
  const hints = async (q: string, extra = ''): Promise<SearchHints> =>
    searchHintsSchema.parse(await get(`/v1/public/search/hints/?q=${encodeURIComponent(q)}${extra}`));

  it('a typo still finds, and the correction offered finds listings', async () => {
    for (const [typo, right] of [
      ['кросовки', 'кроссовки'],
      ['платте', 'платья'],
      ['джинци', 'джинсы'],
      ['адидос', 'адидас'],
    ] as const) {
      expect((await search(typo)).count, typo).toBeGreaterThan(0);
      const h = await hints(typo);
      expect(h.correction, typo).toBe(right);
      expect((await search(right)).count, right).toBeGreaterThan(0);
      // A search that found something offers no ways out.
      expect(h).toMatchObject({ categories: [], popular: [], without: [] });
    }
  });

  it('words spelt right are not «corrected»', async () => {
    for (const q of ['кроссовки', 'кроссовок', 'платье', 'nike', 'пуховик женский', 'сумка'])
      expect((await hints(q)).correction, q).toBeNull();
  });

  it('the suggested listings are the first results of the search page for the same text', async () => {
    for (const q of ['кросовки', 'кросс', 'кр', 'платте', 'джинци', 'пуховик женский', 'nike 42', 'адидос', 'сумка']) {
      const s = suggestSchema.parse(await get(`/v1/public/search/suggest/?q=${encodeURIComponent(q)}`));
      const results = (await search(q, '&page_size=24')).results.map((r) => r.slug);
      const suggested = s.products.map((p) => p.slug);
      for (const slug of suggested) expect(results, `${q}: ${slug}`).toContain(slug);
      expect(suggested, q).toEqual(results.slice(0, suggested.length));
    }
  });

  it('a query that finds nothing offers popular queries that do find', async () => {
    expect((await search('qwertyzz')).count).toBe(0);
    const h = await hints('qwertyzz');
    expect(h.correction).toBeNull();
    expect(h.popular.length).toBeGreaterThan(2);
    for (const p of h.popular) expect((await search(p)).count, p).toBeGreaterThan(0);
  });

  it('filters that empty a search: removing each one offered finds its count; categories search inside', async () => {
    // A condition some sneakers have, and a size none has: each alone finds some, both together none.
    const f = facetsSchema.parse(await get(`/v1/public/facets/?q=${encodeURIComponent('кроссовки')}`));
    const extra = `&size=XXL&condition=${f.conditions[0]!.value}`;
    expect((await search('кроссовки', extra)).count).toBe(0);
    const h = await hints('кроссовки', extra);
    expect(h.without.map((w) => w.filter)).toContain('size');
    for (const w of h.without) {
      const params = new URLSearchParams(extra.slice(1));
      params.delete(w.filter);
      expect((await search('кроссовки', `&${params.toString()}`)).count, w.filter).toBe(w.count);
    }
    expect(h.categories.length).toBeGreaterThan(0);
    for (const c of h.categories) {
      expect(c.with_query).toBe(true);
      expect((await search('кроссовки', `&category=${c.id}`)).count, c.name).toBe(c.count);
    }
  });

  it('words that find nothing but name a category offer that category to browse', async () => {
    const h = await hints('кроссовки zzzz');
    expect((await search('кроссовки zzzz')).count).toBe(0);
    expect(h.categories.length).toBeGreaterThan(0);
    for (const c of h.categories) {
      expect(c.with_query).toBe(false);
      const list = (await get(`/v1/public/products/?category=${c.id}&page_size=1`)) as PageBody;
      expect(list.count, c.name).toBe(c.count);
    }
  });

  it('bad input is a 400 naming the field', async () => {
    expect((await t.app.inject('/v1/public/search/hints/')).statusCode).toBe(400);
    const long = await t.app.inject(`/v1/public/search/hints/?q=${'я'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json() as object)).toContain('q');
    const bad = await t.app.inject(`/v1/public/search/hints/?q=a&color=plaid`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json() as object)).toContain('color');
  });
});
