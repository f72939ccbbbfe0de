/**
 * A page whose code cannot be loaded (shared/lib/deferred-scripts.ts `START_SCRIPTS`): when every JS chunk is refused
 * — a 503 of an overloaded server — the page reloads once and, its code still refused, tells the visitor in Russian
 * with a button that reloads, instead of looking loaded with dead buttons and filters.
 */
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { allowPageProblem, browserAvailable, newPage, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('a page whose code cannot be loaded', () => {
  const browser = useBrowser();

  it('reloads once, then says so in Russian with a button that reloads', async () => {
    const { page } = await newPage(browser(), 1440);
    allowPageProblem(
      page,
      /status of 503|Failed to (load|fetch)|module script|Importing a module/i,
      'the test refuses every JS chunk with 503',
    );
    let loads = 0;
    page.on('request', (r: Request) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads += 1;
    });
    await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Сервер перегружен."}' }),
    );
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить страницу полностью' });
    await alert.waitFor({ timeout: 20_000 });
    expect(loads).toBe(2);
    // The button reloads the page: with the chunks back, it comes alive.
    await page.unroute(/\/assets\/[^?]+\.js(\?.*)?$/);
    const reloaded = page.waitForEvent('load');
    await alert.getByRole('button', { name: 'Обновить страницу' }).click();
    await reloaded;
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Не удалось загрузить' }).count()).resolves.toBe(0);
  });
});
