/**
 * The catalog's filters as a new user used them (apps/web/app/features/catalog/listing-page.tsx,
 * filter-panel.tsx, filter-drawer.tsx): clicks 100 ms apart each count (1440 px, a 4× slowed processor), the price applies after a
 * pause in typing or with «Применить» (1440 px), the phone drawer's button says how many listings it shows
 * (360 px), and the sticky sidebar taller than a 1366×768 window scrolls by itself so «Цвет» is reachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, browserAvailable, hydrated, launch, newPage } from '../helpers.js';

type Facets = { count: number; sizes: { value: string; count: number }[]; conditions: { value: string }[] };
const facets = async (query: string) =>
  (await (await fetch(`${baseURL()}/v1/public/facets/?${query}`)).json()) as Facets;
const LABELS: Record<string, string> = {
  new_with_tag: 'Новое с биркой',
  excellent: 'Отличное',
  good: 'Хорошее',
  satisfactory: 'Удовлетворительное',
};

/** The number in «12 товаров». */
const listingCount = async (page: Page) =>
  Number((await page.getByTestId('listing-count').innerText()).replace(/\D/g, ''));

describe.runIf(browserAvailable())('catalog filters', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('counts every click of clicks 100 ms apart (1440 px)', async () => {
    // Two sizes of the women's catalog and a condition the first of them has (so it stays on offer).
    const all = await facets('type=women');
    const [a, b] = [...all.sizes].sort((x, y) => y.count - x.count);
    const cond = (await facets(`type=women&size=${encodeURIComponent(a!.value)}`)).conditions[0]!.value;
    const { page, context } = await newPage(browser, 1440);
    // A processor 4× slower, as a mid-range phone's: the sidebar can then still show the page before a click when
    // the next click comes (the lost second size of apps/web/app/features/catalog/listing-navigation.ts).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/catalog/women');
    await hydrated(page);
    const sidebar = page.getByRole('complementary', { name: 'Фильтры' });
    const sizes = sidebar.getByRole('group', { name: 'Размер' });
    const chip = (v: string) => sizes.locator('label').filter({ has: page.locator(`input[value="${v}"]`) });
    await chip(a!.value).click();
    await page.waitForTimeout(100); // a person's pace: the first page is still loading
    await chip(b!.value).click();
    await page.waitForTimeout(100);
    await sidebar.getByRole('checkbox', { name: LABELS[cond] }).click();

    await page.waitForURL(
      (u) =>
        u.searchParams.get('size')?.split(',').sort().join(',') === [a!.value, b!.value].sort().join(',') &&
        u.searchParams.get('condition') === cond,
      { timeout: 15_000 },
    );
    const expected = await facets(`type=women&size=${encodeURIComponent(`${a!.value},${b!.value}`)}&condition=${cond}`);
    await expect.poll(() => listingCount(page), { timeout: 15_000 }).toBe(expected.count);
    await expect(sizes.locator(`input[value="${a!.value}"]`).isChecked()).resolves.toBe(true);
    await expect(sizes.locator(`input[value="${b!.value}"]`).isChecked()).resolves.toBe(true);
    await context.close();
  });

  it('applies the price after a pause in typing, and with «Применить» (1440 px)', async () => {
    const { page, context } = await newPage(browser, 1440);
    await page.goto('/catalog/women');
    await hydrated(page);
    const price = page.getByRole('complementary', { name: 'Фильтры' }).getByRole('group', { name: 'Цена' });
    // Typed and left alone (no Enter, no leaving the field): applies after the pause.
    await price.getByRole('textbox', { name: 'от' }).pressSequentially('1000', { delay: 60 });
    await page.waitForURL((u) => u.searchParams.get('price_min') === '1000', { timeout: 10_000 });
    await expect(
      price.getByRole('textbox', { name: 'от' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    // «Применить» at once.
    await price.getByRole('textbox', { name: 'до' }).fill('90000');
    await price.getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL(
      (u) => u.searchParams.get('price_max') === '90000' && u.searchParams.get('price_min') === '1000',
    );
    await context.close();
  });

  it('says on the drawer’s button how many listings it shows (360 px)', async () => {
    const { page, context } = await newPage(browser, 360);
    await page.goto('/catalog/women');
    await hydrated(page);
    const total = await listingCount(page);
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Фильтры' });
    const show = drawer.getByRole('button', { name: /^Показать(?! все)/ });
    await expect.poll(() => show.innerText()).toMatch(new RegExp(`^Показать ${total} товар`));
    const size = drawer.getByRole('group', { name: 'Размер' }).locator('label').first();
    const promised = Number((await size.innerText()).trim().split(/\s+/).at(-1));
    await size.click();
    await expect.poll(() => show.innerText()).toMatch(new RegExp(`^Показать ${promised} товар`));
    await show.click();
    await expect.poll(() => listingCount(page), { timeout: 15_000 }).toBe(promised);
    await context.close();
  });

  it('scrolls a sidebar taller than the window so «Цвет» is reachable (1366×768)', async () => {
    const { page, context } = await newPage(browser, 1440);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/catalog/women');
    await hydrated(page);
    const sidebar = page.getByRole('complementary', { name: 'Фильтры' });
    const lastColor = sidebar.getByRole('group', { name: 'Цвет' }).locator('button').last();
    await lastColor.waitFor();
    const box = (await sidebar.boundingBox())!;
    const tall = await sidebar.evaluate((el) => el.scrollHeight);
    expect(tall, 'the sidebar is taller than the window below the header').toBeGreaterThan(768 - 88);
    // Down the page over the results (the sidebar sticks under the header), then the wheel over the sidebar, as a
    // person reaches for its end (the page is far longer than this).
    await page.mouse.move(box.x + box.width + 300, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.mouse.move(box.x + box.width / 2, 400);
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, 300);
    await expect
      .poll(async () => {
        const r = (await lastColor.boundingBox())!;
        return r.y >= 0 && r.y + r.height <= 768;
      })
      .toBe(true);
    await context.close();
  });
});
