/**
 * Page URLs carrying what PostgreSQL text cannot hold (architecture §3: nothing a client sends is a 500): a NUL
 * (`%00`) or another control character in a page's path or query, and the same page's `.data`. The server render's
 * own reads (modules/catalog/ssr-reads.ts) leave such a path to the API route and its NUL guard
 * (plugins/nul-guard.ts): a listing that cannot exist is the 404 page, a filter that cannot match is refused by the
 * route — never a 500 nor a failed query in the log. Then a fuzz of page URLs with such characters (fixed seed and
 * count). With the built web app (`npm run build -w apps/web`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

/** The seed and the number of the fuzzed page URLs (bounded: each is a server render). */
const SEED = 34;
const RUNS = 60;

describe.runIf(dbAvailable())('page URLs with NUL and control characters', () => {
  let t: TestContext;
  let slug: string;
  const lines: string[] = [];
  /** Log lines at level error (50) or above: a failed query or a 500. */
  const errors = () => lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'warn' },
      { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
      { web: true },
    );
    const list = await t.app.inject({ url: '/v1/public/products/?type=women' });
    slug = (list.json() as { results: { slug: string }[] }).results[0]!.slug;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a listing slug with a NUL with the 404 page, and its .data with a 404', async () => {
    for (const url of ['/product/abc%00def', `/product/${slug}%00`, '/seller/1%00', '/catalog/brand/nike%00']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, `${url}: ${page.body.slice(0, 300)}`).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.body, url).toContain('Страница не найдена');
      const data = await t.app.inject({ url: `${url.replace(/\/$/, '')}.data` });
      expect(data.statusCode, `${url}.data: ${data.body.slice(0, 300)}`).toBe(404);
    }
    expect(errors()).toEqual([]);
  });

  it('answers a catalog filter with a NUL below 500, without a failed query in the log', async () => {
    for (const url of ['/catalog/women?size=%00', '/catalog/women?q=%00', '/catalog/search?q=a%00b', '/?x=%00']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, `${url}: ${page.body.slice(0, 300)}`).toBeLessThan(500);
      const data = await t.app.inject({ url: url.replace(/^(\/[^?]*?)\/?(\?|$)/, '$1.data$2') });
      expect(data.statusCode, url).toBeLessThan(500);
    }
    expect(errors()).toEqual([]);
  });

  it('fuzz: page URLs with NUL and control characters never get a 5xx nor log an error', async () => {
    const pages = [
      '/',
      '/product/{}',
      `/product/${slug}{}`,
      '/seller/{}',
      '/catalog/{}',
      '/catalog/women',
      '/catalog/brand/{}',
      '/catalog/compilation/{}',
      '/catalog/search',
      '/blog/{}',
      '/jobs/{}',
      '/faq',
    ];
    const control = fc.integer({ min: 0, max: 0x1f }).map((c) => `%${c.toString(16).padStart(2, '0')}`);
    const piece = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('%00', '%7F', '%0D%0A', '\u0000') },
      { weight: 2, arbitrary: control },
      { weight: 2, arbitrary: fc.constantFrom('abc', 'nike', 'women', '1', '999999999999', 'ж') },
    );
    const hostile = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
    const query = fc.option(
      fc.tuple(fc.constantFrom('size', 'q', 'brand', 'page', 'sort', 'price_min', 'category'), hostile),
      { freq: 2 },
    );
    const urls = fc.sample(
      fc.tuple(fc.constantFrom(...pages), hostile, query, fc.boolean()).map(([page, bad, q, data]) => {
        const path = page.includes('{}') ? page.replace('{}', bad) : page;
        const qs = q ? `?${q[0]}=${q[1]}` : page.includes('{}') ? '' : `?q=${bad}`;
        return `${data ? `${path === '/' ? '/_root' : path}.data` : path}${qs}`;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    const failures: string[] = [];
    for (const url of urls) {
      const res = await t.app.inject({ url });
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url}: ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(errors()).toEqual([]);
  });
});
