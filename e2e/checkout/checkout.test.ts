/**
 * The whole purchase in a real browser (issue «Buying»): sign in → product → size → «В корзину» → cart →
 * «Оформить заказ» → checkout → add a pickup point in the dialog → «Оплатить» → the test bank page →
 * card → `/success` (order number shown, the item leaves the cart); a declined card → `/fail`.
 * Screenshots of every screen go to `test-results/checkout/`.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { allowPageProblem, baseURL, browserAvailable, launch, newPage, settled } from '../helpers.js';
import {
  RECIPIENT,
  SHOTS,
  addCardOnSite,
  addPickupPoint,
  apiSignIn,
  cartSlugs,
  choosePickupPoint,
  createListing,
  payOnBankPage,
  post,
  shot,
  signIn,
  toCheckout,
  type ProductCard,
} from '../buy-helpers.js';

describe.runIf(browserAvailable())('checkout', () => {
  let browser: Browser;
  let products: ProductCard[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    const r = await fetch(`${baseURL()}/v1/public/products/?page_size=40&sort=new`);
    const body = (await r.json()) as { results: ProductCard[] };
    // From the end of the newest page: other browser tests tend to use the first cards.
    products = body.results.filter((p) => p.status === 'active' && p.sizes.length > 0).reverse();
    expect(products.length).toBeGreaterThan(2);
  });
  afterAll(() => browser?.close());

  it('buys an item: pickup point → bank page → /success, and the cart drops it', async () => {
    const product = products[0]!;
    const { page, context } = await newPage(browser, 1440);
    await signIn(page);
    await toCheckout(page, product);
    await expect(page.getByTestId('checkout-item').count()).resolves.toBe(1);
    await addPickupPoint(page);
    await shot(page, 'checkout');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await payOnBankPage(page, '4111 1111 1111 1111');
    await page.waitForURL(/\/success\?order=\d+/, { timeout: 20_000 });
    const number = page.getByTestId('order-number');
    await number.waitFor();
    expect(await number.textContent()).toMatch(/\S+/);
    await shot(page, 'success');
    expect(await cartSlugs(page)).not.toContain(product.slug);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: product.title }).count()).resolves.toBe(0);

    // The order is in «История покупок».
    await page.goto('/account/history');
    await page.getByTestId('purchase').first().waitFor();
    await shot(page, 'history');
    await context.close();
  }, 90_000);

  it('a declined card ends on /fail with the item still in the cart', async () => {
    const product = products[1]!;
    const { page, context } = await newPage(browser, 360);
    await signIn(page);
    await toCheckout(page, product);
    await addPickupPoint(page);
    await shot(page, 'checkout');
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await payOnBankPage(page, '4000 0000 0000 0002');
    await page.waitForURL(/\/fail\?order=\d+/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
    await shot(page, 'fail');
    expect(await cartSlugs(page)).toContain(product.slug);
    await page.getByRole('link', { name: 'Попробовать снова' }).click();
    await page.waitForURL(/\/checkout\?seller=\d+/);
    await page.getByTestId('checkout-item').first().waitFor();
    await context.close();
  }, 90_000);

  it('account: a card through the bank page and a renamed pickup point, then paying with the saved card', async () => {
    const product = products[2]!;
    const { page, context } = await newPage(browser, 360);
    await signIn(page);

    // A card: the number goes to the bank's page only; Vitrina gets the token back.
    await page.goto('/account');
    await addCardOnSite(page, '4111 1111 1111 1111');
    await page.getByTestId('saved-card').filter({ hasText: 'Visa •••• 1111' }).waitFor();
    await expect(page.getByTestId('saved-card').count()).resolves.toBe(1);

    // A pickup point, renamed.
    await choosePickupPoint(page);
    const point = page.getByTestId('saved-point');
    await point.first().waitFor();
    await point
      .first()
      .getByRole('button', { name: /Действия с пунктом/ })
      .click();
    await page.getByRole('menuitem', { name: 'Переименовать' }).click();
    const rename = page.getByRole('dialog', { name: 'Название пункта' });
    await rename.getByRole('textbox').fill('У дома');
    await rename.getByRole('button', { name: 'Сохранить' }).click();
    await point.filter({ hasText: 'У дома' }).waitFor();
    await shot(page, 'account');

    // Checkout offers both; the bank page offers the saved card — no number typed again.
    await toCheckout(page, product);
    await page.getByTestId('delivery-point').first().waitFor();
    await expect(
      page.getByTestId('delivery-point').filter({ hasText: 'У дома' }).getAttribute('data-checked'),
    ).resolves.toBe('true');
    await expect(page.getByRole('radio', { name: /Visa •••• 1111/ }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/testgateway\/pay\//);
    await expect(page.getByText('Visa •••• 1111').count()).resolves.toBeGreaterThan(0);
    await page.getByRole('button', { name: /Оплатить/ }).click();
    await page.waitForURL(/\/success\?order=\d+/, { timeout: 20_000 });
    await page.getByTestId('order-number').waitFor();
    await shot(page, 'success');

    // The card is removed after a confirmation; the list drops it.
    await page.goto('/account');
    const card = page.getByTestId('saved-card').first();
    await card.getByRole('button', { name: /Действия с картой/ }).click();
    await page.getByRole('menuitem', { name: 'Удалить' }).click();
    await page.getByRole('dialog', { name: 'Удалить карту?' }).getByRole('button', { name: 'Удалить' }).click();
    await card.waitFor({ state: 'detached' });
    await page.getByText('Сохранённых карт нет', { exact: false }).waitFor();
    await context.close();
  }, 90_000);

  it('the seller ships with a tracking number, the buyer sees it and confirms receipt', async () => {
    const sellerToken = await apiSignIn();
    const listing = await createListing(sellerToken);

    // The buyer pays for it.
    const buyer = await newPage(browser, 1440);
    await signIn(buyer.page);
    await toCheckout(buyer.page, { slug: listing.slug, title: listing.title, sizes: [listing.size], status: 'active' });
    await addPickupPoint(buyer.page);
    await buyer.page.getByRole('button', { name: 'Оплатить' }).click();
    await payOnBankPage(buyer.page, '4111 1111 1111 1111');
    await buyer.page.waitForURL(/\/success\?order=\d+/, { timeout: 20_000 });
    const number = (await buyer.page.getByTestId('order-number').textContent())!.trim();

    // The seller sees the order in «Продажи» and ships it.
    const seller = await newPage(browser, 360);
    await seller.context.addInitScript(
      (t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })),
      sellerToken,
    );
    await seller.page.goto('/account/sales');
    await seller.page.getByRole('tab', { name: 'Продажи' }).click();
    const sale = seller.page.getByTestId('sale').filter({ hasText: number });
    await sale.waitFor();
    await expect(sale.getByText('Вы получите').count()).resolves.toBe(1);
    await shot(seller.page, 'seller-orders');
    await sale.getByRole('button', { name: 'Отправить' }).click();
    const ship = seller.page.getByRole('dialog', { name: 'Отправить заказ' });
    await ship.getByLabel('Трек-номер').fill('CDEK-1234567890');
    await ship.getByRole('button', { name: 'Отправить' }).click();
    await ship.waitFor({ state: 'hidden' });
    await sale.getByRole('button', { name: new RegExp(`Заказ ${number}(?!\\d).*Отправлен`) }).waitFor();
    await seller.context.close();

    // The buyer finds the tracking number in «История покупок» and confirms receipt.
    await buyer.page.goto('/account/history');
    const purchase = buyer.page.getByTestId('purchase').filter({ hasText: number });
    await purchase.getByRole('button', { name: new RegExp(`Заказ ${number}`) }).click();
    await expect(purchase.getByTestId('tracking-number').textContent()).resolves.toBe('CDEK-1234567890');
    await settled(purchase.getByTestId('tracking-number')); // the accordion's opening transition
    await shot(buyer.page, 'history-shipped');
    await purchase.getByRole('button', { name: 'Подтвердить получение' }).click();
    // It asks first: the money goes to the seller.
    const ask = buyer.page.getByRole('dialog', { name: 'Вы проверили вещь?' });
    await ask.getByText('После подтверждения деньги уйдут продавцу').waitFor();
    await ask.getByRole('button', { name: 'Да, подтверждаю' }).click();
    await purchase.getByRole('button', { name: 'Подтвердить получение' }).waitFor({ state: 'detached' });
    await expect(
      purchase.getByRole('button', { name: new RegExp(`Заказ ${number}(?!\\d).*Отправлен`) }).count(),
    ).resolves.toBe(0);
    await shot(buyer.page, 'history-received');
    await buyer.context.close();
  }, 120_000);

  it('an item someone else reserved first: a Russian message and «Убрать из корзины»', async () => {
    const sellerToken = await apiSignIn();
    const listing = await createListing(sellerToken);
    const { page, context } = await newPage(browser, 1440);
    allowPageProblem(
      page,
      /status of 409 .*\/v1\/sales\/order\/\)$/,
      'the order is refused (409) on purpose: another buyer took the last piece; Chromium logs the 409 as a console error',
    );
    await signIn(page);
    await toCheckout(page, { slug: listing.slug, title: listing.title, sizes: [listing.size], status: 'active' });
    await addPickupPoint(page);

    // Another buyer orders the last piece first (over HTTP).
    const rival = await apiSignIn();
    const pp = (await (await fetch(`${baseURL()}/v1/public/pickup-points/?page_size=1`)).json()) as {
      results: { name: string; address: string; point_id: string; service: string }[];
    };
    const form = new FormData();
    const first = pp.results[0]!;
    for (const [k, v] of Object.entries({
      name: first.name,
      address: first.address,
      point_id: first.point_id,
      delivery_service_type: first.service,
    }))
      form.append(k, v);
    const point = await post<{ id: number }>('/v1/delivery_points/', form, rival);
    await post(
      '/v1/sales/order/',
      {
        items: [{ slug: listing.slug, size: listing.size, count: 1 }],
        delivery_point: point.id,
        recipient_name: RECIPIENT,
      },
      rival,
    );

    await page.getByRole('button', { name: 'Оплатить' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Заказ не оформлен' });
    await alert.getByText(/уже купили|оформляет другой покупатель/).waitFor();
    await alert.getByText(`${listing.title}, размер ${listing.size}`, { exact: true }).waitFor();
    await shot(page, 'checkout-taken');
    await alert.getByRole('button', { name: 'Убрать из корзины' }).click();
    await page.getByRole('heading', { name: 'Нечего оформлять' }).waitFor();
    expect(await cartSlugs(page)).not.toContain(listing.slug);
    await context.close();
  }, 90_000);

  it('an unpaid order waits in «История покупок» with «Оплатить» and can be cancelled', async () => {
    const sellerToken = await apiSignIn();
    const listing = await createListing(sellerToken);
    const { page, context } = await newPage(browser, 1440);
    await signIn(page);
    await toCheckout(page, { slug: listing.slug, title: listing.title, sizes: [listing.size], status: 'active' });
    await addPickupPoint(page);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/testgateway\/pay\//);

    // The buyer leaves the bank page without paying.
    await page.goto('/account/history?filter=awaiting_payment');
    const purchase = page.getByTestId('purchase').first();
    await purchase.getByRole('button', { name: /Ожидает оплаты/ }).click();
    await purchase.getByText(/Товар забронирован за вами до \d\d:\d\d/).waitFor();
    await expect(purchase.getByRole('link', { name: 'Оплатить' }).getAttribute('href')).resolves.toMatch(
      /\/testgateway\/pay\//,
    );
    await settled(purchase.getByRole('button', { name: 'Отменить' })); // the accordion's opening transition
    await shot(page, 'history-unpaid');
    await purchase.getByRole('button', { name: 'Отменить' }).click();
    await page.getByRole('dialog', { name: 'Отменить заказ?' }).getByRole('button', { name: 'Отменить заказ' }).click();
    await purchase.getByRole('button', { name: /Отменён/ }).waitFor();

    // The item is on sale again.
    const r = await fetch(`${baseURL()}/v1/public/products/${listing.slug}/`);
    expect(((await r.json()) as { status: string }).status).toBe('active');
    await context.close();
  }, 90_000);
});
