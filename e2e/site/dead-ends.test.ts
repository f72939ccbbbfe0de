/**
 * No dead ends, in a real browser at 360 and 1440 px: a guest's «Оформить заказ», «Подписаться» and
 * heart sign in where they are and the action completes without a second press (closing the dialog leaves
 * them where they were; `/checkout` opened directly goes back to the cart); the phone's sticky buying bar buys
 * the size chosen on the page; a buyer back from the bank without paying sees the order at once and can pay
 * again or cancel it (the reservation freed at once); the sell form's banner goes once the fields are fixed
 * and touch screens are told to tap. Screenshots go to `test-results/dead-ends/`.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, browserAvailable, launch, newPage, screenshot, signedInPage } from '../helpers.js';
import { apiSignIn, cartSlugs, completeSignIn, createListing, placeOrder } from '../buy-helpers.js';
import { choose } from '../sell-helpers.js';

const SHOTS = 'test-results/dead-ends';
const WIDTHS = [360, 1440] as const;

const shot = (page: Page, name: string) => screenshot(page, `${SHOTS}/${name}-${page.viewportSize()!.width}.png`);

/** A guest page with the cookie notice accepted (it would cover the bottom of a phone screen). */
async function guestPage(browser: Browser, width: 360 | 1440) {
  const { page, context } = await newPage(browser, width);
  await context.addInitScript(() =>
    localStorage.setItem('cookie-accepted', JSON.stringify({ state: { accepted: true }, version: 0 })),
  );
  return page;
}

const getJson = async <T>(path: string, token?: string): Promise<T> =>
  (await (
    await fetch(`${baseURL()}${path}`, { headers: token ? { authorization: `Token ${token}` } : {} })
  ).json()) as T;

