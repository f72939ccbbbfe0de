/**
 * Browser tests of the catalog listing's controls: the sidebar's category, brand and price fields once the page is
 * interactive (1440 px), and the light buttons (category chips, the phone's «Фильтры») drawn as Mantine's Button
 * (1440 and 360 px). The path through the catalog to the cart is in e2e/catalog/catalog.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserAvailable, hydrated, newPage, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('catalog', () => {
  const browser = useBrowser();

  it('the sidebar’s category, brand and price fields (native controls), rendered on the server, work once the page is interactive (1440 px)', async () => {
    const { page, context } = await newPage(browser(), 1440);
    await page.goto('/catalog/women');
    await hydrated(page);
    const sidebar = page.getByRole('complementary', { name: 'Фильтры' });

    // The brand filter (decision 0170): the page's most frequent brands as checkboxes with their counts,
    // «Показать все (N)» opens the rest and «Свернуть» closes them.
    const brands = sidebar.getByRole('group', { name: 'Бренд' });
    const boxes = brands.getByRole('checkbox');
    await expect.poll(() => boxes.count()).toBe(8);
    await expect(boxes.first().evaluate((e) => e.closest('label')!.innerText)).resolves.toMatch(/^\S.* \d+$/);
    const more = brands.getByRole('button', { name: /^Показать все \(\d+\)$/ });
    const all = Number((await more.innerText()).replace(/\D/g, ''));
    expect(all).toBeGreaterThan(8);
    await more.click();
    await expect.poll(() => boxes.count()).toBe(all);
    await brands.getByRole('button', { name: 'Свернуть' }).click();
    await expect.poll(() => boxes.count()).toBe(8);

    // «Найти бренд» finds a brand by its Cyrillic spelling, says so when nothing matches; a click on a brand's name
    // chooses it (the URL keeps `brand` as ids), and the chosen brand comes first.
    const search = brands.getByRole('searchbox', { name: 'Найти бренд' });
    await search.click();
    await search.pressSequentially('ъъъ', { delay: 20 });
    await brands.getByText('Нет такого бренда').waitFor();
    expect(await boxes.count()).toBe(0);
    await search.clear();
    await search.pressSequentially('найк', { delay: 20 });
    await expect.poll(() => boxes.count()).toBe(1);
    const nike = brands.getByText(/^Nike \d+$/);
    const nikeCount = Number((await nike.innerText()).replace(/\D/g, ''));
    await nike.click();
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('brand') ?? ''));
    await search.clear();
    await expect.poll(() => boxes.first().isChecked()).toBe(true);
    await expect(boxes.first().evaluate((e) => e.closest('label')!.innerText)).resolves.toBe(`Nike ${nikeCount}`);
    await expect.poll(() => boxes.count()).toBe(9);

    const from = sidebar.getByRole('textbox', { name: 'от' });
    await from.fill('3000');
    await from.press('Enter');
    await page.waitForURL((u) => u.searchParams.get('price_min') === '3000');
    await expect.poll(() => from.inputValue()).toBe('3 000');

    // The category is a native select: its first category after «Все категории».
    const categoryField = sidebar.getByRole('combobox', { name: 'Категория' });
    const category = await categoryField.locator('option').nth(1).getAttribute('value');
    await categoryField.selectOption(category!);
    await page.waitForURL((u) => u.searchParams.get('category') === category);
    await expect.poll(() => categoryField.inputValue()).toBe(category);
    await context.close();
  });

  it('draws the light buttons as Mantine’s Button of their variant, size and radius (1440 and 360 px)', async () => {
    // LightButton's variables come from classes (light-button.module.css); without them a chip would be a 36 px
    // filled button with the default radius.
    const look = (el: Locator) =>
      el.evaluate((e) => {
        const cs = getComputedStyle(e);
        return {
          height: cs.height,
          radius: cs.borderTopLeftRadius,
          border: cs.borderTopWidth,
          bg: cs.backgroundColor,
          color: cs.color,
          padding: cs.paddingLeft,
          size: cs.fontSize,
        };
      });
    const { page, context } = await newPage(browser(), 1440);
    await page.goto('/catalog/women');
    await hydrated(page);
    const chips = page.getByRole('navigation', { name: 'Категории' }).getByRole('link');
    expect(await look(chips.first())).toEqual({
      height: '26px',
      radius: '32px',
      border: '1px',
      bg: 'rgb(255, 255, 255)',
      color: 'rgb(17, 17, 17)',
      padding: '8px',
      size: '14px',
    });
    // A top category's chip opens its subcategories (after «← Все категории»); a subcategory's chip is the chosen one.
    // The URL changes before React draws the new row, so wait for the row itself: clicking `nth(1)` of the old row
    // would open another top category, which has no chosen chip.
    const nav = page.getByRole('navigation', { name: 'Категории' });
    await chips.first().click();
    await nav.getByRole('link', { name: '← Все категории' }).waitFor();
    await chips.nth(1).click();
    const chosen = nav.locator('[aria-current="page"]');
    await chosen.waitFor();
    expect(await look(chosen)).toMatchObject({
      height: '26px',
      radius: '32px',
      bg: 'rgb(17, 17, 17)',
      color: 'rgb(255, 255, 255)',
    });
    await context.close();

    const phone = await newPage(browser(), 360);
    await phone.page.goto('/catalog/women');
    await hydrated(phone.page);
    const filters = phone.page.getByRole('button', { name: /^Фильтры/ });
    expect(await look(filters)).toMatchObject({
      height: '44px',
      radius: '8px',
      border: '1px',
      bg: 'rgb(255, 255, 255)',
    });
    await phone.context.close();
  });
});
