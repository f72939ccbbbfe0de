/**
 * A tab left open across a deploy (spec §8, shared/lib/client-guards.tsx): its scripts belong to the old
 * build. A chunk that can no longer be loaded reloads the page — once, and not again within 10 s, so a chunk
 * missing for good cannot make the page reload in a loop; and when the server's build id differs from the
 * page's, the next navigation is a full page load.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { allowPageProblem, browserAvailable, hydrated, interactive, newPage, useBrowser } from '../helpers.js';

/** Counts the main frame's document loads after `page.goto`: a reload is one more. */
function countDocumentLoads(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (r: Request) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) n += 1;
  });
  return { count: () => n };
}

describe.runIf(browserAvailable())('a page of an older build', () => {
  const browser = useBrowser();

  it('reloads once when a chunk is gone, and not again within 10 s', async () => {
    const { page } = await newPage(browser(), 1440);
    // The header search's suggestions are a chunk loaded when the pointer reaches the field (search-box.tsx).
    const CHUNK = /\/assets\/search-suggest-[\w-]+\.js$/;
    allowPageProblem(
      page,
      /status of 404 .*\/assets\/search-suggest-[\w-]+\.js\)$/,
      'the test removes the chunk (404), as a deploy does to the chunks of the previous build',
    );
    await page.goto('/');
    await hydrated(page);
    await expect(page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).resolves.toBeNull();

    let chunkAnswers = 0;
    await page.route(CHUNK, (route) => {
      chunkAnswers += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    });
    const loads = countDocumentLoads(page);
    const search = page.getByRole('combobox', { name: 'Поиск по каталогу' }).first();

    // The pointer reaches the search field: the chunk fails to load → the page reloads itself.
    const reload = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
    const reloaded = page.waitForEvent('load');
    await search.hover();
    expect(new URL((await reload).url()).pathname).toBe('/');
    await reloaded;
    expect(chunkAnswers).toBe(1);
    const guard = Number(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at')));
    expect(Date.now() - guard).toBeLessThan(10_000);

    // The reloaded page (still without the chunk) tries again once it is interactive: this time it stays.
    await expect
      .poll(
        async () => {
          await page.mouse.move(0, 0);
          await search.hover();
          return chunkAnswers;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(2);
    // Without the suggestions the search still works: a client-side navigation, and still one page load only.
    await search.fill('платье');
    await search.press('Enter');
    await page.waitForURL((u) => u.pathname === '/catalog/search' && u.searchParams.get('q') === 'платье');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Every later try (the focus of the field asks again) failed too, and none reloaded the page.
    expect(loads.count()).toBe(1);
    expect(chunkAnswers).toBeGreaterThanOrEqual(2);
  });

  it('loads the next page in full when the server runs a newer build, once', async () => {
    const { page, context } = await newPage(browser(), 1440);
    await context.clock.install(); // the check runs every 5 minutes: jump there instead of waiting
    let versionAnswers = 0;
    await page.route('**/v1/public/version/', (route) => {
      versionAnswers += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"build":"a-newer-build"}' });
    });
    await page.goto('/');
    await hydrated(page);
    const loads = countDocumentLoads(page);

    const checked = page.waitForResponse((r) => r.url().endsWith('/v1/public/version/'));
    await page.clock.fastForward('05:01');
    await checked;
    expect(versionAnswers).toBe(1);

    // The next navigation is a page load of the new address (the server's HTML and scripts of the new build).
    const full = page.waitForRequest((r) => r.isNavigationRequest() && r.frame() === page.mainFrame());
    const loaded = page.waitForEvent('load');
    await page.getByRole('navigation', { name: 'Каталог' }).getByRole('link', { name: 'Женщинам' }).click();
    expect(new URL((await full).url()).pathname).toBe('/catalog/women');
    await loaded;
    await page.getByRole('heading', { name: 'Женщинам', level: 1 }).waitFor();
    await interactive(page);
    // Shop links navigate in the app once their listeners' chunk has arrived (shared/lib/shop-link-navigation.tsx);
    // a click before that is the browser's own page load, which this test would count as the build's.
    await page.locator('html[data-shop-links]').waitFor({ state: 'attached' });

    // The reloaded page is of the current build: its navigations stay client-side.
    await page.getByRole('link', { name: 'Витрина — на главную' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Новинки' }).waitFor();
    expect(loads.count()).toBe(1);
  });
  it('asks for the build when the tab comes back into view, without waiting 5 minutes', async () => {
    const { page } = await newPage(browser(), 360);
    let versionAnswers = 0;
    await page.route('**/v1/public/version/', (route) => {
      versionAnswers += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"build":"a-newer-build"}' });
    });
    await page.goto('/');
    await hydrated(page);
    expect(versionAnswers).toBe(0);
    const checked = page.waitForResponse((r) => r.url().endsWith('/v1/public/version/'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await checked;
    expect(versionAnswers).toBe(1);
  });
});
