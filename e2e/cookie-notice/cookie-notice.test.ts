/**
 * The cookie notice on a 360 px phone: at most a fifth of the screen, clear of the product's title and price, with
 * «Отклонить» beside «Принять»; before an answer and after «Отклонить» the browser keeps only what the shop needs
 * (no visitor id for the view statistics), after «Принять» the id is kept.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, newPage, useBrowser } from '../helpers.js';

/** What the shop needs to work: the cart, the sign-in token, the visitor's answer. */
const NECESSARY = new Set(['cart', 'token', 'cookie-accepted']);

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

/** Opens the first product of the catalog and waits for its view to be sent; returns the sent visitor id. */
async function openProduct(page: Page): Promise<string> {
  await page.goto('/catalog/women');
  const href = (await page.locator('[data-testid="product-card"]').first().getAttribute('href'))!;
  const sent = page.waitForRequest((r) => r.method() === 'POST' && /\/view\/$/.test(r.url()));
  await page.goto(href);
  return (JSON.parse((await sent).postData()!) as { visitor_id: string }).visitor_id;
}

describe.runIf(browserAvailable())('cookie notice', () => {
  const browser = useBrowser();

  it('is small, leaves the title and price visible, and «Отклонить» keeps only the necessary (360 px)', async () => {
    const { page } = await newPage(browser(), 360);
    const visitor = await openProduct(page);
    const notice = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
    await notice.waitFor();
    const box = (await notice.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(780 / 5);
    for (const part of [page.locator('h1').first(), page.getByTestId('product-price')]) {
      const b = (await part.boundingBox())!;
      const overlaps = b.y < box.y + box.height && box.y < b.y + b.height;
      expect(overlaps, `${await part.textContent()} под уведомлением`).toBe(false);
    }
    // No answer yet: the view counted with a throwaway id, nothing beyond the necessary stored.
    expect(visitor).toMatch(/^anon-/);
    expect((await storedKeys(page)).filter((k) => !NECESSARY.has(k))).toEqual([]);

    await notice.getByRole('button', { name: 'Отклонить' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await openProduct(page)).toMatch(/^anon-/);
    expect((await storedKeys(page)).filter((k) => !NECESSARY.has(k))).toEqual([]);
    // The answer is kept (the notice shows only without one).
    await expect(page.evaluate(() => localStorage.getItem('cookie-accepted'))).resolves.toContain(
      '"accepted":true,"statistics":false',
    );
  });

  it("«Принять» allows the view statistics to keep this browser's id (360 px)", async () => {
    const { page } = await newPage(browser(), 360);
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
    await notice.getByRole('button', { name: 'Принять' }).click();
    await notice.waitFor({ state: 'detached' });
    const visitor = await openProduct(page);
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.evaluate(() => localStorage.getItem('visitor-id'))).resolves.toBe(visitor);
  });
});
