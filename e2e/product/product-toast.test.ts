/**
 * Browser test at 360 px: the «в корзине» toast after «В корзину» sits at the bottom of a phone
 * screen and under dialogs, so the photo zoom opened meanwhile keeps its «Закрыть» button uncovered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, hydrated, launch, newPage, settled } from '../helpers.js';

describe.runIf(browserAvailable())('toast on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('does not cover the zoom dialog’s close button (360 px)', async () => {
    const { page, context } = await newPage(browser, 360);
    await page.goto('/catalog/women');
    await hydrated(page);
    await page.locator('[data-testid="product-card"]').first().click();
    await page.waitForURL(/\/product\//);
    // The size chips first (the page is still arriving right after the URL changes).
    const sizes = page.getByRole('radiogroup').locator('label');
    await sizes.first().waitFor();
    if ((await sizes.count()) > 1) await sizes.first().click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'в корзине' });
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(780 / 2);

    await page.getByRole('button', { name: /^Увеличить фото 1 из/ }).click();
    const dialog = page.getByRole('dialog');
    const close = dialog.getByRole('button', { name: 'Закрыть' });
    await settled(close); // the dialog's opening transition
    expect(await toast.isVisible()).toBe(true); // still within its 2.5 s
    // What a tap on the close button's centre reaches is the close button itself.
    const c = (await close.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
      [c.x + c.width / 2, c.y + c.height / 2],
    );
    expect(hit).toBe('Закрыть');
    await close.click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
