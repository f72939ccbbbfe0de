/**
 * Browser tests of the catalog: home → catalog → filter (URL and grid change)
 * → product → size → «В корзину» → cart; search with a Russian word form and a Cyrillic brand name. At 1440 px and
 * 360 px. The sidebar's fields and the light buttons' look are in e2e/catalog/listing-controls.test.ts; the cookie
 * notice, 404 and SEO tags in e2e/catalog/site-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, browserAvailable, hydrated, launch, newPage } from '../helpers.js';

async function api<T>(path: string): Promise<T> {
  const r = await fetch(baseURL() + path);
  return (await r.json()) as T;
}

/** Rubles as the shop shows them: Intl ru-RU, no kopecks for whole rubles, no-break spaces (never breakable). */
const rub = (n: number) =>
  new Intl.NumberFormat('ru-RU', {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: Number.isInteger(n) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
  })
    .format(n)
    .replace(/[\u202f\u00a0]/g, '\u00a0');

const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

/** The text of each product card of a server-rendered page, in order (tags dropped, entities decoded). */
function cardsInHtml(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*data-testid="product-card"[^>]*>([\s\S]*?)<\/a>/g)].map((m) =>
    unescapeHtml(m[1]!.replace(/<[^>]+>/g, '|')),
  );
}

/** The text of the listing count of a server-rendered page. */
function countInHtml(html: string): string | undefined {
  const m = /data-testid="listing-count"[^>]*>([^<]*)</.exec(html);
  return m ? unescapeHtml(m[1]!) : undefined;
}

const cardTitles = (page: Page) => page.locator('[data-testid="product-card"]').allInnerTexts();

describe.runIf(browserAvailable())('catalog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('home → catalog → filter → product → size → cart → count → remove (1440 px)', async () => {
    const { page, context } = await newPage(browser, 1440);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Новинки' }).isVisible()).resolves.toBe(true);
    expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Каталог' }).getByRole('link', { name: 'Женщинам' }).click();
    await page.waitForURL((u) => u.pathname === '/catalog/women');
    await page.getByRole('heading', { name: 'Женщинам', level: 1 }).waitFor();
    const countBefore = await page.getByTestId('listing-count').innerText();
    expect(countBefore).toMatch(/^\d[\d\s]* товар(а|ов)?$/);
    const titlesBefore = await cardTitles(page);

    // A filter from the sidebar: condition «Новое с биркой» → the URL and the grid change.
    await page.getByRole('complementary', { name: 'Фильтры' }).getByLabel('Новое с биркой').click();
    await page.waitForURL((u) => u.searchParams.get('condition') === 'new_with_tag');
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="listing-count"]')?.textContent !== before,
      countBefore,
    );
    const titlesAfter = await cardTitles(page);
    expect(titlesAfter.join('|')).not.toBe(titlesBefore.join('|'));

    // The filtered page is server-rendered from its URL alone (shareable): fetched without JavaScript, its
    // HTML holds the count, titles and prices the API answers for the same query (the page's own list call,
    // features/catalog/load-listing.ts: type, filters, sort «new», page 1 of 24).
    const html = await (await fetch(page.url())).text();
    const query = new URLSearchParams(new URL(page.url()).search);
    query.set('type', 'women');
    query.set('sort', 'new');
    query.set('page', '1');
    query.set('page_size', '24');
    const listed = await api<{ count: number; results: { title: string; price: number }[] }>(
      `/v1/public/products/?${query}`,
    );
    expect(listed.count).toBeGreaterThan(0);
    const grouped = new Intl.NumberFormat('ru-RU').format(listed.count).replace(/[\u202f\u00a0]/g, '\u00a0');
    expect(countInHtml(html)).toMatch(new RegExp(`^${grouped}[ \u00a0]товар(а|ов)?$`));
    const cards = cardsInHtml(html);
    expect(cards).toHaveLength(listed.results.length);
    listed.results.forEach((p, i) => {
      expect(cards[i], `card ${i + 1}`).toContain(`|${p.title}|`);
      expect(cards[i], `card ${i + 1}`).toContain(`|${rub(p.price)}|`);
    });
    // And the browser shows the same count.
    expect((await page.getByTestId('listing-count').innerText()).replace(/\s/g, ' ')).toBe(
      countInHtml(html)!.replace(/\s/g, ' '),
    );

    // Open a product with sizes in stock.
    await page.locator('[data-testid="product-card"]').first().click();
    await page.waitForURL(/\/product\//);
    await page.getByRole('button', { name: 'В корзину' }).waitFor();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((t) => t.includes('"@type":"Product"'))).toBe(true);
    expect(jsonLd.some((t) => t.includes('"@type":"BreadcrumbList"'))).toBe(true);

    const chips = page.getByRole('radiogroup').locator('input');
    if ((await chips.count()) > 1) await page.getByRole('radiogroup').locator('label').first().click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page.getByRole('link', { name: 'Перейти в корзину' }).click();
    await page.waitForURL((u) => u.pathname === '/cart');
    await page.getByTestId('cart-item').waitFor();
    expect(await page.getByTestId('cart-item').count()).toBe(1);
    await expect(page.getByTestId('header-cart').getAttribute('aria-label')).resolves.toBe('Корзина, товаров: 1');

    // Count 2 doubles the total; «Удалить» empties the cart.
    const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));
    const total = digits(await page.getByTestId('cart-total').innerText());
    await page.getByRole('button', { name: 'Увеличить' }).click();
    await expect(page.getByTestId('cart-count').innerText()).resolves.toBe('2');
    expect(digits(await page.getByTestId('cart-total').innerText())).toBe(total * 2);
    await page.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('heading', { name: 'Корзина пуста' }).waitFor();
    await context.close();
  });

  it('finds a Russian word form and a brand written in Cyrillic (360 px)', async () => {
    const { page, context } = await newPage(browser, 360);
    // «кроссовок» (genitive plural) finds listings titled «Кроссовки …».
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Поиск по каталогу' }).last();
    await box.fill('кроссовок');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === '/catalog/search' && u.searchParams.get('q') === 'кроссовок');
    // The URL changes before React commits the new page: until the search's own heading shows, the cards on screen
    // may still be the home page's.
    await page.getByRole('heading', { name: '«кроссовок»' }).waitFor();
    await page.locator('[data-testid="product-card"]').first().waitFor();
    const titles = await cardTitles(page);
    expect(titles.some((t) => /кроссовк/i.test(t))).toBe(true);

    // A brand by its Cyrillic name.
    const { results } = await api<{ results: { name: string; name_ru: string; count: number }[] }>(
      '/v1/public/brands/',
    );
    const brand = results
      .filter((b) => b.count > 0 && /^[а-яё]/i.test(b.name_ru) && /^[a-z]/i.test(b.name))
      .sort((a, b) => b.count - a.count)[0]!;
    await page.goto(`/catalog/search?q=${encodeURIComponent(brand.name_ru)}`);
    await page.locator('[data-testid="product-card"]').first().waitFor();
    const texts = await cardTitles(page);
    expect(texts[0]!.toLowerCase()).toContain(brand.name.toLowerCase());
    await context.close();
  });

  it('suggests brands while typing and opens the brand page', async () => {
    const { page, context } = await newPage(browser, 1440);
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Поиск по каталогу' }).first();
    await box.fill('найк');
    const option = page.getByRole('option', { name: /Nike/ }).first();
    await option.waitFor();
    await option.click();
    await page.waitForURL(/\/catalog\/brand\//);
    await page.getByRole('heading', { level: 1, name: 'Nike' }).waitFor();
    await context.close();
  });
});
