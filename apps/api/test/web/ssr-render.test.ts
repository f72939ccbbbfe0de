/**
 * The server render (apps/web/app/entry.server.tsx: React Router's documented entry, React's streaming renderer
 * waiting for the whole page) on every kind of public page: the whole page in one answer, every Suspense boundary
 * in place (none left to the browser, none moved out of place), React Router's route data handed over and its
 * stream closed, the route modules made inert until the first paint (shared/lib/deferred-scripts.server.ts — this
 * test fails when a React Router upgrade changes the tags it rewrites), and every inline script allowed by its hash
 * in the CSP, with no nonce left in the page (src/lib/script-hashes.ts). The render reads the loaders' values, not
 * their JSON texts parsed again (apps/web/app/shared/lib/json-text.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

/** The CSP sources of a page's inline scripts (data blocks aside), as the browser computes them. */
function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/g)) {
    if (/\bsrc=/.test(m[1]!) || /type="application\/ld\+json"/.test(m[1]!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The JSON texts in a page's route data (apps/web/app/shared/lib/json-text.ts): the strings of React Router's
 * turbo-stream payload that are JSON objects or arrays.
 */
function routeDataTexts(html: string): string[] {
  const literal = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)![1]!;
  const payload = JSON.parse(JSON.parse(literal) as string) as unknown[];
  return payload.filter((v): v is string => typeof v === 'string' && /^[[{]/.test(v));
}

describe.runIf(dbAvailable())('server render', () => {
  let t: TestContext;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp({}, false, { web: true });
    const list = await t.app.inject({ url: '/v1/public/products/?page_size=1&sort=popular' });
    slug = (list.json() as { results: { slug: string }[] }).results[0]!.slug;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('renders every kind of public page whole, its scripts deferred and allowed by their hashes', async () => {
    const pages: [string, number][] = [
      ['/', 200],
      ['/catalog/women', 200],
      ['/catalog/women?sort=price&page=2', 200],
      [`/catalog/search?q=${encodeURIComponent('платье')}`, 200],
      [`/product/${slug}`, 200],
      ['/about', 200],
      ['/faq', 200],
      ['/cart', 200],
      ['/brands', 200],
      ['/no-such-page', 404],
      ['/catalog/no/such/page', 404],
      ['/product/no-such-listing', 404],
    ];
    for (const [url, status] of pages) {
      const page = await t.app.inject({ url });
      const html = page.body;
      expect(page.statusCode, url).toBe(status);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers.link, url).toMatch(/^<\/assets\/[^>]+\.css>; rel=preload; as=style$/);
      expect(html.startsWith('<!DOCTYPE html><html'), url).toBe(true);
      expect(html.length, url).toBeGreaterThan(10_000);
      // No boundary left to the browser (`<!--$!`) nor moved out of place to be revealed by a script.
      expect(html, url).not.toContain('<!--$!');
      expect(html, url).not.toMatch(/<div hidden id="S:/);
      // React Router's data handed over, its stream closed.
      expect(html, url).toContain('window.__reactRouterContext.streamController.enqueue(');
      expect(html, url).toContain('window.__reactRouterContext.streamController.close();</script>');
      // The module preloads (at least the framework, start and route chunks: apps/web/vite-plugins/start-chunk.ts) and
      // the module script inert until the first paint, none left live.
      expect(html.match(/<link data-rel="modulepreload" href="[^"]+"/g)?.length ?? 0, url).toBeGreaterThanOrEqual(3);
      expect(html, url).not.toContain('<link rel="modulepreload"');
      expect(html, url).toContain('<script type="text/vt-deferred-module">');
      expect(html, url).not.toContain('type="module"');
      // The CSP names every inline script by its hash, and nothing else inline: no nonce, no 'unsafe-inline'.
      const csp = String(page.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(/\s+/).filter(Boolean);
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(
        scriptSrc.filter((s) => s.startsWith("'nonce-")),
        url,
      ).toEqual([]);
      expect(html, url).not.toMatch(/\snonce="/);
      const hashes = inlineScriptHashes(html);
      expect(hashes.size, url).toBeGreaterThan(3);
      expect(new Set(scriptSrc.filter((s) => s.startsWith("'sha256-"))), url).toEqual(hashes);
    }
  });

  it('renders a page the same on every render', async () => {
    const url = '/catalog/women?sort=price';
    const first = await t.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
    const again = await t.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it("reads the loaders' values in the render, not their JSON texts parsed again", async () => {
    for (const url of ['/', '/catalog/women', `/product/${slug}`, '/brands']) {
      const parse = vi.spyOn(JSON, 'parse');
      const page = await t.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
      const parsed = new Set(parse.mock.calls.map((c) => c[0]));
      parse.mockRestore();
      expect(page.statusCode, url).toBe(200);
      const texts = routeDataTexts(page.body);
      expect(texts.length, url).toBeGreaterThan(0);
      for (const text of texts) expect(parsed.has(text), `${url}: ${text.slice(0, 60)}`).toBe(false);
    }
  });
});
