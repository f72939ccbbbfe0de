/**
 * Browser tests of the cart (spec §3–§5): «Увеличить» doubles the count and the total and stops at the
 * stock on offer, «Удалить» leaves «Корзина пуста»; the cart survives a reload; unavailable items are
 * removed with a notice naming them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserAvailable, hydrated, newPage, useBrowser } from '../helpers.js';

interface Card {
  slug: string;
  title: string;
  sizes: string[];
}

async function someProduct(): Promise<Card> {
  const r = await fetch(`${baseURL()}/v1/public/products/?sort=new&page_size=20`);
  const page = (await r.json()) as { results: Card[] };
  return page.results.find((p) => p.sizes.length > 0)!;
}

/** A listing with a size of which 2 or more pieces are on offer (new-with-tag listings stock 1–3). */
async function productWithStock(): Promise<{ card: Card; size: string; stock: number }> {
  const r = await fetch(`${baseURL()}/v1/public/products/?condition=new_with_tag&page_size=60`);
  for (const card of ((await r.json()) as { results: Card[] }).results) {
    const d = (await (await fetch(`${baseURL()}/v1/public/products/${card.slug}/`)).json()) as {
      offers: { size: string; count: number }[];
    };
    const offer = d.offers.find((o) => o.count >= 2);
    if (offer) return { card, size: offer.size, stock: offer.count };
  }
  throw new Error('no listing with 2+ pieces of a size in the demo catalog');
}

const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));

async function addToCart(page: Page, p: Card, size?: string) {
  await page.goto(`/product/${p.slug}`);
  await hydrated(page);
  if (p.sizes.length > 1) {
    const group = page.getByRole('radiogroup');
    await (
      size ? group.locator('label', { hasText: new RegExp(`^${size}$`) }) : group.locator('label').first()
    ).click();
  }
  await page.getByRole('button', { name: 'В корзину' }).click();
  await page.getByRole('link', { name: 'Перейти в корзину' }).waitFor();
}

describe.runIf(browserAvailable())('cart', () => {
  const browser = useBrowser();

  for (const width of [360, 1440] as const) {
    it(`keeps across reload, increases, removes (${width} px)`, async () => {
      const { page, context } = await newPage(browser(), width);
      const { card: p, size, stock } = await productWithStock();
      await addToCart(page, p, size);
      await page.getByRole('link', { name: 'Перейти в корзину' }).click();
      await page.waitForURL((u) => u.pathname === '/cart');
      await page.getByTestId('cart-item').waitFor();
      const total1 = digits(await page.getByTestId('cart-total').innerText());
      expect(total1).toBeGreaterThan(0);
      expect(await page.getByTestId('cart-count').innerText()).toBe('1');

      // Kept in browser storage across a reload (and still available after the check).
      await page.reload();
      await page.getByTestId('cart-item').waitFor();
      expect(await page.getByTestId('cart-count').innerText()).toBe('1');

      await page.getByRole('button', { name: 'Увеличить' }).click();
      await expect(page.getByTestId('cart-count').innerText()).resolves.toBe('2');
      expect(digits(await page.getByTestId('cart-total').innerText())).toBe(total1 * 2);
      // No more than the stock: at it, «Увеличить» is off (the availability check would drop the item).
      expect(await page.getByRole('button', { name: 'Увеличить' }).isDisabled()).toBe(stock === 2);
      await expect(page.getByRole('link', { name: 'Оформить заказ' }).getAttribute('href')).resolves.toMatch(
        /^\/checkout\?seller=\d+$/,
      );

      await page.getByRole('button', { name: 'Уменьшить' }).click();
      await expect(page.getByTestId('cart-count').innerText()).resolves.toBe('1');
      await page.getByRole('button', { name: 'Удалить' }).click();
      await page.getByRole('heading', { name: 'Корзина пуста' }).waitFor();
      await page.getByRole('link', { name: 'Перейти в каталог' }).waitFor();
      await context.close();
    });
  }

  it('removes unavailable items after the availability check and names them', async () => {
    const { page, context } = await newPage(browser(), 360);
    const p = await someProduct();
    await page.goto('/');
    await page.evaluate(
      ([slug, size]) =>
        localStorage.setItem(
          'cart',
          JSON.stringify({
            state: {
              items: [
                {
                  slug,
                  size,
                  count: 1,
                  price: '1 000',
                  title: 'Есть в наличии',
                  seller_id: 1,
                  seller_name: 'Продавец',
                },
                {
                  slug: 'takogo-tovara-net',
                  size: 'M',
                  count: 1,
                  price: '2 990',
                  title: 'Исчезнувшая куртка',
                  seller_id: 1,
                  seller_name: 'Продавец',
                },
              ],
            },
            version: 0,
          }),
        ),
      [p.slug, p.sizes[0]!],
    );
    await page.goto('/cart');
    await page.getByText('Некоторых товаров больше нет в продаже').waitFor();
    await page.getByText(/«Исчезнувшая куртка» \(размер M\)/).waitFor();
    expect(await page.getByTestId('cart-item').count()).toBe(1);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('cart')!) as { state: { items: { slug: string }[] } },
    );
    expect(stored.state.items.map((i) => i.slug)).toEqual([p.slug]);
    await context.close();
  });
});
