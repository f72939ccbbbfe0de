/**
 * Browser tests of the page links under a listing («‹ 1 2 3 … 13 ›»): the catalog's and the seller page's, both
 * hydrated on sight (decision 0131). As a person pages through: «next», then the page's number is the current one and
 * its cards differ; the links stay on one line inside the page at 360 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, createListing } from '../buy-helpers.js';
import { baseURL, browserAvailable, newPage, useBrowser } from '../helpers.js';

async function api<T>(path: string): Promise<T> {
  const r = await fetch(baseURL() + path);
  return (await r.json()) as T;
}

const cardTitles = (page: Page) => page.locator('[data-testid="product-card"]').allInnerTexts();

/** The page links' row: every link on one line and inside a `width` px page. */
async function expectOneRow(page: Page, width: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Страницы' });
  const boxes = await nav.getByRole('listitem').evaluateAll((items) =>
    items.map((li) => {
      const r = li.getBoundingClientRect();
      return { top: Math.round(r.top), right: r.right };
    }),
  );
  expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
  expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(width);
}

describe.runIf(browserAvailable())('page links', () => {
  const browser = useBrowser();

  it.each([360, 1440] as const)('pages through a listing by its page links, in one row (%i px)', async (width) => {
    // The catalog type with the most listings.
    const counts = await Promise.all(
      ['women', 'men', 'kids'].map(
        async (type) => [type, (await api<{ count: number }>(`/v1/public/products/?type=${type}`)).count] as const,
      ),
    );
    const [type, total] = counts.sort((a, b) => b[1] - a[1])[0]!;
    const pages = Math.ceil(total / 24);
    expect(pages, 'the test catalog fills two pages').toBeGreaterThan(1);
    const { page, context } = await newPage(browser(), width);
    await page.goto(`/catalog/${type}`);
    const nav = page.getByRole('navigation', { name: 'Страницы' });
    await expect(nav.getByRole('link', { name: 'Страница 1' }).getAttribute('aria-current')).resolves.toBe('page');
    // No «previous» link on the first page; the last page is one click away.
    expect(await nav.getByRole('link', { name: 'Предыдущая страница' }).count()).toBe(0);
    await nav.getByRole('link', { name: `Страница ${pages}` }).waitFor();
    const first = await cardTitles(page);
    await nav.getByRole('link', { name: 'Следующая страница' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await expect.poll(() => nav.getByRole('link', { name: 'Страница 2' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(async () => (await cardTitles(page))[0]).not.toBe(first[0]);
    await expectOneRow(page, width);
    await context.close();
  });

  /** A new seller with 25 listings on sale: one more than a page of 24. */
  let seller: Promise<number> | undefined;
  const sellerWithTwoPages = () =>
    (seller ??= (async () => {
      const token = await apiSignIn();
      const slugs: string[] = [];
      for (let i = 0; i < 25; i++) slugs.push((await createListing(token)).slug);
      return (await api<{ seller_id: number }>(`/v1/public/products/${slugs[0]}/`)).seller_id;
    })());

  it.each([360, 1440] as const)("pages through a seller's listings and back (%i px)", async (width) => {
    const sellerId = await sellerWithTwoPages();
    const { page, context } = await newPage(browser(), width);
    await page.goto(`/seller/${sellerId}`);
    const nav = page.getByRole('navigation', { name: 'Страницы' });
    await expect(nav.getByRole('link', { name: 'Страница 1' }).getAttribute('aria-current')).resolves.toBe('page');
    const first = await cardTitles(page);
    expect(first).toHaveLength(24);
    // Scrolled to as a person would, then «next»: the second page's cards and number.
    await nav.scrollIntoViewIfNeeded();
    await nav.getByRole('link', { name: 'Следующая страница' }).click();
    await page.waitForURL((u) => u.pathname === `/seller/${sellerId}` && u.searchParams.get('page') === '2');
    await expect.poll(() => nav.getByRole('link', { name: 'Страница 2' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(async () => (await cardTitles(page))[0]).not.toBe(first[0]);
    await expectOneRow(page, width);
    // Page 1's link leads back to the seller's address without `?page`.
    await nav.getByRole('link', { name: 'Страница 1' }).click();
    await page.waitForURL((u) => u.pathname === `/seller/${sellerId}` && !u.searchParams.has('page'));
    await expect.poll(async () => (await cardTitles(page))[0]).toBe(first[0]);
    await context.close();
  });
});
