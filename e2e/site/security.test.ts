/**
 * The Content-Security-Policy in a real browser: server-rendered pages carry helmet's header with the hash of every
 * inline script of theirs (apps/api/src/lib/script-hashes.ts) and no nonce; a script injected into the page does not
 * run (and the browser tests notice the violation); the API docs page (swagger UI) works under the same policy.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowPageProblem, baseURL, browserAvailable, newPage, pageProblems, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('content security policy', () => {
  const browser = useBrowser();

  it('names every inline script of a server-rendered page by its hash in the header, and no nonce', async () => {
    for (const path of ['/', '/catalog/women', '/no/such/page']) {
      const res = await fetch(baseURL() + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]+)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(
        scriptSrc.filter((x) => x.startsWith("'nonce-")),
        path,
      ).toEqual([]);
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(csp, path).toMatch(/base-uri 'self'/);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/g)];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const [, attributes, text] of scripts) {
        expect(attributes, path).not.toMatch(/\bnonce=/);
        if (/type="application\/ld\+json"/.test(attributes!)) continue; // data, not a script
        expect(scriptSrc, path).toContain(`'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
      }
    }
  });

  it('refuses an injected inline script, and the browser tests notice', async () => {
    const { page } = await newPage(browser(), 1440);
    allowPageProblem(
      page,
      /script-src|Refused to execute inline script/,
      'the test injects an inline script on purpose, to see the policy block it',
    );
    await page.goto('/');
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true;';
      document.body.append(s);
    });
    await expect
      .poll(() => pageProblems(page).some((p) => p.includes('CSP violation: script-src-elem blocked inline')))
      .toBe(true);
    await expect(page.evaluate(() => (window as { __injected?: boolean }).__injected ?? false)).resolves.toBe(false);
  });

  it('shows the API docs under the policy', async () => {
    const { page } = await newPage(browser(), 1440);
    await page.goto('/v1/docs/');
    await page.getByRole('heading', { name: /Витрина API/ }).waitFor();
    // The operations are listed (swagger UI ran and read the OpenAPI document). It draws a long document's
    // operations as the page scrolls, so the test goes to a module's calls with the tag filter, as a reader would.
    await page.getByPlaceholder(/filter by tag/i).fill('auth');
    await page.getByText('/v1/auth/send-code/').first().waitFor();
  });
});
