/**
 * Screenshots for a person to look at (the brief's «look at what you build»), taken only when asked:
 * `E2E_SCREENSHOTS=1 npm run test:e2e` (or with `npx vitest run --project e2e FILE`). No test reads one; a run of
 * the whole suite takes about 190 of them, and each costs Chromium 70–700 ms of CPU (a full page at 1440 px the most),
 * which `npm test` on the 2-core machine spends on nothing (decision 0190).
 */
import type { Page } from 'playwright-core';

/** Whether this run saves screenshots (`E2E_SCREENSHOTS=1`). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Saves what `page` shows to `path` (a PNG under test-results/; its folder is made) when {@link SCREENSHOTS};
 * otherwise does nothing.
 * @param options.fullPage the whole page, not only the viewport
 */
export async function screenshot(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path, fullPage: options.fullPage ?? false });
}
