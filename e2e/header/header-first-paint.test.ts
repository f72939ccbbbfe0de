/**
 * The header as a new visitor first sees it (360 px and 1440 px): it has its final size from the first paint (the
 * server's HTML, before any script) — no placeholder that «Войти» later replaces and shifts the icons; Tab follows
 * the visual order (the catalog menu, then the search); on a phone the bell's badge sits clear of the bell's outline
 * and the avatar keeps the page's 16 px edge; the phone's catalog drawer (a chunk of its own, no placeholder) moves
 * nothing when it arrives late.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, createListing, post } from '../buy-helpers.js';
import { baseURL, browserAvailable, useBrowser, newPage, signedInPage } from '../helpers.js';

/** Where the header's parts are (px, rounded): its height, the favorites icon, the search box. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect();
      return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
    };
    const search = [...document.querySelectorAll('header input')].find((i) => i.getBoundingClientRect().width > 0);
    return {
      header: box(document.querySelector('header')),
      favorites: box(document.querySelector('header a[aria-label="Избранное"]')),
      search: box(search ?? null),
    };
  });
}

describe.runIf(browserAvailable())('header on the first paint', () => {
  const browser = useBrowser();

  for (const width of [360, 1440] as const) {
    it(`keeps its size from the server's HTML to «Войти» (${width} px)`, async () => {
      // The first paint: the server's HTML alone, no script run.
      const bare = await browser().newContext({
        baseURL: baseURL(),
        viewport: { width, height: width === 360 ? 780 : 900 },
        isMobile: width === 360,
        javaScriptEnabled: false,
      });
      const first = await bare.newPage();
      await first.goto('/');
      const before = await headerLayout(first);
      await bare.close();

      const { page } = await newPage(browser(), width);
      await page.goto('/');
      await page.getByRole('button', { name: 'Войти', exact: true }).locator('visible=true').waitFor();
      expect(await headerLayout(page)).toEqual(before);
    });
  }

  it('the catalog drawer arriving late moves nothing on the page (360 px; no burger at 1440 px)', async () => {
    const { page } = await newPage(browser(), 360);
    // The drawer's chunk is held back until the burger has been tapped and the page looked at.
    let letIn = () => {};
    const held = new Promise<void>((resolve) => (letIn = resolve));
    let asked = 0;
    await page.route(/\/assets\/catalog-drawer-[^/]*\.js$/, async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    await page.goto('/catalog/women');
    const layout = async () => ({
      ...(await headerLayout(page)),
      main: await page.locator('main').evaluate((m) => Math.round(m.getBoundingClientRect().y)),
    });
    const before = await layout();
    await page.getByRole('button', { name: 'Каталог' }).click();
    await expect.poll(() => asked).toBe(1); // tapped, its chunk on its way and held
    expect(await layout()).toEqual(before);
    letIn();
    await page.getByRole('dialog', { name: 'Каталог' }).waitFor();
    expect(await layout()).toEqual(before);
  });

  it('Tab goes through the header in the order it is shown: word mark, catalog menu, search, icons (1440 px)', async () => {
    const { page } = await newPage(browser(), 1440);
    await page.goto('/');
    await page.getByRole('button', { name: 'Войти', exact: true }).waitFor();
    const stops: { x: number; what: string }[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.closest('header')) return null;
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x), what: el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName };
      });
      if (!stop) break;
      if (stop.what !== 'К содержанию') stops.push(stop);
    }
    const names = stops.map((s) => s.what);
    expect(names.indexOf('Поиск по каталогу')).toBeGreaterThan(names.indexOf('Бренды'));
    const backwards = stops.filter((s, i) => i > 0 && s.x < stops[i - 1]!.x);
    expect(backwards, names.join(' → ')).toEqual([]);
  });

  it('on a phone the badge leaves the bell visible and the avatar keeps the 16 px edge (360 px)', async () => {
    const token = await apiSignIn();
    await createListing(token);
    const me = (await (
      await fetch(`${baseURL()}/v1/self/`, { headers: { authorization: `Token ${token}` } })
    ).json()) as {
      info: { id: number };
    };
    await post(`/v1/social/subscribe/${me.info.id}/`, {}, await apiSignIn());

    const page = await signedInPage(browser(), token, 360);
    await page.goto('/');
    await page.getByTestId('notifications-badge').waitFor();
    const avatar = await page.getByTestId('account-menu').locator('.mantine-Avatar-root').boundingBox();
    expect(360 - (avatar!.x + avatar!.width)).toBeGreaterThanOrEqual(16);

    // Points along the bell's outline (its paths, in page px) that the badge's box covers.
    const covered = await page.evaluate(() => {
      const badge = document.querySelector('[data-testid="notifications-badge"]')!.getBoundingClientRect();
      const hits: string[] = [];
      for (const path of document.querySelectorAll<SVGPathElement>('[data-testid="notifications-bell"] svg path')) {
        if (path.getAttribute('stroke') === 'none') continue;
        const m = path.getScreenCTM()!;
        const length = path.getTotalLength();
        for (let i = 0; i <= 60; i++) {
          const p = path.getPointAtLength((length * i) / 60);
          const x = m.a * p.x + m.c * p.y + m.e;
          const y = m.b * p.x + m.d * p.y + m.f;
          if (x > badge.left && x < badge.right && y > badge.top && y < badge.bottom)
            hits.push(`${Math.round(x)},${Math.round(y)}`);
        }
      }
      return hits;
    });
    expect(covered).toEqual([]);
  });
});
