/**
 * Browser tests of keyboard access (360 px and 1440 px): the active-filter pills are removable
 * by keyboard and name brands given by slug in the URL; the header search is an ARIA combobox driven by
 * the arrow keys and Enter. The skip link is the first stop and shows itself, the header search
 * is reached within 5 Tab presses on phones (after the catalog menu on desktops), and the dialogs loaded on first open (catalog drawer, filters drawer,
 * sign-in) hold the focus inside while open and give it back to the control that opened them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, hydrated, newPage, useBrowser } from '../helpers.js';

/** Presses Tab until the focused element's accessible name (aria-label) is `name`; fails after `max` presses. */
async function tabTo(page: Page, name: string, max = 200) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    if (label === name) return;
  }
  throw new Error(`«${name}» не получил фокус за ${max} нажатий Tab`);
}

/** What has the focus: its accessible name as a person hears it (aria-label or text), and its role. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
      inDialog: Boolean(el?.closest('[role="dialog"]')),
    };
  });

/**
 * Opens a dialog from the keyboard: Tab to the control named `opener`, Enter; then checks that the focus
 * moved into the dialog `dialogName`, stays inside over `presses` Tab presses, and returns to the opener
 * after Escape.
 */
async function dialogKeepsFocus(page: Page, opener: string, dialogName: string, presses = 25) {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(opener);
}

describe.runIf(browserAvailable())('keyboard access', () => {
  const browser = useBrowser();

  for (const width of [1440, 360] as const) {
    it(`removes a filter pill with Tab and Enter; ?brand=<slug> shows the brand's name (${width} px)`, async () => {
      const { page, context } = await newPage(browser(), width);
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
    const { page, context } = await newPage(browser(), 1440);
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Поиск по каталогу' }).first();
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    await box.click();
    await box.pressSequentially('найк', { delay: 20 });
    const list = page.getByRole('listbox', { name: 'Подсказки поиска' });
    await list.waitFor();
    // The list may first show an earlier text's answer (the typing is debounced), marked aria-busy; the answer for
    // «найк» replaces it and resets the choice, so the arrows start once the list is no longer busy.
    await expect.poll(() => list.getAttribute('aria-busy')).toBeNull();
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

  for (const width of [360, 1440] as const) {
    // On desktops the catalog menu comes first, as it is shown (e2e/header/header-first-paint.test.ts).
    const maxPresses = width === 360 ? 5 : 15;
    it(`the skip link comes first and shows; the search is within ${maxPresses} Tab presses (${width} px)`, async () => {
      const { page } = await newPage(browser(), width);
      await page.goto('/catalog/women');
      await hydrated(page);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ name: 'К содержанию', role: 'a' });
      const skip = page.getByRole('link', { name: 'К содержанию' });
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.width).toBeGreaterThan(24);
      let presses = 1;
      while ((await focused(page)).role !== 'combobox' && presses < maxPresses) {
        await page.keyboard.press('Tab');
        presses++;
      }
      expect(await focused(page)).toMatchObject({ role: 'combobox', name: 'Поиск по каталогу' });
      // The skip link moves on to the page's content.
      await page.keyboard.press('Shift+Tab');
      for (let i = 0; i < maxPresses && (await focused(page)).name !== 'К содержанию'; i++)
        await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('main'))),
        'after «К содержанию» Tab goes into the page content',
      ).toBe(true);
    });
  }

  it('the catalog drawer and the filters drawer keep and give back the focus on their first opening (360 px)', async () => {
    const { page } = await newPage(browser(), 360);
    await page.goto('/catalog/women');
    await hydrated(page);
    await dialogKeepsFocus(page, 'Каталог', 'Каталог');
    // A second opening behaves the same.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Каталог' }).waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Каталог');

    await page.getByRole('button', { name: /^Фильтры/ }).focus();
    await page.keyboard.press('Enter');
    const filters = page.getByRole('dialog', { name: 'Фильтры' });
    await filters.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await filters.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).name).toMatch(/^Фильтры/);
  });

  it('the sign-in dialog keeps and gives back the focus on its first opening (1440 px)', async () => {
    const { page } = await newPage(browser(), 1440);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Войти', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Вход' });
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).name).toBe('Войти');
  });

  it('the desktop catalog menu is a disclosure: Tab passes it by, its button opens it, Escape closes (1440 px)', async () => {
    const { page } = await newPage(browser(), 1440);
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Каталог' });
    const toggle = nav.getByRole('button', { name: 'Категории: Женщинам' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // From the women's link, Tab reaches «Бренды» in 6 presses: no category links in between.
    await nav.getByRole('link', { name: 'Женщинам' }).focus();
    for (let i = 0; i < 6 && (await focused(page)).name !== 'Бренды'; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Бренды');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(
      /^\/catalog\/women\?category=/,
    );
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    expect((await focused(page)).name).toBe('Категории: Женщинам');
  });
});
