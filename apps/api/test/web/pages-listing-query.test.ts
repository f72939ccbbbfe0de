/**
 * The query of a listing page (catalog type, brand, compilation, search) through the real server render: the
 * canonical address keeps only what defines the listing (its filters, sort and a page past 1; shared/lib/seo.ts
 * `canonicalPath`), and a `page` that is no page number or is past the last page is the 404 page, as is its `.data`
 * (features/catalog/load-listing.ts), never an indexable copy of page 1. With the built web app
 * (`npm run build -w apps/web`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

/** Cards per listing page (apps/web/app/features/catalog/catalog-params.ts `PAGE_SIZE`). */
const PAGE_SIZE = 24;

describe.runIf(dbAvailable())('listing page query: canonical address and page numbers', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { web: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The canonical address of a page's HTML, as path and query (the origin dropped). */
  const canonicalOf = (html: string) => {
    const href = /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    if (!href) throw new Error('no canonical link');
    const u = new URL(href);
    return u.pathname + u.search;
  };

  it('keeps only the filters, the sort and a page past 1 in the canonical address', async () => {
    for (const [url, canonical] of [
      ['/catalog/women?foo=bar&utm_source=mail', '/catalog/women'],
      ['/catalog/women?page=1', '/catalog/women'],
      ['/catalog/women?foo=bar&page=2&sort=price_asc', '/catalog/women?sort=price_asc&page=2'],
      ['/catalog/women?sort=new&color=black&gclid=x', '/catalog/women?color=black&sort=new'],
      [
        '/catalog/search?ref=home&q=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D0%B5',
        '/catalog/search?q=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D0%B5',
      ],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(canonicalOf(res.body), url).toBe(canonical);
    }
  });

  it('answers a page that is no page number, or past the last page, with the 404 page and its .data with a 404', async () => {
    const count = (await t.app.inject({ url: '/v1/public/products/?type=women' })).json().count as number;
    const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
    expect((await t.app.inject({ url: `/catalog/women?page=${last}` })).statusCode).toBe(200);
    for (const url of [
      '/catalog/women?page=abc',
      '/catalog/women?page=0',
      '/catalog/women?page=-2',
      '/catalog/women?page=1.5',
      '/catalog/women?page=999999',
      `/catalog/women?page=${last + 1}`,
      '/catalog/women?sort=price_asc&page=abc',
    ]) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, `${url}: ${page.body.slice(0, 200)}`).toBe(404);
      expect(page.body, url).toContain('Страница не найдена');
      const data = await t.app.inject({ url: url.replace('/catalog/women?', '/catalog/women.data?') });
      expect(data.statusCode, `${url} .data`).toBe(404);
    }
  });
});
