/**
 * Browser tests of the catalog's pages beyond the listing: the cookie notice stays accepted across reloads (360 px),
 * 404 for an unknown product and an unknown catalog type, and the SEO tags, the brands index and the sitemap.
 * The path through the catalog to the cart is in e2e/catalog/catalog.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { allowPageProblem, baseURL, browserAvailable, newPage, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('catalog', () => {
  const browser = useBrowser();

  it('keeps the cookie notice accepted across reloads (360 px)', async () => {
    const { page, context } = await newPage(browser(), 360);
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
    const { page, context } = await newPage(browser(), 360);
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
