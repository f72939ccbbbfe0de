/**
 * Browser tests of «No dead ends» in the catalog and search, at 360 and 1440 px: the children's
 * catalog offers only children's sizes and every size offered finds listings (desktop sidebar; phone
 * drawer); a typo in the header search still finds and offers «Возможно, вы имели в виду …»; a search
 * that finds nothing offers
 * ways out (popular queries, a filter to remove) that find listings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseURL, browserAvailable, hydrated, launch, newPage } from '../helpers.js';

const WIDTHS = [1440, 360] as const;

/** The number in «12 товаров». */
async function listingCount(page: Page): Promise<number> {
  const text = await page.getByTestId('listing-count').innerText();
  return Number(text.replace(/\D/g, ''));
}

/** The size chips' labels of a filter panel (desktop sidebar or phone drawer): value and count. */
async function sizeChips(panel: Locator): Promise<{ value: string; count: number; label: Locator }[]> {
  const group = panel.getByRole('group', { name: 'Размер' });
  await group.waitFor();
  const labels = group.locator('label');
  const out: { value: string; count: number; label: Locator }[] = [];
  for (let i = 0; i < (await labels.count()); i++) {
    const label = labels.nth(i);
    const words = (await label.innerText()).trim().split(/\s+/);
    out.push({ value: words.slice(0, -1).join(' '), count: Number(words.at(-1)), label });
  }
  return out;
}

/**
 * Waits until the children's catalog's size counts agree with its lists. Filter counts are reused for 30 s
 * (apps/api/src/modules/catalog/facets.ts `FACETS_TTL_MS`), so a listing an earlier test file bought or withdrew
 * shows in them within that time, not at once; the tests below compare the two exactly.
 */
async function kidsSizesSettled(): Promise<void> {
  const json = async (path: string) =>
    (await (await fetch(`${baseURL()}${path}`, { headers: { 'cache-control': 'no-cache' } })).json()) as {
      count: number;
      sizes: { value: string; count: number }[];
    };
  await expect
    .poll(
      async () => {
        const { sizes } = await json('/v1/public/facets/?type=kids');
        for (const s of sizes) {
          const { count } = await json(
            `/v1/public/products/?type=kids&size=${encodeURIComponent(s.value)}&page_size=1`,
          );
          if (count !== s.count) return `${s.value}: ${s.count} in the filter, ${count} listed`;
        }
        return 'agree';
      },
      { timeout: 45_000, interval: 2_000 },
    )
    .toBe('agree');
}

