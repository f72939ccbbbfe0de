/**
 * Browser tests of the catalog (issue «The shop runs»): home → catalog → filter (URL and grid change)
 * → product → size → «В корзину» → cart; search with a Russian word form and a Cyrillic brand name;
 * the cookie notice; 404 for an unknown product. At 1440 px and 360 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, browserAvailable, hydrated, launch, newPage } from './helpers.js';

async function api<T>(path: string): Promise<T> {
  const r = await fetch(baseURL() + path);
  return (await r.json()) as T;
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

    // The filtered page is server-rendered from its URL alone (shareable).
    const html = await (await fetch(page.url())).text();
    expect(html).toContain((await page.getByTestId('listing-count').innerText()).replace(/\s/g, ' ').split(' ')[0]);

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

  it('keeps the cookie notice accepted across reloads (360 px)', async () => {
    const { page, context } = await newPage(browser, 360);
    await page.goto('/catalog/men');
    const notice = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
    await notice.waitFor();
    await expect(notice.getByRole('link', { name: /политик/ }).getAttribute('href')).resolves.toBe('/conf.pdf');
    await notice.getByRole('button', { name: 'Принять' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Мужчинам', level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await notice.count()).toBe(0);
    // And /conf.pdf is a real PDF.
    const pdf = await fetch(baseURL() + '/conf.pdf');
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await context.close();
  });

  it('answers 404 for an unknown product and an unknown catalog type', async () => {
    const { page, context } = await newPage(browser, 360);
    const res = await page.goto('/product/takogo-tovara-net-123');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByRole('link', { name: 'На главную', exact: true }).waitFor();
    const res2 = await page.goto('/catalog/aliens');
    expect(res2?.status()).toBe(404);
    await context.close();
  });

  it('renders SEO tags, brands index and the sitemap', async () => {
    const html = await (await fetch(baseURL() + '/brands')).text();
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain('property="og:title"');
    expect(html).toMatch(/Алфавитный указатель/);
    // A brand page describes the brand's listings (count, categories, lowest price), not its reference text.
    const brandHtml = await (await fetch(baseURL() + '/catalog/brand/nike')).text();
    const description = brandHtml.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
    expect(description.replace(/\u00a0/g, ' ')).toMatch(
      /^Nike — \d[\d ]* товар(а|ов)?: [а-яё ,]+\. .*цены от \d[\d ]* ₽ на Витрине\.$/,
    );
    expect(brandHtml).toContain(`property="og:description" content="${description}"`);
    const sitemap = await (await fetch(baseURL() + '/sitemap.xml')).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).toMatch(/\/product\/[^<]+<\/loc>/);
  });
});
