/**
 * Edges of the purchase found by clicking through it (issue «Buying»): coming back from the bank without
 * paying, the pickup-point dialog driven by the keyboard, and a cancelled sale that must not promise a payout.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, browserAvailable, launch, newPage } from '../helpers.js';
import {
  RECIPIENT,
  SHOTS,
  addPickupPoint,
  apiSignIn,
  createListing,
  post,
  shot,
  signIn,
  toCheckout,
} from '../buy-helpers.js';

describe.runIf(browserAvailable())('checkout edges', () => {
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('«Вернуться в магазин без оплаты» lands on «Заказ ещё не оплачен» with «Оплатить», not an endless spinner', async () => {
    const listing = await createListing(await apiSignIn());
    const { page, context } = await newPage(browser, 360);
    await signIn(page);
    await toCheckout(page, { slug: listing.slug, title: listing.title, sizes: [listing.size], status: 'active' });
    await addPickupPoint(page);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/testgateway\/pay\//);
    const bankUrl = page.url();
    await page.getByRole('link', { name: 'Вернуться в магазин без оплаты' }).click();
    await page.waitForURL(/\/payment\?order=\d+/);
    await page.getByRole('heading', { name: 'Заказ ещё не оплачен' }).waitFor({ timeout: 15_000 });
    await page.getByText(/забронирован за вами до \d\d:\d\d/).waitFor();
    await shot(page, 'payment-unpaid');
    await page.getByRole('link', { name: 'Оплатить' }).click();
    await page.waitForURL(bankUrl);
    await context.close();
  }, 90_000);

  it('the pickup-point dialog opens with the caret in the search and is chosen by keyboard', async () => {
    const listing = await createListing(await apiSignIn());
    const { page, context } = await newPage(browser, 1440);
    await signIn(page);
    await toCheckout(page, { slug: listing.slug, title: listing.title, sizes: [listing.size], status: 'active' });
    await page.getByRole('button', { name: 'Добавить пункт выдачи' }).click();
    const dialog = page.getByRole('dialog', { name: 'Пункт выдачи' });
    await dialog.getByTestId('pickup-point').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder')))
      .toBe('Например, Тверская');
    await page.keyboard.type('Тверская');
    await expect
      .poll(async () => (await dialog.getByTestId('pickup-point').allTextContents()).every((t) => /Тверская/i.test(t)))
      .toBe(true);
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'pickup-point') break;
    }
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Забрать здесь' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByTestId('delivery-point')
      .filter({ hasText: /Тверская/ })
      .waitFor();
    await context.close();
  }, 90_000);

  it('a cancelled sale shows no payout to the seller', async () => {
    const sellerToken = await apiSignIn();
    const listing = await createListing(sellerToken);
    const buyerToken = await apiSignIn();
    const pp = (await (await fetch(`${baseURL()}/v1/public/pickup-points/?page_size=1`)).json()) as {
      results: { name: string; address: string; point_id: string; service: string }[];
    };
    const first = pp.results[0]!;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: first.name,
      address: first.address,
      point_id: first.point_id,
      delivery_service_type: first.service,
    }))
      form.append(k, v);
    const point = await post<{ id: number }>('/v1/delivery_points/', form, buyerToken);
    const made = await post<{ order: { id: number; number: string } }>(
      '/v1/sales/order/',
      {
        items: [{ slug: listing.slug, size: listing.size, count: 1 }],
        delivery_point: point.id,
        recipient_name: RECIPIENT,
      },
      buyerToken,
    );
    await post(`/v1/sales/orders/${made.order.id}/cancel/`, {}, buyerToken);

    const { page, context } = await newPage(browser, 1440);
    await context.addInitScript(
      (t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })),
      sellerToken,
    );
    await page.goto('/account/sales');
    await page.getByRole('tab', { name: 'Продажи' }).click();
    const sale = page.getByTestId('sale').filter({ hasText: made.order.number });
    await sale.waitFor();
    await expect(sale.getByText(/вам \d/).count()).resolves.toBe(0);
    await sale.getByRole('button', { name: new RegExp(`Заказ ${made.order.number}`) }).click();
    await sale.getByText('Заказ отменён — выплаты не будет.').waitFor();
    await expect(sale.getByText('Вы получите').count()).resolves.toBe(0);
    await context.close();
  }, 90_000);
});