describe.runIf(browserAvailable())('no dead ends in filters and search', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('children’s catalog (1440 px): only children’s sizes, each finds as many listings as it says', async () => {
    await kidsSizesSettled();
    const { page, context } = await newPage(browser, 1440);
    await page.goto('/catalog/kids');
    await hydrated(page);
    const sidebar = page.getByRole('complementary', { name: 'Фильтры' });
    const chips = await sizeChips(sidebar);
    expect(chips.length).toBeGreaterThan(0);
    for (const adult of ['XS', 'S', 'M', 'L', 'XL', '42', '44']) expect(chips.map((c) => c.value)).not.toContain(adult);
    // As a person: the first size, clicked in the sidebar, narrows the page to its count.
    const firstChip = chips[0]!;
    await firstChip.label.click();
    await page.waitForURL((u) => u.searchParams.get('size') === firstChip.value);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="listing-count"]')?.textContent?.startsWith(`${n} `),
      firstChip.count,
      { timeout: 15_000 },
    );
    // Every size offered: its page lists as many as the chip promised (never none).
    for (const chip of chips) {
      expect(chip.count, chip.value).toBeGreaterThan(0);
      await page.goto(`/catalog/kids?size=${encodeURIComponent(chip.value)}`);
      expect(await listingCount(page), chip.value).toBe(chip.count);
      expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);
    }
    await context.close();
  });

  it('children’s catalog (360 px): every size in the filter drawer finds listings', async () => {
    await kidsSizesSettled();
    const { page, context } = await newPage(browser, 360);
    await page.goto('/catalog/kids');
    await hydrated(page);
    const openDrawer = async () => {
      await page.getByRole('button', { name: /^Фильтры/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Фильтры' });
      await drawer.waitFor();
      return drawer;
    };
    const first = await sizeChips(await openDrawer());
    expect(first.length).toBeGreaterThan(0);
    expect(first.map((c) => c.value)).not.toContain('M');
    // As a person: the first size chosen in the drawer and «Показать».
    const chip = first[0]!;
    expect(chip.count).toBeGreaterThan(0);
    await chip.label.click();
    await page
      .getByRole('dialog', { name: 'Фильтры' })
      .getByRole('button', { name: /^Показать(?! все)/ })
      .click();
    await page.waitForURL((u) => u.searchParams.get('size') === chip.value);
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="listing-count"]')?.textContent?.startsWith(`${n} `),
      chip.count,
      { timeout: 15_000 },
    );
    for (const c of first) {
      await page.goto(`/catalog/kids?size=${encodeURIComponent(c.value)}`);
      expect(await listingCount(page), c.value).toBe(c.count);
      // Each card opens its page with the size filtered by already chosen.
      const hrefs = await page
        .locator('[data-testid="product-card"]')
        .evaluateAll((cards) => cards.map((a) => a.getAttribute('href')));
      expect(hrefs.length, c.value).toBeGreaterThan(0);
      for (const href of hrefs) expect(href, c.value).toMatch(new RegExp(`\\?size=${encodeURIComponent(c.value)}$`));
    }
    await context.close();
  });

  it('a search sent before the suggestions arrive leaves their list closed over the results (360 px)', async () => {
    const { page, context } = await newPage(browser, 360);
    // The suggestions' chunk arrives late, after the search was sent (a slow phone).
    let release!: () => void;
    const late = new Promise<void>((r) => (release = r));
    let asked = false;
    await page.route(/\/assets\/search-suggest-[^/]*\.js$/, async (route) => {
      asked = true;
      await late;
      await route.continue();
    });
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Поиск по каталогу' }).filter({ visible: true }).first();
    await box.fill('кросовки');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/catalog/search');
    await page.locator('[data-testid="product-card"]').first().waitFor();
    expect(asked).toBe(true);
    const answered = page.waitForResponse((r) => r.url().includes('/v1/public/search/suggest/'));
    release();
    // The suggestions part has mounted (it asks for suggestions) and rendered their answer (two frames later).
    await answered;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('listbox', { name: 'Подсказки поиска' }).count()).resolves.toBe(0);
    await context.close();
  });

  for (const width of WIDTHS) {
    it(`a typo still finds and offers the right spelling (${width} px)`, async () => {
      const { page, context } = await newPage(browser, width);
      await page.goto('/');
      await hydrated(page);
      const box = page.getByRole('combobox', { name: 'Поиск по каталогу' }).filter({ visible: true }).first();
      await box.fill('кросовки');
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/catalog/search' && u.searchParams.get('q') === 'кросовки');
      await page.locator('[data-testid="product-card"]').first().waitFor();
      const line = page.getByTestId('search-correction');
      await expect(line.innerText()).resolves.toContain('Возможно, вы имели в виду');
      await line.getByRole('link', { name: '«кроссовки»' }).click();
      await page.waitForURL((u) => u.searchParams.get('q') === 'кроссовки');
      await page.locator('[data-testid="product-card"]').first().waitFor();
      expect(await listingCount(page)).toBeGreaterThan(0);
      await context.close();
    });

    it(`a search that finds nothing offers ways out that find (${width} px)`, async () => {
      let { page, context } = await newPage(browser, width);
      await page.goto(`/catalog/search?q=${encodeURIComponent('qwertyzz')}`);
      await hydrated(page);
      await page.getByRole('heading', { name: 'Ничего не нашлось' }).waitFor();
      const ways = page.getByTestId('search-ways-out');
      await ways.getByRole('heading', { name: 'Часто ищут' }).waitFor();
      const popular = ways.getByRole('listitem').getByRole('link').first();
      const query = (await popular.innerText()).trim();
      await popular.click();
      await page.waitForURL((u) => u.searchParams.get('q') === query);
      await page.locator('[data-testid="product-card"]').first().waitFor();
      expect(await listingCount(page)).toBeGreaterThan(0);

      // A filter that empties a search: removing it, as offered, brings the listings back.
      await context.close();
      ({ page, context } = await newPage(browser, width));
      await page.goto(`/catalog/search?q=${encodeURIComponent(query)}&size=XXS`);
      await hydrated(page);
      const remove = page.getByTestId('search-ways-out').getByRole('button', { name: /Без фильтра «Размер»/ });
      const promised = Number((await remove.innerText()).replace(/[^\d]/g, ''));
      await remove.click();
      await page.waitForURL((u) => !u.searchParams.has('size'));
      await page.locator('[data-testid="product-card"]').first().waitFor();
      expect(await listingCount(page)).toBe(promised);
      await context.close();
    });
  }
});
