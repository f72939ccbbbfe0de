/**
 * The JavaScript budget: every public page's first scripts (what its HTML references: scripts
 * and modulepreloads, gzip level 9, measured as the bench does) stay under 150 KB. React Router's route manifest
 * (the route table, one cached file for all pages, docs/decisions/0185-route-manifest-at-start.md) is counted on its
 * own, under 8 KB; the home page stays under 150 KB with it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageJs } from '../../bench/page-js.js';
import { baseURL, publicJson } from '../helpers.js';

const CLIENT = path.resolve(import.meta.dirname, '../../apps/web/build/client');
const BUDGET = 150 * 1024;
/** The route manifest's own budget: it grows with the routes, about 130 bytes gzipped each. */
const MANIFEST_BUDGET = 8 * 1024;

describe('JavaScript per page', () => {
  it('stays under 150 KB gzip on the home, catalog, brand, search, product, brands, seller and cart pages', async () => {
    const card = (
      await publicJson<{ results: { slug: string; seller_id: number }[] }>('/v1/public/products/?page_size=1')
    ).results[0]!;
    const pages = [
      '/',
      '/catalog/women',
      '/catalog/brand/nike',
      '/catalog/search?q=кеды',
      `/product/${card.slug}`,
      '/brands',
      `/seller/${card.seller_id}`,
      '/cart',
    ];
    const over: string[] = [];
    for (const p of pages) {
      const js = await pageJs(baseURL(), p, CLIENT);
      expect(js.files, p).toBeGreaterThan(0);
      expect(js.manifestGz, `${p}: манифест маршрутов`).toBeGreaterThan(0);
      expect(js.manifestGz, `${p}: манифест маршрутов`).toBeLessThan(MANIFEST_BUDGET);
      const code = js.gz - js.manifestGz;
      if (code >= BUDGET) over.push(`${p}: ${(code / 1024).toFixed(1)} КБ`);
      if (p === '/' && js.gz >= BUDGET) over.push(`/ с манифестом: ${(js.gz / 1024).toFixed(1)} КБ`);
    }
    expect(over).toEqual([]);
  });
});
