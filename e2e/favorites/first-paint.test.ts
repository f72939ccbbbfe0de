/**
 * A signed-in user's hearts are filled on the first paint (features/favorites/browser-copy.ts): the catalog's HTML
 * is the same for everyone, so the filled heart comes from the browser's copy of the ids, before the page's code
 * and before `GET /v1/favorites/ids/` answers; the server's answer then rules. Screenshots of the first paint at
 * 360 and 1440 px go to `test-results/favorites/`.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  baseURL,
  browserAvailable,
  holdRequests,
  interactive,
  launch,
  newPage,
  screenshot,
  signedInPage,
} from '../helpers.js';
import { apiSignIn, post } from '../buy-helpers.js';

const SHOTS = 'test-results/favorites';
const ACCENT = 'rgb(228, 87, 46)'; // coral, brand.md

const isIds = (url: string) => new URL(url).pathname === '/v1/favorites/ids/';
const isScript = (url: string) => /\/assets\/.+\.js$/.test(new URL(url).pathname);

/** The heart of the card linking to `slug` (it sits beside the card's link). */
const heartOf = (page: Page, slug: string) =>
  page
    .locator(`a[href="/product/${slug}"]`)
    .locator('xpath=..')
    .getByRole('button', { name: /избранно/ });

const signInHere = (page: Page, token: string) =>
  page.evaluate((t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })), token);

const fillOf = (page: Page, slug: string) =>
  heartOf(page, slug)
    .locator('svg')
    .evaluate((svg) => getComputedStyle(svg).fill);

describe.runIf(browserAvailable())('hearts on the first paint', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a favorite’s heart is filled before the page’s code and before the ids answer, at 1440 and 360 px', async () => {
    const html = await (await fetch(`${baseURL()}/catalog/women`)).text();
    const slug = /href="\/product\/([^"?]+)"/.exec(html)![1]!;
    const { id } = (await (await fetch(`${baseURL()}/v1/public/products/${slug}/`)).json()) as { id: number };
    const token = await apiSignIn();
    await post(`/v1/favorites/${id}/add-to-favorites/`, {}, token);

    for (const width of [1440, 360] as const) {
      const page = await signedInPage(browser, token, width);
      // A first visit: the hearts follow the ids' answer, and the browser keeps a copy of them.
      const answered = page.waitForResponse((r) => isIds(r.url()));
      await page.goto('/catalog/women');
      await answered;
      await heartOf(page, slug).and(page.locator('[aria-pressed="true"]')).waitFor();

      // Reloaded with the page's code and the ids held back: the heart is filled all the same.
      const scripts = await holdRequests(page, (u) => isScript(u.toString()));
      const ids = await holdRequests(page, (u) => isIds(u.toString()));
      await page.reload({ waitUntil: 'domcontentloaded' });
      await heartOf(page, slug).waitFor();
      expect(await fillOf(page, slug)).toBe(ACCENT);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      await screenshot(page, `${SHOTS}/first-paint-${width}.png`);

      // The code arrives, the ids still have not: the heart is pressed (and says so) from the copy.
      scripts.release();
      await interactive(page);
      const pressed = heartOf(page, slug).and(page.locator('[aria-pressed="true"][data-fav-live]'));
      await pressed.waitFor();
      expect(await pressed.getAttribute('aria-label')).toBe('Убрать из избранного');
      expect(await fillOf(page, slug)).toBe(ACCENT);
      await expect.poll(() => ids.held()).toBeGreaterThan(0);

      // The server's answer rules: the heart stays pressed; another card's heart stays off.
      const idsAnswered = page.waitForResponse((r) => isIds(r.url()));
      ids.release();
      await idsAnswered;
      await pressed.waitFor();
      const others = page.locator('[data-fav-live][aria-pressed="true"]');
      expect(await others.count()).toBe(1);
      await page.close();
    }
  });

  it('a heart the user took off elsewhere comes back off once the ids answer; a copy of another sign-in fills nothing', async () => {
    const html = await (await fetch(`${baseURL()}/catalog/women`)).text();
    const slug = /href="\/product\/([^"?]+)"/.exec(html)![1]!;
    const { id } = (await (await fetch(`${baseURL()}/v1/public/products/${slug}/`)).json()) as { id: number };
    const token = await apiSignIn();
    await post(`/v1/favorites/${id}/add-to-favorites/`, {}, token);
    // The token set once (not on every load, as signedInPage does): another person signs in here later.
    const { page, context } = await newPage(browser, 1440);
    await context.addInitScript(() =>
      localStorage.setItem('cookie-accepted', JSON.stringify({ state: { accepted: true }, version: 0 })),
    );
    await page.goto('/about', { waitUntil: 'commit' });
    await signInHere(page, token);
    await page.goto('/catalog/women');
    await heartOf(page, slug).and(page.locator('[aria-pressed="true"]')).waitFor();

    // Removed on another device: the copy still says «kept» until the answer, then the heart goes off.
    await post(`/v1/favorites/${id}/remove-favorite/`, {}, token);
    await page.reload();
    await heartOf(page, slug).and(page.locator('[aria-pressed="false"][data-fav-live]')).waitFor();
    expect(await fillOf(page, slug)).not.toBe(ACCENT);

    // Another person signs in on this browser: the old copy is not theirs.
    await post(`/v1/favorites/${id}/add-to-favorites/`, {}, token);
    await page.reload();
    await heartOf(page, slug).and(page.locator('[aria-pressed="true"]')).waitFor();
    const other = await apiSignIn();
    await signInHere(page, other);
    await page.route(
      (url) => isIds(url.toString()),
      () => undefined,
    ); // never answers
    await page.reload({ waitUntil: 'domcontentloaded' });
    await heartOf(page, slug).waitFor();
    expect(await fillOf(page, slug)).not.toBe(ACCENT);
  });
});
