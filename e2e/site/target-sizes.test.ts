/**
 * Target sizes on a 360 px phone (WCAG 2.2 AA 2.5.8): on the home, catalog and product pages every control is at
 * least 24×24 px or spaced as if it were (e2e/target-size.ts), and the main actions («Каталог», the search, «Фильтры»,
 * «В корзину») are 44×44 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, hydrated, launch, newPage } from '../helpers.js';
import { crampedTargets } from '../target-size.js';

/** Opens `path` and waits until its data and lazy parts have arrived. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** The box of the visible control `name` on `page`, in CSS px. */
async function size(page: Page, role: 'button' | 'link' | 'combobox', name: string | RegExp) {
  const box = await page.getByRole(role, { name }).locator('visible=true').first().boundingBox();
  if (!box) throw new Error(`«${String(name)}» не виден`);
  return { name: String(name), width: Math.round(box.width), height: Math.round(box.height) };
}

describe.runIf(browserAvailable())('target sizes on a phone (360 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('every control is at least 24×24 px (or spaced), the main actions 44×44 px', async () => {
    const { page } = await newPage(browser, 360);
    await page.goto('/');
    await hydrated(page);
    const main: { name: string; width: number; height: number }[] = [];
    const cramped: string[] = [];
    const check = async (where: string) => {
      cramped.push(...(await crampedTargets(page)).map((c) => `${where}: ${c.what} ${c.width}×${c.height}`));
    };
    await check('/');
    main.push(await size(page, 'button', 'Каталог'), await size(page, 'combobox', 'Поиск по каталогу'));

    await open(page, '/catalog/women');
    await check('/catalog/women');
    main.push(await size(page, 'button', /^Фильтры/));

    const card = page.locator('[data-testid="product-card"]').first();
    await open(page, (await card.getAttribute('href'))!);
    await check('product');
    main.push(await size(page, 'button', 'В корзину'));

    expect(cramped).toEqual([]);
    expect(main.filter((m) => m.width < 44 || m.height < 44)).toEqual([]);
  });
});
