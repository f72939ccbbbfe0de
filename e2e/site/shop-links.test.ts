/**
 * Browser tests of shop links (apps/web/app/shared/ui/shop-link.tsx: plain anchors whose behaviour comes from
 * one set of listeners on the document): a plain click navigates inside the app without reloading the
 * page, a hover prefetches the page's data, Enter on a focused link navigates, Ctrl+click is the browser's (a
 * new tab, this page stays), and the browser's Back returns to the listing.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, hydrated, newPage, useBrowser } from '../helpers.js';

/**
 * Marks the document once shop links navigate in the app (their listeners come in a chunk after hydration):
 * the mark survives an in-app navigation and is gone after a page load.
 */
async function mark(page: Page): Promise<void> {
  await page.locator('html[data-shop-links]').waitFor({ state: 'attached' });
  await page.evaluate(() => Object.assign(window, { __shopLinkMark: 'same-document' }));
}
const marked = (page: Page) => page.evaluate(() => (window as { __shopLinkMark?: string }).__shopLinkMark ?? null);

describe.runIf(browserAvailable())('shop links', () => {
  const browser = useBrowser();

  it('hover prefetches, a click navigates without a reload, Back returns (1440 px)', async () => {
    const { page } = await newPage(browser(), 1440);
    await page.goto('/catalog/women');
    await hydrated(page);
    await mark(page);

    const card = page.getByTestId('product-card').first();
    const href = (await card.getAttribute('href'))!;
    expect(href).toMatch(/^\/product\/[\w-]+$/);
    // Intent: the page's loader data is prefetched, as React Router's <Link prefetch="intent"> does.
    await card.hover();
    await page.locator(`link[rel="prefetch"][href^="${href}.data"]`).waitFor({ state: 'attached' });

    await card.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await marked(page)).toBe('same-document');

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/catalog/women');
    await page.getByRole('heading', { name: 'Женщинам', level: 1 }).waitFor();
    expect(await marked(page)).toBe('same-document');
  });

  it('Enter on a focused link navigates; Ctrl+click opens a new tab and leaves the page (1440 px)', async () => {
    const { page, context } = await newPage(browser(), 1440);
    await page.goto('/');
    await hydrated(page);
    await mark(page);

    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'О нас' });
    await footerLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/about');
    expect(await marked(page)).toBe('same-document');

    const logo = page.getByRole('link', { name: 'Витрина — на главную' });
    const [tab] = await Promise.all([context.waitForEvent('page'), logo.click({ modifiers: ['Control'] })]);
    // The new tab starts at about:blank (in the headless shell still at its first `domcontentloaded`): wait for
    // it to reach the home page.
    await tab.waitForURL((u) => u.pathname === '/', { waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await marked(page)).toBe('same-document');
  });

  it('a tap on a card opens the product in the app (360 px)', async () => {
    const { page } = await newPage(browser(), 360);
    await page.goto('/catalog/men');
    await hydrated(page);
    await mark(page);
    const card = page.getByTestId('product-card').first();
    const href = (await card.getAttribute('href'))!;
    await card.tap();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await marked(page)).toBe('same-document');
  });
});
