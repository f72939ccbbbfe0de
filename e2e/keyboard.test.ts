/**
 * Browser tests of issue 2 (keyboard access, 360 px and 1440 px): the active-filter pills are removable
 * by keyboard and name brands given by slug in the URL; the header search is an ARIA combobox driven by
 * the arrow keys and Enter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, hydrated, launch, newPage } from './helpers.js';

/** Presses Tab until the focused element's accessible name (aria-label) is `name`; fails after `max` presses. */
async function tabTo(page: Page, name: string, max = 200) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    if (label === name) return;
  }
  throw new Error(`«${name}» не получил фокус за ${max} нажатий Tab`);
}

describe.runIf(browserAvailable())('keyboard access', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  for (const width of [1440, 360] as const) {
    it(`removes a filter pill with Tab and Enter; ?brand=<slug> shows the brand's name (${width} px)`, async () => {
      const { page, context } = await newPage(browser, width);
      await page.goto('/catalog/women?brand=nike&condition=new_with_tag');
      await hydrated(page);
      const pills = page.getByRole('list', { name: 'Выбранные фильтры' });
      // The slug in the URL is shown as the brand's name, on the pill and nowhere as «nike».
      await pills.getByRole('button', { name: 'Убрать фильтр: Nike' }).waitFor();
      expect(await pills.innerText()).not.toContain('nike');

      await tabTo(page, 'Убрать фильтр: Nike');
      // The focus is visible: Mantine's focus ring (an outline) on keyboard focus.
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline).not.toBe('none');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => !u.searchParams.has('brand') && u.searchParams.get('condition') === 'new_with_tag');
      await pills.getByRole('button', { name: 'Убрать фильтр: Nike' }).waitFor({ state: 'detached' });
      // The focus stays in the list, on the pill that took the removed one's place.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Убрать фильтр: Новое с биркой');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => !u.searchParams.has('condition'));
      await pills.waitFor({ state: 'detached' });
      // The last pill gone, the focus is on the count of listings (read out), not back at the page's start.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('listing-count');
      await context.close();
    });
  }

  it('drives the header search as an ARIA combobox: ↓/↑ choose, Escape closes, Enter opens (1440 px)', async () => {
    const { page, context } = await newPage(browser, 1440);
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Поиск по каталогу' }).first();
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    await box.click();
    await box.pressSequentially('найк', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Подсказки поиска' });
    await list.waitFor();
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(box.getAttribute('aria-controls')).resolves.toBe(await list.getAttribute('id'));
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();

    // The option the input points to by aria-activedescendant is the one marked selected.
    const activeOption = async () => {
      const id = await box.getAttribute('aria-activedescendant');
      if (!id) return null;
      const el = page.locator(`[id="${id}"]`);
      return {
        role: await el.getAttribute('role'),
        selected: await el.getAttribute('aria-selected'),
        text: await el.innerText(),
      };
    };
    const options = list.getByRole('option');
    const n = await options.count();
    expect(n).toBeGreaterThan(1);
    await box.press('ArrowDown');
    expect(await activeOption()).toMatchObject({
      role: 'option',
      selected: 'true',
      text: expect.stringMatching(/Nike/),
    });
    await box.press('ArrowDown');
    expect((await activeOption())?.text).toBe(await options.nth(1).innerText());
    await box.press('ArrowUp');
    await box.press('ArrowUp');
    // Round the top to the last option: «Искать «найк»».
    expect((await activeOption())?.text).toBe('Искать «найк»');
    expect(await list.locator('[aria-selected="true"]').count()).toBe(1);

    // Escape closes the list; ↓ opens it again, and Enter opens the chosen brand.
    await box.press('Escape');
    await list.waitFor({ state: 'detached' });
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();
    await box.press('ArrowDown');
    await list.waitFor();
    await box.press('ArrowDown');
    expect((await activeOption())?.text).toMatch(/Nike/);
    await box.press('Enter');
    await page.waitForURL(/\/catalog\/brand\//);
    await page.getByRole('heading', { level: 1, name: 'Nike' }).waitFor();
    await context.close();
  });
});
