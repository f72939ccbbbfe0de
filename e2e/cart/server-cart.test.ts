/**
 * The cart of a signed-in buyer follows the account (apps/web/app/features/cart/server-sync.ts, the API's cart
 * module), 1440 px: what one device puts in the cart another shows; an order paid another way (here over the
 * API, as from another device) takes its item out of the cart without the cart being opened and without
 * «больше нет в продаже»; a guest cart joins the account at sign-in, and «Выйти» leaves no cart behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignIn, cartSlugs, completeSignIn, createListing, paidOrder } from '../buy-helpers.js';
import { baseURL, browserAvailable, hydrated, launch, newPage, signedInPage } from '../helpers.js';

/** The header cart's accessible name: «Корзина» or «Корзина, товаров: N». */
const cartLabel = (page: Page) => page.getByTestId('header-cart').getAttribute('aria-label');

/** The slugs in the account's cart (`GET /v1/cart/` with `token`). */
const accountCart = async (token: string) => {
  const r = await fetch(`${baseURL()}/v1/cart/`, { headers: { authorization: `Token ${token}` } });
  return ((await r.json()) as { items: { slug: string }[] }).items.map((i) => i.slug);
};

/** Adds `slug` in `size` to the cart on its page, as a person. */
async function addToCart(page: Page, slug: string, size: string) {
  await page.goto(`/product/${slug}`);
  await page.getByRole('radiogroup').getByText(size, { exact: true }).click();
  await page.getByRole('button', { name: 'В корзину' }).click();
  await page.getByRole('link', { name: 'Перейти в корзину' }).first().waitFor();
}

describe.runIf(browserAvailable())('the cart follows the account', () => {
  let browser: Browser;
  let seller: string;
  beforeAll(async () => {
    browser = await launch();
    seller = await apiSignIn();
  });
  afterAll(() => browser?.close());

  it('shows on another device and loses what was paid for another way (1440 px)', async () => {
    const listing = await createListing(seller);
    const buyer = await apiSignIn();
    const laptop = await signedInPage(browser, buyer, 1440);
    await addToCart(laptop, listing.slug, listing.size);
    await expect.poll(() => cartLabel(laptop)).toBe('Корзина, товаров: 1');
    // The laptop sends its change to the account a moment later (a short pause gathers quick changes); the other
    // device opens once the account has it, as a person picking up their phone afterwards would.
    await expect.poll(() => accountCart(buyer), { timeout: 20_000, interval: 500 }).toEqual([listing.slug]);

    // Another device of the same account.
    const phone = await signedInPage(browser, buyer, 1440);
    await phone.goto('/');
    await expect.poll(() => cartLabel(phone), { timeout: 10_000 }).toBe('Корзина, товаров: 1');
    await phone.goto('/cart');
    await phone.getByText(listing.title).waitFor();

    // Paid another way (not through this tab's «/success»).
    await paidOrder(buyer, listing.slug, listing.size);
    await expect
      .poll(
        async () => {
          await laptop.reload();
          return cartLabel(laptop);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('Корзина');
    await laptop.goto('/cart');
    await laptop.getByText('Корзина пуста').waitFor();
    expect(await laptop.getByText(/больше нет в продаже/).count()).toBe(0);
    await laptop.context().close();
    await phone.context().close();
  });

  it('«В корзину» pressed before the code that follows the account has arrived reaches the account (1440 px)', async () => {
    const listing = await createListing(seller);
    const buyer = await apiSignIn();
    const page = await signedInPage(browser, buyer, 1440);
    // The following of the account is a chunk of its own, asked for once the page is hydrated: on a slow connection
    // a person presses «В корзину» before it arrives. Here it is held until the item is in the cart.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/server-sync-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await addToCart(page, listing.slug, listing.size);
    await expect.poll(() => cartLabel(page)).toBe('Корзина, товаров: 1');
    release();
    await expect.poll(() => accountCart(buyer), { timeout: 20_000, interval: 500 }).toEqual([listing.slug]);
    expect(await cartSlugs(page)).toEqual([listing.slug]);
    await page.reload();
    await expect.poll(() => cartLabel(page)).toBe('Корзина, товаров: 1');
  });

  it('joins a guest cart at sign-in and leaves none behind at «Выйти» (1440 px)', async () => {
    const listing = await createListing(seller);
    const { page, context } = await newPage(browser, 1440);
    await page.goto('/');
    await hydrated(page);
    await addToCart(page, listing.slug, listing.size);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await completeSignIn(page);
    // The account now holds the guest's cart.
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { state?: { token?: string } }).state?.token,
    );
    await expect.poll(() => accountCart(token!)).toEqual([listing.slug]);

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await expect.poll(() => cartLabel(page)).toBe('Корзина');
    expect(await cartSlugs(page)).toEqual([]);
    await context.close();
  });
});
