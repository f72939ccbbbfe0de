/**
 * The one-pass render (apps/web/app/entry.server.tsx, issue 17 «cold render»): React Router's route data read in
 * full first, then the page rendered by `renderToString`, its scripts' bulk (module preloads, route modules, route
 * data) put into the bytes afterwards (shared/lib/page-scripts.server.tsx). It must give the bytes React Router
 * gives alone — the same HTML, the same route data (in a JSON script read by one `enqueue`), the same preloads and scripts — on every kind
 * of public page: the home page, a listing page, search, a product, a text page, the cart, a 404. A second app on
 * the same database renders with the reference entry (`handleRequestStreamed`: streamed, React Router's own
 * `<Scripts>`) of the same build. The one pass also puts in the parts kept from earlier pages (the header, the
 * footer, the hearts, the cards below the fold: shared/lib/reused-html.tsx), which the reference renders in place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { buildApp } from '../src/app.js';
import { loadWebBuild, mountWeb } from '../src/web.js';
import { createTestApp, dbAvailable, type TestContext } from './helpers.js';

/**
 * React Router's route data script — the turbo-stream text as a JS string literal — as the one pass writes it: the
 * text in an inert JSON script (`<` as `\u003c`), handed to the stream by a second script (page-scripts.server.tsx).
 */
function inOnePassForm(body: string): string {
  return body.replace(
    /<script( nonce="[\w-]+")>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/,
    (_, nonce: string, literal: string) =>
      `<script type="application/json" id="vt-route-data"${nonce}>` +
      `${(JSON.parse(literal) as string).replace(/</g, '\\u003c')}</script><script${nonce}>` +
      'window.__reactRouterContext.streamController.enqueue(document.getElementById("vt-route-data").textContent);</script>',
  );
}

describe.runIf(dbAvailable())('one-pass page render', () => {
  let t: TestContext;
  let streamed: FastifyInstance;
  let slug: string;
  const verify = process.env.VERIFY_REUSED_HTML;

  beforeAll(async () => {
    // The kept parts (header, footer, hearts, cards: shared/lib/reused-html.tsx) are put into the pages, not rendered.
    process.env.VERIFY_REUSED_HTML = '0';
    t = await createTestApp({}, false, { web: true });
    const build = await loadWebBuild();
    const entry = build.entry.module as ServerBuild['entry']['module'] & {
      handleRequestStreamed: ServerBuild['entry']['module']['default'];
    };
    const streamedBuild: ServerBuild = {
      ...build,
      entry: { module: { ...entry, default: entry.handleRequestStreamed } },
    };
    streamed = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false });
    await mountWeb(streamed, { dev: false, build: streamedBuild });
    await streamed.ready();
    const list = await t.app.inject({ url: '/v1/public/products/?page_size=1&sort=popular' });
    slug = (list.json() as { results: { slug: string }[] }).results[0]!.slug;
  });
  afterAll(async () => {
    if (verify === undefined) delete process.env.VERIFY_REUSED_HTML;
    else process.env.VERIFY_REUSED_HTML = verify;
    await streamed?.close();
    await t?.close();
  });

  it('gives the same bytes as the streaming renderer on every kind of public page', async () => {
    const pages = [
      '/',
      '/catalog/women',
      '/catalog/women?sort=price&page=2',
      `/catalog/search?q=${encodeURIComponent('платье')}`,
      // The header shows the query: its kept HTML is one per query.
      `/catalog/search?q=${encodeURIComponent('куртка')}`,
      `/product/${slug}`,
      '/about',
      '/faq',
      '/cart',
      '/brands',
      '/no-such-page',
      // The same routes as the page above, other parent paths: the kept route scripts (route manifest) must differ.
      '/catalog/no/such/page',
      '/product/no-such-listing',
    ];
    // Twice: the parts kept from earlier pages (header, footer, hearts, cards: shared/lib/reused-html.tsx) are put in.
    for (const url of [...pages, ...pages]) {
      const [one, two] = await Promise.all([t.app.inject({ url }), streamed.inject({ url })]);
      expect(one.statusCode, url).toBe(two.statusCode);
      expect(one.headers['content-type'], url).toBe(two.headers['content-type']);
      expect(one.headers.link, url).toBe(two.headers.link);
      expect(one.body.length, url).toBeGreaterThan(10_000);
      // The one pass puts the module preloads at the end of <head>, React among its hoisted tags; their nonce is
      // made from the page's bytes (web.ts pinNonce), and a product page counts its view, so the two differ in that
      // count. Everything else is the same, byte for byte: the same preloads in the same order, the same scripts.
      const preloads = (body: string) => body.match(/<link data-rel="modulepreload" href="[^"]+"/g);
      expect(preloads(one.body), url).toEqual(preloads(two.body));
      expect(preloads(one.body)!.length, url).toBeGreaterThan(10);
      const same = (s: string) =>
        s
          .replace(/<link data-rel="modulepreload" href="[^"]+" nonce="[\w-]+"\/>/g, '')
          .replace(/nonce-[\w-]+|nonce="[\w-]+"|view_count[\\"]+[,:]\d+/g, '');
      expect(same(one.headers['content-security-policy'] as string), url).toBe(
        same(two.headers['content-security-policy'] as string),
      );
      expect(same(one.body), url).toBe(same(inOnePassForm(two.body)));
      // Every inline script and preload carries the page's one nonce, the one its CSP names.
      const nonce = /'nonce-([\w-]+)'/.exec(one.headers['content-security-policy'] as string)![1];
      const nonces = new Set([...one.body.matchAll(/nonce="([\w-]+)"/g)].map((m) => m[1]));
      expect([...nonces], url).toEqual([nonce]);
    }
  });

  it('hands the route data over in one script, then closes the stream', async () => {
    const page = await t.app.inject({ url: `/product/${slug}` });
    expect(page.body.startsWith('<!DOCTYPE html><html')).toBe(true);
    const enqueued = page.body.match(/window\.__reactRouterContext\.streamController\.enqueue\(/g) ?? [];
    expect(enqueued).toHaveLength(1);
    // The data is the text of an inert JSON script, read by the script that enqueues it, before the close().
    const data = page.body.indexOf('<script type="application/json" id="vt-route-data"');
    const enqueue = page.body.indexOf('enqueue(document.getElementById("vt-route-data").textContent);</script>');
    const close = page.body.indexOf('window.__reactRouterContext.streamController.close();</script>');
    expect(data).toBeGreaterThan(0);
    expect(enqueue).toBeGreaterThan(data);
    expect(close).toBeGreaterThan(enqueue);
    expect(page.body).toContain('window.__reactRouterContext.streamController.close();</script>');
    expect(page.body).toContain(slug);
    expect(page.body).not.toContain('<!--$!');
  });
});
