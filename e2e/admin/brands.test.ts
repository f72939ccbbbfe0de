/**
 * The back office's «Бренды» in a real browser: a seller lists two items with a brand they typed themselves (two
 * spellings of it); staff open `/admin/brands` from the back office's navigation, find the spelling in the table
 * and — at 1440 px — merge it with a listed brand through «Объединить с…» (the picker searched by keyboard), or — at
 * 360 px — add it to the list with «Создать бренд»; the row leaves the table, the listings answer with the brand and
 * are found by its name; the audit log shows `brand.merge`. Screenshots go to test-results/admin-brands.
 */
import { mkdirSync } from 'node:fs';
import axe from 'axe-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, browserAvailable, launch, screenshot, signedInPage } from '../helpers.js';
import { apiSignIn, post } from '../buy-helpers.js';

const SHOTS = 'test-results/admin-brands';

/** Letters only (a digit-free spelling no listed brand has), different on each run. */
const uniqueWord = () => Array.from({ length: 6 }, () => 'бвгдклмнпрстфхцч'[Math.floor(Math.random() * 16)]).join('');

/** A listing of `token` with the typed brand `brandText`; its slug. */
async function listWithTypedBrand(token: string, brandText: string, title: string): Promise<string> {
  const chars = (await (await fetch(`${baseURL()}/v1/product/chars/`)).json()) as {
    data: { categories: { id: number; parent: number | null }[] };
  };
  const cats = chars.data.categories;
  const leaf = cats.find((c) => c.parent !== null && !cats.some((x) => x.parent === c.id))!;
  const sizes = (await (await fetch(`${baseURL()}/v1/public/sizes/${leaf.id}/`)).json()) as { value: string }[];
  const form = new FormData();
  const fields: Record<string, string> = {
    title,
    description: 'Сшито вручную, носила один сезон.',
    brand_text: brandText,
    category: String(leaf.id),
    condition: 'excellent',
    sizes: JSON.stringify([{ size: sizes[0]?.value ?? 'One size', price: 3490, count: 1 }]),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#8f7a66' } })
    .jpeg({ quality: 75 })
    .toBuffer();
  form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front.jpg');
  return (await post<{ slug: string }>('/v1/products/', form, token)).slug;
}

/** axe's critical and serious WCAG A/AA violations on `page` now (the site's a11y suite's rules), one line each. */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    }),
  );
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const publicBrand = async (slug: string) =>
  ((await (await fetch(`${baseURL()}/v1/public/products/${slug}/`)).json()) as { brand: { name: string } | null })
    .brand;

describe.runIf(browserAvailable())('admin brands', () => {
  let browser: Browser;
  let staffToken: string;
  beforeAll(async () => {
    staffToken = await apiSignIn(inject('staffPhone'));
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  for (const width of [1440, 360] as const)
    it(`staff file a typed brand under the reference list (${width} px)`, async () => {
      const seller = await apiSignIn();
      const typed = `Ателье ${uniqueWord()}`;
      const slugs = [
        await listWithTypedBrand(seller, typed, 'Платье льняное'),
        await listWithTypedBrand(seller, typed.toUpperCase(), 'Юбка миди'),
      ];

      const page = await signedInPage(browser, staffToken, width);
      await page.goto('/admin');
      // The section in the back office's navigation (not the shop header's «Бренды»).
      await page
        .getByRole('navigation', { name: /абинет/ })
        .getByRole('link', { name: 'Бренды' })
        .locator('visible=true')
        .first()
        .click();
      await page.waitForURL((u) => u.pathname === '/admin/brands');
      const search = page.getByRole('search').getByLabel('Написание');
      await search.fill(typed.toLowerCase());
      await search.press('Enter');
      // A table row at 1440 px, a card on the phone.
      const row = page.getByTestId('free-brand').filter({ hasText: typed }).locator('visible=true');
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain(typed.toUpperCase());
      await screenshot(page, `${SHOTS}/brands-${width}.png`, { fullPage: true });
      expect(await violations(page)).toEqual([]);

      let brandName: string;
      if (width === 1440) {
        await row.getByRole('button', { name: 'Объединить с…' }).click();
        // The row's title is its most used spelling (here either: one listing each).
        const dialog = page.getByRole('dialog', { name: /^Объединить «/ });
        const picker = dialog.getByLabel('Бренд из справочника');
        await picker.waitFor();
        // Keyboard only: the picker has the focus, typing filters, ↓ and Enter choose.
        await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.type('зара');
        await page
          .getByRole('option', { name: /^Zara\b/ })
          .first()
          .waitFor();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect.poll(() => picker.inputValue()).toMatch(/^Zara/);
        brandName = (await picker.inputValue()).split(' · ')[0]!;
        await screenshot(page, `${SHOTS}/merge-dialog-${width}.png`);
        await dialog.getByRole('button', { name: 'Объединить' }).click();
      } else {
        await row.getByRole('button', { name: 'Создать бренд' }).click();
        const dialog = page.getByRole('dialog', { name: 'Создать бренд' });
        const name = dialog.getByRole('textbox', { name: 'Название', exact: true });
        await expect.poll(() => name.inputValue()).toMatch(new RegExp(`^${typed}$`, 'i'));
        brandName = await name.inputValue();
        await screenshot(page, `${SHOTS}/create-dialog-${width}.png`);
        await dialog.getByRole('button', { name: 'Создать и объединить' }).click();
      }
      await page
        .getByRole('status')
        .filter({ hasText: `«${typed}» → ${brandName}: 2 объявления` })
        .waitFor();
      await row.waitFor({ state: 'detached' });
      await screenshot(page, `${SHOTS}/merged-${width}.png`, { fullPage: true });

      for (const slug of slugs) expect((await publicBrand(slug))?.name).toBe(brandName!);
      if (width === 360) {
        const found = (await (await fetch(`${baseURL()}/v1/public/search/?q=${encodeURIComponent(typed)}`)).json()) as {
          results: { slug: string; brand: { name: string } | null }[];
        };
        expect(found.results.filter((c) => slugs.includes(c.slug)).map((c) => c.brand?.name)).toEqual([
          brandName,
          brandName,
        ]);
      }

      await page.goto('/admin/audit?action=brand.merge');
      await page.getByTestId('audit-row').filter({ hasText: typed }).first().waitFor();
    }, 240_000);
});
