import { describe, expect, it } from 'vitest';
import { allowPageProblem, browserAvailable, newPage, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('shop shell', () => {
  const browser = useBrowser();

  it('shows the 404 page with status 404 and a way home', async () => {
    const { page, context } = await newPage(browser(), 360);
    allowPageProblem(
      page,
      /Failed to load resource: the server responded with a status of 404 .*\/no\/such\/page\)$/,
      'the page under test answers 404 on purpose; Chromium logs every 404 document as a console error',
    );
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: 'На главную', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});
