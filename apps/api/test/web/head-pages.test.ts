/**
 * A `HEAD` never blanks a page for anyone (architecture §6 «Shared state», plugins/public-cache.ts): pages, their
 * `.data` and the public JSON are built as for a `GET` whatever the method, the body is left out only of the `HEAD`
 * answer itself, a background renewal started by a `HEAD` renders the page as a `GET`, and an empty page is never
 * stored nor served as a `200`. On one process and across two on one database (each with its own micro-cache), with
 * the built web app (`npm run build -w apps/web`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, secondProcess, type TestContext } from '../helpers.js';

/** Pages, a page's `.data` and public JSON: each must keep its body after a `HEAD`. */
const URLS = ['/faq', '/catalog/women', '/catalog/women.data', '/v1/public/products/?type=women', '/v1/public/brands/'];

describe('HEAD then GET: pages, .data and public JSON keep their bodies', () => {
  let t: TestContext;
  let second: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_MS: '3000' }, false, { web: true });
    second = await secondProcess(t, { web: true });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const get = async (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    expect(res.body.length, url).toBeGreaterThan(100);
    expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
    return res;
  };
  const head = async (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'HEAD', url, headers });
    expect(res.statusCode, url).toBe(200);
    expect(res.body, url).toBe('');
    return res;
  };

  it('answers a HEAD without a body but with the GET’s length, and the next GET on the same process in full', async () => {
    for (const url of URLS) {
      const h = await head(t.app, url);
      const g = await get(t.app, url);
      expect(Number(h.headers['content-length']), url).toBe(g.rawPayload.length);
      expect(h.headers.etag, url).toBe(g.headers.etag);
      // Also a hard HEAD (`no-cache`: rendered afresh, then stored for the others) and a compressed GET.
      await head(t.app, url, { 'cache-control': 'no-cache' });
      await get(t.app, url);
      await get(t.app, url, { 'accept-encoding': 'br' });
    }
  });

  it('answers a HEAD over a real connection without a body, and a GET after it in full', async () => {
    t.clock.advance(10_000);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const url of ['/faq', '/catalog/men.data']) {
      const h = await fetch(base + url, { method: 'HEAD' });
      expect(h.status).toBe(200);
      expect(await h.text()).toBe('');
      const g = await fetch(base + url);
      expect(g.status).toBe(200);
      expect(g.headers.get('content-length')).toBe(h.headers.get('content-length'));
      expect((await g.text()).length).toBeGreaterThan(100);
    }
  });

  it('keeps every body whichever of two processes the HEAD and the GET reach', async () => {
    t.clock.advance(10_000);
    for (const url of URLS) {
      await head(second.app, url);
      await get(t.app, url);
      await get(second.app, url);
      await head(t.app, url);
      await get(second.app, url);
      await get(t.app, url);
    }
  });

  it('renders a page again as a GET when a HEAD starts its background renewal', async () => {
    for (const app of [t.app, second.app]) {
      t.clock.advance(10_000);
      for (const url of URLS) await get(app, url);
      // Past half its life (1.5 s of 3 s) a cached answer is renewed in the background by the request reading it.
      t.clock.advance(2_000);
      const before = new Map(URLS.map((url) => [url, app.publicCache.cache.peek(url)]));
      for (const url of URLS) await head(app, url);
      for (const url of URLS.filter((u) => !u.startsWith('/v1/'))) {
        await expect
          .poll(() => app.publicCache.cache.peek(url) !== before.get(url), { timeout: 5000, interval: 5 })
          .toBe(true);
      }
      for (const url of URLS) {
        expect(app.publicCache.cache.peek(url)?.body.length ?? 1, url).toBeGreaterThan(0);
        await get(app, url);
      }
    }
  });

  it('never stores an empty 200 answer', async () => {
    await get(t.app, '/faq');
    const cache = t.app.publicCache.cache;
    const url = '/empty-for-the-test';
    cache.set(url, { ...cache.peek('/faq')!, body: Buffer.alloc(0) });
    expect(cache.peek(url)).toBeUndefined();
  });
});
