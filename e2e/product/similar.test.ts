/**
 * Browser test: the product page's «Похожие вещи», hydrated only when they come near the viewport (decision 0131),
 * work like the rest of the page. A size chosen first (the page renders again) leaves them in place; a heart pressed
 * at once — the press itself brings the part to life — opens the sign-in dialog; after the part is in view a card
 * opens its listing. Any page error or console error fails the test (helpers.ts).
 */
import { describe, expect, it } from 'vitest';
import { baseURL, browserAvailable, useBrowser, hydrated, newPage } from '../helpers.js';

/** A listing on sale with two sizes or more and similar listings. */
async function listing(): Promise<{ slug: string; similar: number }> {
  const r = await fetch(`${baseURL()}/v1/public/products/?sort=popular&page_size=30`);
  const page = (await r.json()) as { results: { slug: string; sizes: string[] }[] };
  for (const card of page.results.filter((c) => c.sizes.length > 1)) {
    const d = (await (await fetch(`${baseURL()}/v1/public/products/${card.slug}/`)).json()) as { similar: unknown[] };
    if (d.similar.length >= 2) return { slug: card.slug, similar: Math.min(d.similar.length, 10) };
  }
  throw new Error('no listing with two sizes and similar listings in the demo catalog');
}

describe.runIf(browserAvailable())('similar listings on the product page', () => {
  const browser = useBrowser();

  for (const width of [360, 1440] as const) {
    it(`keep their cards when a size is chosen, and a heart pressed at once opens the sign-in (${width} px)`, async () => {
      const { slug, similar } = await listing();
      const { page, context } = await newPage(browser(), width);
      await page.goto(`/product/${slug}`);
      await hydrated(page);
      // The grid right after the section's heading.
      const grid = page
        .getByRole('heading', { name: 'Похожие вещи', level: 2 })
        .locator('xpath=../following-sibling::div[1]');
      const cards = grid.getByTestId('product-card');
      await expect.poll(() => cards.count()).toBe(similar);

      // The page renders again with the size chosen: the similar listings stay as they were.
      const sizes = page.getByRole('radiogroup').first().locator('label');
      await sizes.nth(1).click();
      await expect.poll(() => page.getByRole('radiogroup').first().getByRole('radio').nth(1).isChecked()).toBe(true);
      await expect.poll(() => cards.count()).toBe(similar);

      // Scrolled to and pressed at machine speed.
      await grid.getByRole('button', { name: 'Добавить в избранное' }).first().click();
      await page.getByRole('dialog', { name: 'Вход' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Вход' }).waitFor({ state: 'detached' });

      const href = await cards.first().getAttribute('href');
      await cards.first().click();
      await page.waitForURL((u) => u.pathname === href);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await context.close();
    });
  }
});
