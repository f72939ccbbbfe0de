/**
 * Fast public pages and many processes on one database, through the real HTTP layer with the built
 * web app (`npm run build -w apps/web`): pages and public JSON compressed by Accept-Encoding, ETag and `304`,
 * `Cache-Control` (public vs personal), the per-process micro-cache (3 s, moved by the app's clock), and two
 * processes on one database: a price changed through one shows on the other's page and JSON within 5 s, and
 * request limits counted on one are enforced on the other. On PostgreSQL (`api-pg`) the second process has its
 * own pool; on PGlite it is a second app on the same embedded database.
 */
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { categories } from '../../src/db/schema/index.js';
import {
  createTestApp,
  multipart,
  randomIp,
  randomPhone,
  secondProcess,
  signIn,
  type TestContext,
} from '../helpers.js';
import { tokenFor } from '../catalog-fixtures.js';
import { GRADES } from '../../src/plugins/public-cache.js';

const PUBLIC = 'public, max-age=3, stale-while-revalidate=27';

/** A price as the page shows it (`12 990 ₽`), whatever space the formatter puts between groups. */
const shownPrice = (rubles: number) =>
  new RegExp(`${String(rubles).replace(/\B(?=(\d{3})+$)/g, '[\\s\\u00a0\\u202f]?')}[\\s\\u00a0\\u202f]?₽`);

