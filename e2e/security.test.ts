/**
 * The Content-Security-Policy in a real browser (issue 12): server-rendered pages carry helmet's header and
 * every script of theirs the request's nonce; a script injected without it does not run (and the browser
 * tests notice the violation); the API docs page (swagger UI) works under the same policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { allowPageProblem, baseURL, browserAvailable, launch, newPage, pageProblems } from './helpers.js';

describe.runIf(browserAvailable())('content security policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('gives every script of a server-rendered page the nonce of its header, a new one per page', async () => {
    const nonces: string[] = [];
    for (const path of ['/', '/catalog/women', '/no/such/page']) {
      const res = await fetch(baseURL() + path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]+)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(csp, path).toMatch(/base-uri 'self'/);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      const html = await res.text();
      const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(tags.length, path).toBeGreaterThan(0);
      for (const tag of tags) {
        if (/type="application\/ld\+json"/.test(tag)) continue; // data, not a script
        expect(tag, path).toContain(`nonce="${nonce}"`);
      }
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('refuses a script injected without the nonce, and the browser tests notice', async () => {
    const { page } = await newPage(browser, 1440);
    allowPageProblem(
      page,
      /script-src|Refused to execute inline script/,
      'the test injects an inline script without the nonce on purpose, to see the policy block it',
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
    const { page } = await newPage(browser, 1440);
    await page.goto('/v1/docs/');
    await page.getByRole('heading', { name: /Витрина API/ }).waitFor();
    // The operations are listed (swagger UI ran and read the OpenAPI document).
    await page.getByText('/v1/auth/send-code/').first().waitFor();
  });
});