describe.runIf(browserAvailable())('no dead ends', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  for (const width of WIDTHS) {
    it(`a guest's «Оформить заказ» signs in over the cart and goes on to the checkout (${width} px)`, async () => {
      const listing = await createListing(await apiSignIn());
      const page = await guestPage(browser, width);
      await page.goto(`/product/${listing.slug}`);
      await page.getByRole('button', { name: 'В корзину' }).click();
      await page.getByRole('link', { name: 'Перейти в корзину' }).first().waitFor();
      await page.goto('/cart');
      const checkout = page.getByRole('link', { name: 'Оформить заказ' });
      await checkout.click();
      const dialog = page.getByRole('dialog', { name: 'Вход' });
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe('/cart');
      await shot(page, 'guest-checkout-dialog');
      // Closing it leaves the guest on the cart, the cart intact.
      await dialog.getByRole('button', { name: 'Закрыть' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/cart');
      expect(await cartSlugs(page)).toContain(listing.slug);
      // Again, signing in this time: the checkout opens with the item — no second press.
      await checkout.click();
      await completeSignIn(page);
      await page.waitForURL(/\/checkout\?seller=\d+/);
      await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
      await page.getByTestId('checkout-item').filter({ hasText: listing.title }).waitFor();
      expect(await cartSlugs(page)).toContain(listing.slug);
    }, 90_000);

    it(`/checkout opened by a guest asks to sign in there; closing goes to the cart (${width} px)`, async () => {
      const page = await guestPage(browser, width);
      await page.goto('/checkout?seller=1');
      const dialog = page.getByRole('dialog', { name: 'Вход' });
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe('/checkout');
      await page.keyboard.press('Escape');
      await page.waitForURL((u) => u.pathname === '/cart');
      await page.getByRole('heading', { name: 'Корзина пуста' }).waitFor();
    }, 60_000);

    it(`a guest's «Подписаться» completes after signing in, without a second press (${width} px)`, async () => {
      const sellerToken = await apiSignIn();
      await createListing(sellerToken); // a seller page exists once something was published
      const me = await getJson<{ info: { id: number } }>('/v1/self/', sellerToken);
      const sellerId = me.info.id;
      const page = await guestPage(browser, width);
      await page.goto(`/seller/${sellerId}`);
      await page.getByTestId('product-card').first().waitFor();
      await page.getByRole('button', { name: 'Подписаться' }).click();
      await completeSignIn(page);
      await page.getByRole('button', { name: 'Вы подписаны' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/seller/${sellerId}`);
      await page.getByTestId('seller-counts').filter({ hasText: '1 подписчик' }).waitFor();
      await shot(page, 'guest-subscribed');
      const subscribers = await getJson<{ count: number }>('/v1/social/subscribers/?page_size=12', sellerToken);
      expect(subscribers.count).toBe(1);
    }, 90_000);
  }

  it('a guest’s heart on the product page adds the favorite after signing in (360 px)', async () => {
    const listing = await createListing(await apiSignIn());
    const page = await guestPage(browser, 360);
    await page.goto(`/product/${listing.slug}`);
    await page.getByRole('button', { name: 'Добавить в избранное' }).first().click();
    await completeSignIn(page);
    await page.getByRole('button', { name: 'Убрать из избранного' }).first().waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token')!).state.token as string);
    const ids = await getJson<{ data: number[] }>('/v1/favorites/ids/', token);
    expect(ids.data.length).toBe(1);
  }, 90_000);

  it('«В корзину» pressed while the page’s code is still loading is not lost (1440 px)', async () => {
    const listing = await createListing(await apiSignIn());
    const page = await guestPage(browser, 1440);
    // The page's code is held back until the button has been pressed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(`/product/${listing.slug}`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => asked).toBe(true);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await page.getByRole('button', { name: 'В корзину' }).click();
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => cartSlugs(page)).toEqual([listing.slug]);
    await page.getByRole('link', { name: 'Перейти в корзину' }).first().waitFor();
  }, 90_000);

  it('the phone’s sticky bar keeps price and «В корзину» in view and buys the size chosen (360 px)', async () => {
    const seller = await apiSignIn();
    const listing = await createListing(seller);
    const page = await guestPage(browser, 360);
    // A listing of two sizes: the buyer must choose.
    const detail = await getJson<{ id: number; category: { id: number } }>(`/v1/public/products/${listing.slug}/`);
    const id = detail.id;
    const sizes = await getJson<{ value: string }[]>(`/v1/public/sizes/${detail.category.id}/`);
    const other = sizes.find((s) => s.value !== listing.size)!.value;
    const patch = new FormData();
    patch.set(
      'sizes',
      JSON.stringify([
        { size: listing.size, price: 7490, count: 1 },
        { size: other, price: 8490, count: 1 },
      ]),
    );
    const r = await fetch(`${baseURL()}/v1/products/${id}/`, {
      method: 'PATCH',
      headers: { authorization: `Token ${seller}` },
      body: patch,
    });
    expect(r.status).toBe(200);

    await page.goto(`/product/${listing.slug}`);
    const bar = page.getByTestId('buy-bar');
    await bar.getByText(/от 7\s490\s₽/).waitFor();
    const inView = async () => {
      const box = (await bar.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 780 && (await bar.isVisible());
    };
    expect(await inView()).toBe(true);
    await shot(page, 'bar-start');
    // No size yet: the bar points at the sizes instead of adding.
    await bar.getByText('В корзину').click();
    await page.getByRole('alert').filter({ hasText: 'Выберите размер' }).waitFor();
    expect(await cartSlugs(page)).toEqual([]);
    // The size chosen on the page is the one the bar buys.
    await page.getByRole('radiogroup').getByText(other, { exact: true }).click();
    await page.mouse.wheel(0, 1200);
    await expect.poll(inView).toBe(true);
    await bar.getByText(/^8\s490\s₽$/).waitFor();
    await bar.getByText('В корзину').click();
    await bar.getByText('Перейти в корзину').waitFor();
    const cart = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('cart')!) as { state: { items: { slug: string; size: string }[] } }).state
          .items,
    );
    expect(cart).toEqual([expect.objectContaining({ slug: listing.slug, size: other })]);
    await shot(page, 'bar-added');
    // Back on the page: the size in the cart is the one chosen — not asked again.
    await page.goto(`/product/${listing.slug}`);
    await page.getByRole('link', { name: 'Перейти в корзину' }).first().waitFor();
    // A size the catalog was filtered by is chosen too.
    const fresh = await guestPage(browser, 360);
    await fresh.goto(`/product/${listing.slug}?size=${encodeURIComponent(other)}`);
    await fresh
      .getByTestId('buy-bar')
      .getByText(/^8\s490\s₽$/)
      .waitFor();
  }, 90_000);

  it('no sticky bar on a desktop (1440 px)', async () => {
    const listing = await createListing(await apiSignIn());
    const page = await guestPage(browser, 1440);
    await page.goto(`/product/${listing.slug}`);
    await page.getByRole('button', { name: 'В корзину' }).waitFor();
    expect(await page.getByTestId('buy-bar').isVisible()).toBe(false);
  }, 60_000);

  for (const width of WIDTHS) {
    it(`back from the bank without paying: the order at once, «Оплатить», «Отменить заказ» frees it (${width} px)`, async () => {
      const listing = await createListing(await apiSignIn());
      const buyer = await apiSignIn();
      const placed = await placeOrder(buyer, listing.slug, listing.size);
      const page = await signedInPage(browser, buyer, width);
      // From the first answer about the order to the order on screen (it once took over 6 s of spinner). The
      // bound leaves room for a loaded machine; on a quiet one it is a few hundred milliseconds.
      const answered = page.waitForResponse((res) => /\/v1\/sales\/orders\/\d+\/$/.test(res.url()), {
        timeout: 30_000,
      });
      await page.goto(`/payment?order=${placed.order.id}`);
      await answered;
      const started = Date.now();
      await page.getByRole('heading', { name: 'Заказ ещё не оплачен' }).waitFor({ timeout: 10_000 });
      expect(Date.now() - started).toBeLessThan(4000);
      await page.getByText(listing.title).first().waitFor();
      await page.getByText(/забронирован за вами до \d\d:\d\d/).waitFor();
      await expect(page.getByRole('link', { name: 'Оплатить' }).getAttribute('href')).resolves.toBe(
        placed.payment.confirmation_url,
      );
      await shot(page, 'unpaid');
      await page.getByRole('button', { name: 'Отменить заказ' }).click();
      await page
        .getByRole('dialog', { name: 'Отменить заказ?' })
        .getByRole('button', { name: 'Отменить заказ' })
        .click();
      await page.getByRole('heading', { name: 'Заказ отменён' }).waitFor();
      await shot(page, 'unpaid-cancelled');
      // The reservation is freed at once, and the page stays (no jump to «Оплата не прошла»).
      const product = await getJson<{ status: string }>(`/v1/public/products/${listing.slug}/`);
      expect(product.status).toBe('active');
      await page.waitForTimeout(2000); // two polls' time: the page must not move on
      expect(new URL(page.url()).pathname).toBe('/payment');
    }, 90_000);
  }

  for (const width of WIDTHS) {
    it(`the sell form: the banner goes once the fields are fixed; touch screens are told to tap (${width} px)`, async () => {
      const page = await signedInPage(browser, await apiSignIn(), width);
      await page.goto('/account/sell-create');
      await page.getByLabel('Название', { exact: true }).waitFor();
      if (width === 360) {
        await page.getByText('Нажмите, чтобы добавить фото').waitFor();
        expect(
          await page
            .getByText(/Перетащите/)
            .first()
            .isVisible(),
        ).toBe(false);
      } else {
        await page.getByText('Перетащите фото сюда или нажмите, чтобы выбрать').waitFor();
        expect(await page.getByText('Нажмите, чтобы добавить фото').isVisible()).toBe(false);
      }
      await page.getByRole('button', { name: 'Сохранить черновик' }).click();
      const banner = page.getByText('Проверьте поля, отмеченные красным.');
      await banner.waitFor();
      await page.getByLabel('Название', { exact: true }).fill('Платье льняное');
      await expect(banner.count()).resolves.toBe(1); // category and condition are still missing
      await choose(page, 'Категория', /./);
      await choose(page, 'Состояние', 'Отличное');
      await banner.waitFor({ state: 'detached' });
      await shot(page, 'sell-fixed');
    }, 60_000);
  }
});
