/**
 * The JavaScript budget: every public page's first scripts (what its HTML references: scripts
 * and modulepreloads, gzip level 9, measured as the bench does) stay under 150 KB.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageJs } from '../../bench/page-js.js';
import { baseURL } from '../helpers.js';

const CLIENT = path.resolve(import.meta.dirname, '../../apps/web/build/client');
const BUDGET = 150 * 1024;

async function api<T>(p: string): Promise<T> {
  return (await (await fetch(baseURL() + p)).json()) as T;
}

describe('JavaScript per page', () => {
  it('stays under 150 KB gzip on the home, catalog, brand, search, product, brands, seller and cart pages', async () => {
    const card = (await api<{ results: { slug: string; seller_id: number }[] }>('/v1/public/products/?page_size=1'))
      .results[0]!;
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
      if (js.gz >= BUDGET) over.push(`${p}: ${(js.gz / 1024).toFixed(1)} КБ`);
    }
    expect(over).toEqual([]);
  });
});
