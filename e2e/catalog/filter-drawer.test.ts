/**
 * The phone's filter drawer (360 px, apps/web/app/features/catalog/filter-drawer.tsx): every target in it is at
 * least 24×24 px or spaced (WCAG 2.5.8), the conditions' rows included, and «Сбросить» / «Показать» cover none of
 * them however far the drawer is scrolled: the bar stays below the panel's last field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, hydrated, launch, newPage } from '../helpers.js';
import { crampedTargets } from '../target-size.js';

describe.runIf(browserAvailable())('the filter drawer on a phone (360 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('has targets of at least 24×24 px, none under «Показать»', async () => {
    const { page, context } = await newPage(browser, 360);
    await page.goto('/catalog/women');
    await hydrated(page);
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Фильтры' });
    await drawer.getByRole('checkbox').first().waitFor();
    await expect(crampedTargets(page, '[role="dialog"]')).resolves.toEqual([]);

    // Each condition's row (the checkbox with its label) is at least 24 px high, and nothing covers its middle.
    const rows = drawer.locator('label').filter({ has: page.getByRole('checkbox') });
    const count = await rows.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      // As the keyboard's focus scrolls it into view: the drawer's scroll padding keeps it clear of the bar.
      const seen = await row.evaluate((el) => {
        el.scrollIntoView({ block: 'nearest' });
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { height: r.height, width: r.width, clear: !!top && el.contains(top) };
      });
      expect(seen.height, `row ${i + 1}`).toBeGreaterThanOrEqual(24);
      expect(seen.width, `row ${i + 1}`).toBeGreaterThanOrEqual(24);
      expect(seen.clear, `row ${i + 1} under another element`).toBe(true);
    }

    // Scrolled to the end, the panel's last control is above the bar, not under it.
    const show = drawer.getByRole('button', { name: /^Показать(?! все)/ });
    await drawer.evaluate((el) => {
      for (const s of [el, ...el.querySelectorAll('*')])
        if (s.scrollHeight > s.clientHeight) s.scrollTop = s.scrollHeight;
    });
    const bar = (await show.boundingBox())!;
    const swatches = drawer.locator('button[aria-pressed]');
    const last = (await swatches.last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(bar.y);
    await expect(crampedTargets(page, '[role="dialog"]')).resolves.toEqual([]);
    await context.close();
  });
});
