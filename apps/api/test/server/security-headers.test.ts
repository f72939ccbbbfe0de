/**
 * Security headers: helmet sets them on every answer — JSON, the test bank's pages, the API docs —
 * with a Content-Security-Policy whose scripts need the answer's own nonce. (Server-rendered pages: e2e.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

/** The directives of a CSP header: name → sources. */
function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String((header as string | undefined) ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe.runIf(dbAvailable())('security headers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives a JSON answer the full set, with a CSP that allows no inline or foreign script', async () => {
    const res = await t.app.inject('/v1/product/chars/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    const scripts = csp.get('script-src')!;
    expect(scripts).toContain("'self'");
    expect(scripts.filter((s) => s.startsWith("'nonce-"))).toHaveLength(1);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    // No maps key: no foreign script host at all, and no Yandex host anywhere.
    expect(scripts.filter((s) => s.startsWith('http'))).toEqual([]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/yandex|yastatic/);
    expect(csp.get('img-src')).toContain('blob:'); // previews of photos chosen in the sell form
  });

  it('names the exact Yandex Maps script hosts, without a wildcard, only when a maps key is set', async () => {
    const withMaps = await createTestApp({ YANDEX_MAPS_API_KEY: 'test-key' });
    try {
      const res = await withMaps.app.inject('/v1/ping/');
      const scripts = directives(res.headers['content-security-policy']).get('script-src')!;
      expect(scripts.filter((s) => s.startsWith('http'))).toEqual([
        'https://api-maps.yandex.ru',
        'https://yastatic.net/s3/front-maps-static/',
      ]);
      expect(scripts.some((s) => s.includes('*'))).toBe(false);
    } finally {
      await withMaps.close();
    }
  }, 120_000);

  it('puts the header’s nonce on the test bank’s inline script, a new one per answer', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject('/testgateway/cards/new?return_url=/account');
      expect(res.statusCode).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
      const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      expect(scripts).toEqual([` nonce="${nonce}"`]);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('gives every answer a nonce of its own, across more answers than one block of random bytes holds', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const res = await t.app.inject('/v1/ping/');
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(600);
  });

  it('covers the API docs page, whose scripts are files of our own origin', async () => {
    const res = await t.app.inject('/v1/docs/');
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.body).not.toMatch(/<script>[^<]/); // no inline script that would need a nonce
  });
});