describe('public pages and JSON: compression, ETag, Cache-Control, micro-cache, two processes', () => {
  let t: TestContext;
  let second: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    const env = { PUBLIC_CACHE_MS: '3000', SMS_IP_LIMIT: '3', LISTING_CREATES_PER_HOUR: '2' };
    t = await createTestApp(env, false, { web: true });
    second = await secondProcess(t, { web: true });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('compresses a page and public JSON with br or gzip by Accept-Encoding, and not without it', async () => {
    const plain = await t.app.inject({ url: '/catalog/women' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^<!DOCTYPE html>/i);
    const br = await t.app.inject({ url: '/catalog/women', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const fromBr = brotliDecompressSync(br.rawPayload).toString();
    expect(fromBr).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(fromBr.length / 3);
    const gz = await t.app.inject({ url: '/catalog/women', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const json = await t.app.inject({ url: '/v1/public/products/?type=women', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString()).results.length).toBeGreaterThan(0);
  });

  it('compresses a page fast at first, harder once it is sent again, and keeps that copy over an unchanged re-render', async () => {
    const url = '/catalog/kids';
    const br = { 'accept-encoding': 'br' };
    const quality = (q: number, body: Buffer) =>
      brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: q,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    const first = await t.app.inject({ url, headers: br });
    const body = brotliDecompressSync(first.rawPayload);
    expect(first.rawPayload).toEqual(quality(GRADES.fresh.br, body));
    // Sent again from the micro-cache: the same fast copy now, a harder one made after this send.
    const second = await t.app.inject({ url, headers: br });
    expect(second.rawPayload).toEqual(first.rawPayload);
    const hot = quality(GRADES.hot.br, body);
    expect(hot.length).toBeLessThan(first.rawPayload.length);
    const sent = async () => (await t.app.inject({ url, headers: br })).rawPayload;
    await expect.poll(sent, { timeout: 5000, interval: 5 }).toEqual(hot);
    // Past half its life the entry is rendered again in the background; the same body keeps the hard copy.
    const before = t.app.publicCache.cache.peek(url);
    t.clock.advance(2000);
    expect(await sent()).toEqual(hot);
    await expect.poll(() => t.app.publicCache.cache.peek(url) !== before, { timeout: 5000, interval: 5 }).toBe(true);
    expect(t.app.publicCache.cache.peek(url)?.encoded.br?.grade).toBe('hot');
    expect(await sent()).toEqual(hot);
  });

  it('gives a fresh page one ETag from its first answer on, on both processes, and answers 304 to If-None-Match', async () => {
    const url = '/catalog/men?sort=price';
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    // No nonce one visitor could learn and reuse for another: the inline scripts are named by their hashes.
    const csp = String(first.headers['content-security-policy']);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(first.body).not.toMatch(/\snonce="/);
    // The other process's first answer of the page: the same bytes, the same ETag; a 304 to the first one's ETag.
    const revalidated = await second.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    const onSecond = await second.app.inject({ url });
    expect(onSecond.headers.etag).toBe(etag);
    expect(onSecond.headers['content-security-policy']).toBe(csp);
    expect(onSecond.body).toBe(first.body);
    // From the micro-cache, and rendered anew once the entry expired: the same ETag, a 304.
    for (const advance of [0, 10_000]) {
      t.clock.advance(advance);
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, String(advance)).toBe(304);
      expect(again.headers.etag, String(advance)).toBe(etag);
      expect(again.headers['content-security-policy'], String(advance)).toBe(csp);
    }
    const other = await t.app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('keeps a product page’s ETag while only its view count grows, and answers 304 to it', async () => {
    const list = await t.app.inject({ url: '/v1/public/products/?type=men&ordering=-price' });
    const slug = (list.json() as { results: { slug: string }[] }).results[0]!.slug;
    const url = `/product/${slug}`;
    const fresh = { 'cache-control': 'no-cache' };
    const views = async () =>
      ((await t.app.inject({ url: `/v1/public/products/${slug}/`, headers: fresh })).json() as { view_count: number })
        .view_count;
    const before = await views();
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    // Rendered anew, each render a read that counts a view: the count grows, the page's bytes stay.
    for (let i = 0; i < 2; i++) {
      const again = await t.app.inject({ url, headers: fresh });
      expect(again.headers.etag, String(i)).toBe(etag);
      expect(again.body, String(i)).toBe(first.body);
    }
    expect((await views()) - before).toBeGreaterThanOrEqual(3);
    t.clock.advance(10_000);
    const revalidated = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('gives every kind of public page the same bytes and ETag on every render while nothing on it changes', async () => {
    const list = await t.app.inject({ url: '/v1/public/products/?type=women&ordering=-price' });
    const slug = (list.json() as { results: { slug: string }[] }).results[0]!.slug;
    const detail = (await t.app.inject({ url: `/v1/public/products/${slug}/` })).json() as { seller: { id: number } };
    const brands = (await t.app.inject({ url: '/v1/public/brands/' })).json() as { results: { slug: string }[] };
    const urls = [
      '/',
      '/catalog/women?page=2',
      '/brands',
      `/catalog/brand/${brands.results[0]!.slug}`,
      `/catalog/search?q=${encodeURIComponent('куртка')}`,
      `/seller/${detail.seller.id}`,
      '/faq',
      '/about',
      '/blog',
    ];
    for (const url of urls) {
      const first = await t.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
      expect(first.statusCode, url).toBe(200);
      const again = await t.app.inject({ url, headers: { 'cache-control': 'no-cache' } });
      expect(again.headers.etag, url).toBe(first.headers.etag);
      expect(again.body, url).toBe(first.body);
    }
  });

  it('marks public JSON public with an ETag, and answers with Authorization private', async () => {
    const url = '/v1/public/products/?type=men&ordering=-price';
    const first = await t.app.inject({ url });
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(first.headers.vary).toMatch(/authorization/i);
    const etag = String(first.headers.etag);
    const revalidated = await second.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    const slug = (first.json() as { results: { slug: string }[] }).results[0]!.slug;
    const { auth } = await signIn(t.app);
    for (const u of [url, `/v1/public/products/${slug}/`]) {
      const personal = await t.app.inject({ url: u, headers: auth });
      expect(personal.statusCode).toBe(200);
      expect(personal.headers['cache-control']).toBe('private, no-store');
      expect(personal.headers.etag).toBeUndefined();
    }
    const self = await t.app.inject({ url: '/v1/self/', headers: auth });
    expect(self.statusCode).toBe(200);
    expect(String(self.headers['cache-control'] ?? '')).not.toMatch(/public/);
  });

  it('shows a price changed through process A on process B within 5 s (cached until then)', async () => {
    const list = await t.app.inject({ url: '/v1/public/products/?type=women&ordering=price' });
    const slug = (list.json() as { results: { slug: string }[] }).results[0]!.slug;
    const readJson = (app: FastifyInstance) =>
      app.inject({ url: `/v1/public/products/${slug}/` }).then((r) => r.json() as Detail);
    const readPage = (app: FastifyInstance) => app.inject({ url: `/product/${slug}` }).then((r) => r.body);
    type Detail = { id: number; price: number; seller: { id: number }; offers: { size: string; count: number }[] };
    const before = await readJson(second.app);
    const newPrice = before.price + 1111;
    expect(await readPage(second.app)).toMatch(shownPrice(before.price));

    const owner = await tokenFor(t.app.db, before.seller.id);
    const sizes = before.offers.map((o) => ({ size: o.size, price: newPrice, count: Math.max(o.count, 1) }));
    const form = multipart({ sizes: JSON.stringify(sizes) });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${before.id}/`,
      headers: { ...owner, ...form.headers },
      payload: form.payload,
    });
    expect(patched.statusCode, patched.body).toBe(200);

    // Within its 3 s, process B still answers from its micro-cache…
    expect((await readJson(second.app)).price).toBe(before.price);
    expect(await readPage(second.app)).toMatch(shownPrice(before.price));
    // …and 3 s later (well within 5 s) it reads the database again: page and JSON show the new price.
    t.clock.advance(3_001);
    expect((await readJson(second.app)).price).toBe(newPrice);
    expect(await readPage(second.app)).toMatch(shownPrice(newPrice));
    expect((await readJson(t.app)).price).toBe(newPrice);
  });

  it('shows a changed price on a listing page’s card below the fold', async () => {
    const url = '/catalog/men?sort=new';
    const page = () => t.app.inject({ url, headers: { 'cache-control': 'no-cache' } }).then((r) => r.body);
    const slugs = [...(await page()).matchAll(/<a href="\/product\/([^"?]+)"[^>]*data-testid="product-card"/g)].map(
      (m) => m[1]!,
    );
    expect(slugs.length).toBeGreaterThan(6);
    const slug = slugs[6]!;
    const card = (html: string) => html.slice(html.indexOf(`href="/product/${slug}"`)).split('</a>')[0]!;
    const before = (await t.app.inject({ url: `/v1/public/products/${slug}/` })).json() as {
      id: number;
      price: number;
      seller: { id: number };
      offers: { size: string; count: number }[];
    };
    expect(card(await page())).toMatch(shownPrice(before.price));

    const newPrice = before.price + 2222;
    const sizes = before.offers.map((o) => ({ size: o.size, price: newPrice, count: Math.max(o.count, 1) }));
    const form = multipart({ sizes: JSON.stringify(sizes) });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/products/${before.id}/`,
      headers: { ...(await tokenFor(t.app.db, before.seller.id)), ...form.headers },
      payload: form.payload,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await page();
    expect(card(after)).toMatch(shownPrice(newPrice));
    expect(card(after)).not.toMatch(shownPrice(before.price));
  });

  it('draws the filter sidebar with each page’s own filters', async () => {
    // «от 0» changes the filters and no count.
    const priceFrom = async (query: string) => {
      const html = (await t.app.inject({ url: `/catalog/men${query}`, headers: { 'cache-control': 'no-cache' } })).body;
      return /<input[^>]*aria-label="от"[^>]*value="([^"]*)"/.exec(html)?.[1];
    };
    expect(await priceFrom('?sort=new')).toBe('');
    expect(await priceFrom('?sort=new&price_min=0')).toBe('0');
    expect(await priceFrom('?sort=new&price_min=3000')).toBe('3 000');
    expect(await priceFrom('?sort=new')).toBe('');
  });

  it('counts the per-address SMS limit and a per-user limit across both processes', async () => {
    const ip = randomIp();
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/v1/auth/send-code/', payload: { phone: randomPhone() }, remoteAddress: ip });
    for (const app of [t.app, second.app, t.app]) expect((await send(app)).statusCode).toBe(200);
    expect((await send(second.app)).statusCode).toBe(429);
    expect((await send(t.app)).statusCode).toBe(429);

    const { auth } = await signIn(t.app);
    const [leaf] = await t.app.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`not exists (select 1 from categories c where c.parent_id = ${categories.id})`)
      .limit(1);
    const create = (app: FastifyInstance) => {
      const body = multipart({
        title: 'Платье льняное',
        category: String(leaf!.id),
        condition: 'excellent',
        draft: 'true',
      });
      return app.inject({
        method: 'POST',
        url: '/v1/products/',
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
    };
    expect((await create(t.app)).statusCode).toBe(201);
    expect((await create(t.app)).statusCode).toBe(201);
    const refused = await create(second.app);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
