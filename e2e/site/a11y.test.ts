/**
 * axe over every page of the route table (spec §2; WCAG 2.2 AA): signed out, and signed in where a page
 * changes with an account (SIGNED_IN_PUBLIC_ROUTES, the account pages), at 360 px and 1440 px, with the main dialogs
 * and drawers open as well (catalog drawer, filters drawer, sign-in dialog, pickup-point dialog, notifications, the
 * account menu, search suggestions, the brand list of the filters, opened and searched) and a seller's orders over more than a
 * page (page links). Any critical
 * or serious violation fails the test; all of a run's violations are listed together.
 *
 * One browser and one page per pass (the page is reused from route to route); axe runs only the WCAG A/AA
 * rules (2.0, 2.1, 2.2), so the whole file stays within a few minutes.
 */
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignIn, createListing, paidOrder, placeOrder, post } from '../buy-helpers.js';
import {
  allowPageProblem,
  baseURL,
  browserAvailable,
  hydrated,
  launch,
  newPage,
  settled,
  signedInPage,
} from '../helpers.js';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The critical and serious violations on `page` now, one line each, prefixed with `where`. axe-core is
 * evaluated in the page through the DevTools protocol (not a `<script>`, which the CSP would block).
 */
async function audit(page: Page, where: string): Promise<string[]> {
  const started = Date.now();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
  // A11Y_VERBOSE=1 prints how long each audit took.
  if (process.env.A11Y_VERBOSE) console.log(`${where}: ${Date.now() - started} ms`);
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}, ${v.nodes.length}) ${v.help} — ` +
        v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | '),
    );
}

interface Card {
  id: number;
  slug: string;
  sizes: string[];
}

async function api<T>(path: string, token?: string): Promise<T> {
  const r = await fetch(baseURL() + path, { headers: token ? { authorization: `Token ${token}` } : {} });
  return (await r.json()) as T;
}

/**
 * The first href on `page` starting with `prefix` (a path of the route table with a real slug), once such a link is
 * there: some come with a part of the page loaded after it (the product page's seller card).
 */
async function firstLink(page: Page, prefix: string): Promise<string> {
  await page
    .locator(`a[href^="${prefix}"]`)
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  const href = await page.evaluate(
    (p) => [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!).find((h) => h.startsWith(p)),
    prefix,
  );
  if (!href) throw new Error(`нет ссылки ${prefix}… на странице ${page.url()}`);
  return href.split('?')[0]!;
}

/** The pages of the route table that need no account (`:slug` ones filled from the demo catalog). */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/blog',
  '/blog/kak-otlichit-original',
  '/brands',
  '/cart',
  '/catalog/women',
  '/catalog/search?q=платье',
  '/fail',
  '/faq',
  '/garanties',
  '/how-buy',
  '/how-sell',
  '/jobs',
  '/jobs/frontend-developer',
  '/payment',
  '/sizes',
  '/success',
  '/no-such-page',
];
/**
 * The public pages audited again signed in: those whose body changes with an account (the cart, the home page's
 * personal parts, and the product, seller and brand pages via `slugRoutes`: buy and favorite states, the
 * subscription) and a listing. The other public pages differ signed in only by the header (the account menu and
 * the bell), which is the same component on every page and is audited here on each of these.
 */
const SIGNED_IN_PUBLIC_ROUTES = ['/', '/cart', '/catalog/women'];
const ACCOUNT_ROUTES = [
  '/account',
  '/account/favorites',
  '/account/history',
  '/account/messenger',
  '/account/sales-center',
  '/account/sales',
  '/account/sell-create',
];

/** Opens `path` and waits until its data and lazy parts have arrived. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

describe.runIf(browserAvailable())('axe: no critical or serious WCAG 2.2 AA violations', () => {
  let browser: Browser;
  let token: string;
  /** Routes with a real slug: a product, its seller, a brand, a compilation. */
  let slugRoutes: string[];
  let product: Card;
  /** A seller with more than a page (12) of orders: the page links of «Продажи». */
  let busySeller: string;

  beforeAll(async () => {
    browser = await launch();
    // A signed-in user with something on every account page: a listing of their own (sold once), a paid
    // purchase, an order awaiting payment, a favorite.
    token = await apiSignIn();
    busySeller = await apiSignIn();
    const stock = await createListing(busySeller, 13);
    // Thirteen buyers: one buyer's second unpaid order of the same item is refused (they pay the first).
    for (let i = 0; i < 13; i++) await placeOrder(await apiSignIn(), stock.slug, stock.size);
    const mine = await createListing(token);
    const cards = (await api<{ results: Card[] }>('/v1/public/products/?sort=new&page_size=20')).results.filter(
      (c) => c.sizes.length > 0 && c.slug !== mine.slug,
    );
    product = cards[0]!;
    await paidOrder(token, cards[1]!.slug, cards[1]!.sizes[0]!);
    await placeOrder(token, cards[3]!.slug, cards[3]!.sizes[0]!);
    await paidOrder(await apiSignIn(), mine.slug, mine.size);
    await post(`/v1/favorites/${cards[2]!.id}/add-to-favorites/`, {}, token);

    const { page } = await newPage(browser, 1440);
    await page.goto('/');
    const productPath = `/product/${product.slug}`;
    await page.goto(productPath);
    slugRoutes = [productPath, await firstLink(page, '/seller/'), await firstLink(page, '/catalog/brand/')];
    await page.goto('/');
    slugRoutes.push(await firstLink(page, '/catalog/compilation/'));
    await page.context().close();
  });
  afterAll(() => browser?.close());

  for (const width of [360, 1440] as const) {
    it(`signed out, every public page and the dialogs at ${width} px`, { timeout: 300_000 }, async () => {
      const found: string[] = [];
      const { page } = await newPage(browser, width);
      allowPageProblem(
        page,
        /status of 404 .*\/no-such-page\)$/,
        'the 404 page is answered with status 404 on purpose',
      );
      await page.goto('/');
      found.push(...(await audit(page, `/ (cookie notice) @${width}`)));
      await hydrated(page);
      for (const path of [...PUBLIC_ROUTES, ...slugRoutes]) {
        await open(page, path);
        found.push(...(await audit(page, `${path} @${width}`)));
      }

      // The sign-in dialog: from /account (the guard) and from «Войти».
      await open(page, '/account');
      const signIn = page.getByRole('dialog', { name: 'Вход' });
      await settled(signIn);
      found.push(...(await audit(page, `/account → sign-in dialog @${width}`)));
      await page.keyboard.press('Escape');
      await signIn.waitFor({ state: 'hidden' });

      // Search suggestions.
      const box = page.getByRole('combobox', { name: 'Поиск по каталогу' }).locator('visible=true').first();
      await box.click();
      await box.pressSequentially('найк', { delay: 20 });
      await page.getByRole('listbox', { name: 'Подсказки поиска' }).waitFor();
      found.push(...(await audit(page, `search suggestions @${width}`)));
      await box.press('Escape');

      if (width === 360) {
        // The catalog drawer (burger) and the filters drawer (catalog page).
        await page.getByRole('button', { name: 'Каталог' }).click();
        const drawer = page.getByRole('dialog', { name: 'Каталог' });
        await settled(drawer);
        await drawer.getByRole('button', { name: 'Женщинам' }).click();
        // The section opens with a transition: audit once it has come to rest (mid-way its links overlap).
        await settled(drawer.locator('a[href^="/catalog/women?category="]').first());
        found.push(...(await audit(page, `catalog drawer @${width}`)));
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        await open(page, '/catalog/women');
        await page.getByRole('button', { name: /^Фильтры/ }).click();
        const filters = page.getByRole('dialog', { name: 'Фильтры' });
        await settled(filters);
        found.push(...(await audit(page, `filters drawer @${width}`)));
      } else await open(page, '/catalog/women');
      // The brand list opened (it scrolls), then searched with nothing found.
      const brands = page.getByRole('group', { name: 'Бренд' }).locator('visible=true').first();
      await brands.getByRole('button', { name: /^Показать все/ }).click();
      await brands.getByRole('button', { name: 'Свернуть' }).waitFor();
      found.push(...(await audit(page, `brand list opened @${width}`)));
      await brands.getByRole('searchbox', { name: 'Найти бренд' }).click();
      await page.keyboard.type('ъъъ', { delay: 20 });
      await brands.getByText('Нет такого бренда').waitFor();
      found.push(...(await audit(page, `brand search, nothing found @${width}`)));
      expect(found).toEqual([]);
    });

    it(`signed in, the public pages that change with an account at ${width} px`, { timeout: 300_000 }, async () => {
      const found: string[] = [];
      const page = await signedInPage(browser, token, width);
      for (const path of [...SIGNED_IN_PUBLIC_ROUTES, ...slugRoutes]) {
        await open(page, path);
        found.push(...(await audit(page, `${path} (signed in) @${width}`)));
      }
      expect(found).toEqual([]);
    });

    it(`signed in, the account pages and the dialogs at ${width} px`, { timeout: 300_000 }, async () => {
      const found: string[] = [];
      const page = await signedInPage(browser, token, width);
      for (const path of ACCOUNT_ROUTES) {
        await open(page, path);
        found.push(...(await audit(page, `${path} (signed in) @${width}`)));
      }

      // The account menu and the notifications.
      await open(page, '/');
      await page.getByRole('button', { name: 'Меню профиля' }).click();
      await settled(page.getByRole('menu'));
      found.push(...(await audit(page, `account menu @${width}`)));
      await page.keyboard.press('Escape');
      const bell = page.getByRole('button', { name: /Уведомления/ });
      await bell.click();
      await settled(page.getByRole('dialog'));
      // The list comes over the page's socket (opened anew on each page load): audit it, not its skeleton.
      await page.getByTestId('notifications-loading').waitFor({ state: 'detached' });
      found.push(...(await audit(page, `notifications @${width}`)));
      await page.keyboard.press('Escape');

      // The checkout with the pickup-point dialog. The account's cart follows it from the other width's run:
      // emptied first, so the product offers «В корзину» again.
      const emptied = await fetch(`${baseURL()}/v1/cart/`, {
        method: 'PUT',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: '[]',
      });
      expect(emptied.status).toBe(200);
      await open(page, `/product/${product.slug}`);
      if (product.sizes.length > 1) await page.getByRole('radiogroup').locator('label').first().click();
      await page.getByRole('button', { name: 'В корзину' }).click();
      await page.getByRole('link', { name: 'Перейти в корзину' }).first().waitFor();
      await open(page, '/cart');
      found.push(...(await audit(page, `/cart with an item @${width}`)));
      await page.getByRole('link', { name: 'Оформить заказ' }).first().click();
      await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
      // A client navigation, so `waitForLoadState('networkidle')` returns at once (reached on /cart): wait for the
      // saved points and cards instead (their skeletons are `aria-busy`; «Добавить пункт выдачи» moves after them).
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      found.push(...(await audit(page, `/checkout @${width}`)));
      await page
        .getByRole('button', { name: /пункт выдачи/i })
        .first()
        .click();
      const pickup = page.getByRole('dialog', { name: 'Пункт выдачи' });
      await settled(pickup.getByTestId('pickup-point').first());
      found.push(...(await audit(page, `pickup-point dialog @${width}`)));

      // The seller's orders with page links.
      const seller = await signedInPage(browser, busySeller, width);
      await open(seller, '/account/sales?status=orders');
      await seller.locator('.mantine-Pagination-root').waitFor();
      found.push(...(await audit(seller, `/account/sales?status=orders (13 orders) @${width}`)));
      await seller.context().close();
      expect(found).toEqual([]);
    });
  }
});
