/**
 * Browser tests of the catalog (issue «The shop runs»): home → catalog → filter (URL and grid change)
 * → product → size → «В корзину» → cart; search with a Russian word form and a Cyrillic brand name;
 * the sidebar's category, brand and price fields; the cookie notice; 404 for an unknown product. At 1440 px and
 * 360 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { allowPageProblem, baseURL, browserAvailable, hydrated, launch, newPage } from '../helpers.js';

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

  it('the sidebar’s category, brand and price fields (native controls), rendered on the server, work once the page is interactive (1440 px)', async () => {
    const { page, context } = await newPage(browser, 1440);
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
    const { page, context } = await newPage(browser, 1440);
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

    const phone = await newPage(browser, 360);
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
    await expect(notice.getByRole('link', { name: /[Пп]олитик/ }).getAttribute('href')).resolves.toBe('/conf.pdf');
    await notice.getByRole('button', { name: 'Принять' }).click();
    await notice.waitFor({ state: 'detached' });
    // After a reload the notice would be rendered (and its chunk requested) as soon as the page hydrates; a
    // client-side navigation completing afterwards proves hydration is over.
    const noticeChunks: string[] = [];
    page.on('request', (r) => {
      if (/cookie-notice-card/.test(r.url())) noticeChunks.push(r.url());
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Мужчинам', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Витрина — на главную' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { name: 'Новинки' }).waitFor();
    expect(await notice.count()).toBe(0);
    expect(noticeChunks).toEqual([]);
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
    allowPageProblem(
      page,
      /Failed to load resource: the server responded with a status of 404 .*\/(product\/takogo-tovara-net-123|catalog\/aliens)\)$/,
      'the pages under test answer 404 on purpose; Chromium logs every 404 document as a console error',
    );
    allowPageProblem(
      page,
      /status of 404 .*\/v1\/public\/products\/takogo-tovara-net-123\/\)$/,
      'DraftFallback retries the product call in the browser (an owner may see their draft) — even without a token, so an anonymous visitor gets the 404 twice (reported)',
    );
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
