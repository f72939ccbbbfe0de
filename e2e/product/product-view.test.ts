/**
 * Browser test: the product page counts its view itself — one `POST /v1/public/products/{slug}/view/`
 * per page view with a visitor id kept in localStorage (the same id on the next view), answered 204; none from the
 * seller looking at their own listing, which the server would not count. (Headless
 * Chromium names itself «HeadlessChrome», which `isbot` knows, so the server does not count these views: the API
 * tests check the counting.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, hydrated, interactive, launch, newPage, signedInPage } from '../helpers.js';
import { apiSignIn, createListing } from '../buy-helpers.js';

describe.runIf(browserAvailable())('product page view', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  const viewSent = (page: Page) =>
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/v1\/public\/products\/[^/]+\/view\/$/.test(r.url()),
    );

  it('sends one view per page view with the stored visitor id', async () => {
    const { page, context } = await newPage(browser, 360);
    await page.goto('/catalog/women');
    await hydrated(page);
    const first = viewSent(page);
    await page.locator('[data-testid="product-card"]').first().click();
    await page.waitForURL(/\/product\//);
    const res = await first;
    expect(res.status()).toBe(204);
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    expect(res.url()).toContain(`/v1/public/products/${slug}/view/`);
    const visitor = (JSON.parse(res.request().postData()!) as { visitor_id: string }).visitor_id;
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => localStorage.getItem('visitor-id'))).toBe(visitor);

    const again = viewSent(page);
    await page.reload();
    const second = await again;
    expect(second.status()).toBe(204);
    expect((JSON.parse(second.request().postData()!) as { visitor_id: string }).visitor_id).toBe(visitor);
    await context.close();
  });

  it('sends no view from the seller on their own listing, and one on someone else’s', async () => {
    const seller = await apiSignIn();
    const listing = await createListing(seller);
    const page = await signedInPage(browser, seller, 1440);
    const views: string[] = [];
    page.on('request', (r) => {
      const m = /\/v1\/public\/products\/([^/]+)\/view\/$/.exec(r.url());
      if (r.method() === 'POST' && m) views.push(decodeURIComponent(m[1]!));
    });
    await page.goto(`/product/${listing.slug}`);
    await interactive(page);
    // Shown once the sign-in state is known: the moment the page would send its view.
    await page.getByText('Это ваш товар').waitFor();

    // Within the page (no reload), to another seller's listing: its view goes after any the first page sent.
    const other = page.locator('a[data-testid="product-card"]').first();
    const otherSlug = (await other.getAttribute('href'))!.split('/').pop()!.split('?')[0]!;
    const sent = viewSent(page);
    await other.click();
    await page.waitForURL(`**/product/${otherSlug}**`);
    expect((await sent).status()).toBe(204);
    expect(views).toEqual([otherSlug]);
    await page.context().close();
  });
});
