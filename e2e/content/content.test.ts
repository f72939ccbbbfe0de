import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, browserAvailable, hydrated, launch, newPage } from '../helpers.js';
import type { Browser } from 'playwright-core';

// Every content page the footer links to is server-rendered with its own title and a canonical link.
const PAGES: [string, string][] = [
  ['/about', 'О Витрине'],
  ['/how-buy', 'Как купить'],
  ['/how-sell', 'Как продать'],
  ['/garanties', 'Гарантии'],
  ['/faq', 'Вопросы и ответы'],
  ['/sizes', 'Таблица размеров'],
  ['/blog', 'Журнал'],
  ['/blog/kak-otlichit-original', 'Как отличить оригинал'],
  ['/jobs', 'Вакансии'],
  ['/jobs/frontend-developer', 'Фронтенд-разработчик'],
];

describe.runIf(browserAvailable())('content pages', () => {
  it.each(PAGES)('%s renders on the server', async (path, heading) => {
    const res = await fetch(baseURL() + path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(heading);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
    expect(html).toMatch(/<meta property="og:title"/);
  });

  it('says nothing untrue: no placeholder addresses, no disputes or refunds the shop does not have', async () => {
    for (const [path] of PAGES) {
      const html = await (await fetch(baseURL() + path)).text();
      expect(html, path).not.toMatch(/[\w.-]+@[\w.-]*example|\.example\b/);
      expect(html, path).not.toMatch(/спор в течение|откройте спор|мы вернём деньги|не отправлен за 3 дня/i);
    }
  });

  it('puts every FAQ answer into the HTML, with FAQPage structured data', async () => {
    const html = await (await fetch(baseURL() + '/faq')).text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)]
      .map(
        (m) =>
          JSON.parse(m[1]!) as { '@type': string; mainEntity?: { name: string; acceptedAnswer: { text: string } }[] },
      )
      .find((d) => d['@type'] === 'FAQPage');
    expect(ld?.mainEntity?.length).toBeGreaterThanOrEqual(8);
    for (const q of ld!.mainEntity!) {
      expect(html).toContain(q.name);
      expect(html).toContain(q.acceptedAnswer.text);
    }
  });

  it('uses one table of sizes on the guide and the product pages, children included', async () => {
    const html = (await (await fetch(baseURL() + '/sizes')).text()).replace(/<!-- -->/g, '');
    const row = (cells: string[]) => new RegExp(cells.map((c) => `<td[^>]*>${c}</td>`).join(''));
    // A man's M is RU 48 and a woman's M RU 46, as the sell form's labels «M (RU 48, EU 48)» say.
    expect(html).toMatch(/Одежда, мужская[\s\S]*?<td[^>]*>M<\/td><td[^>]*>48<\/td>/);
    expect(html).toMatch(/Одежда, женская[\s\S]*?<td[^>]*>M<\/td><td[^>]*>46<\/td>/);
    // A woman's EU 36 is US 6, as the product label «EU 36 (RU 35, US 6)».
    expect(html).toMatch(row(['36', '35', '6']));
    expect(html).toContain('Одежда, детская (по росту)');
    expect(html).toMatch(row(['164', '13–14 лет', '164']));
    expect(html).toContain('Обувь, детская');
    // …and the sizes a women's sneakers listing offers are labelled from the same table.
    const chars = (await (await fetch(baseURL() + '/v1/product/chars/')).json()) as {
      data: { categories: { id: number; name: string; type: string; parent: number | null }[] };
    };
    const sneakers = chars.data.categories.find((c) => c.type === 'women' && c.name === 'Кроссовки')!;
    const sizes = (await (await fetch(`${baseURL()}/v1/public/sizes/${sneakers.id}/`)).json()) as unknown;
    expect(JSON.stringify(sizes)).toContain('EU 36 (RU 35, US 6)');
  });

  it('answers 404 for an unknown article', async () => {
    const res = await fetch(`${baseURL()}/blog/no-such-article`);
    expect(res.status).toBe(404);
  });
});

describe.runIf(browserAvailable())('brands page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([360, 1440] as const)('lists each brand once and finds one by its Cyrillic name (%i px)', async (width) => {
    const { page } = await newPage(browser, width);
    await page.goto('/brands');
    await hydrated(page);
    const entries = await page.locator('section[id^="letter-"] li a').allTextContents();
    const names = await page
      .locator('section[id^="letter-"] li a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(entries.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
    await page.getByRole('searchbox', { name: 'Найти бренд' }).fill('найк');
    await expect
      .poll(() => page.locator('section[id^="letter-"] li a').allTextContents())
      .toEqual([expect.stringMatching(/^Nike/)]);
    await page.getByRole('searchbox', { name: 'Найти бренд' }).fill('ыыыы');
    await page.getByText('Такого бренда нет').waitFor();
  });
});
