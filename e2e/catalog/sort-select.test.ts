/**
 * The listing's «Сортировка» from the keyboard (1440 px): ↓ steps through the options without loading the listing
 * for each; Enter applies the one shown — one navigation, one history entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, hydrated, launch, newPage } from '../helpers.js';

describe.runIf(browserAvailable())('sort select', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('applies the sort on Enter, not on every ↓ (1440 px)', async () => {
    const { page } = await newPage(browser, 1440);
    await page.goto('/catalog/women');
    await hydrated(page);
    const select = page.getByRole('combobox', { name: 'Сортировка' });
    const options = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const start = await select.inputValue();
    const target = options[options.indexOf(start) + 2]!;
    const historyBefore = await page.evaluate(() => history.length);
    // The page's parts loaded after it (lazy chunks) are in: none of them replaces the select under the keys.
    await page.waitForLoadState('networkidle');
    await select.focus();
    await expect.poll(() => select.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue()).toBe(options[options.indexOf(start) + 1]);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue()).toBe(target);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('sort') === target);
    await expect(page.evaluate(() => history.length)).resolves.toBe(historyBefore + 1);
    // The select shows the sort of the page that arrived (React commits it just after the address changes).
    await expect.poll(() => select.inputValue()).toBe(target);
  });
});
