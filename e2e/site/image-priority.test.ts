/**
 * High fetch priority only for what the first screen shows. A photo with `fetchpriority="high"` is asked for while
 * the HTML still streams — before the stylesheet has arrived — so on a phone's connection it shares the bandwidth
 * with the one request that holds back the first paint. The home page once gave it to the first two new listings,
 * a screen and a half below its title, and Lighthouse counted them towards its largest paint, the title (simulated
 * phone under load: 2.2 s, 1.4 s once they were lazy). On pages whose likely largest paint is a photo (catalog,
 * brand, search, compilation, product, seller) the first ones keep it: the page is not allowed to pass by giving it
 * to none.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, newPage, publicJson, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('photos fetched first', () => {
  const browser = useBrowser();

  it('are those the first screen shows, on a phone and a wide screen', async () => {
    const card = (
      await publicJson<{ results: { slug: string; seller_id: number }[] }>('/v1/public/products/?page_size=1')
    ).results[0]!;
    const compilation = (await publicJson<{ results: { slug: string }[] }>('/v1/public/compilations/')).results[0]!;
    // The page, and whether its largest paint is a photo (then at least one is fetched first).
    const pages: [string, boolean][] = [
      ['/', false],
      ['/catalog/women', true],
      ['/catalog/brand/nike', true],
      [`/catalog/search?q=${encodeURIComponent('кеды')}`, true],
      [`/catalog/compilation/${compilation.slug}`, true],
      [`/product/${card.slug}`, true],
      [`/seller/${card.seller_id}`, true],
    ];
    const wrong: string[] = [];
    for (const width of [360, 1440] as const) {
      const { page } = await newPage(browser(), width);
      const screen = page.viewportSize()!.height;
      for (const [path, photoFirst] of pages) {
        await page.goto(path);
        const high = page.locator('img[fetchpriority="high"]');
        const count = await high.count();
        if (photoFirst && count === 0) wrong.push(`${width} px ${path}: ни одно фото не загружается первым`);
        for (let i = 0; i < count; i++) {
          const box = await high.nth(i).boundingBox();
          if (!box || box.y >= screen) {
            const where = box ? `${Math.round(box.y)} px от верха` : 'скрыто';
            wrong.push(`${width} px ${path}: фото ${i + 1} загружается первым, но оно вне первого экрана (${where})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
