/**
 * «Пожаловаться» in a real browser: a guest's press opens the sign-in dialog; a signed-in person reports a listing
 * from its page (reason and details in the dialog) and sees «Жалоба отправлена, спасибо»; a second report on the same
 * listing says in Russian that theirs is already with the moderators; the seller's page offers «Пожаловаться на
 * продавца»; the seller sees no such button on their own listing. When staff block the listing, the seller's «Мои
 * товары» shows «Заблокировано» with the reason. The «Проверено» badge of a verified luxury listing shows on its card
 * and its page. Screenshots at 1440 and 360 px go to test-results/report.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  baseURL,
  browserAvailable,
  hydrated,
  interactive,
  launch,
  newPage,
  screenshot,
  signedInPage,
} from '../helpers.js';
import { apiSignIn, createListing, post } from '../buy-helpers.js';

const SHOTS = 'test-results/report';

describe.runIf(browserAvailable())('reporting a listing', () => {
  let browser: Browser;
  let staff: string;
  beforeAll(async () => {
    // Once: a second code for the same number would wait out the resend pause.
    staff = await apiSignIn(inject('staffPhone'));
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  for (const width of [1440, 360] as const)
    it(`a signed-in person reports a listing once; a second report is refused in Russian (${width} px)`, async () => {
      const seller = await apiSignIn();
      const listing = await createListing(seller);
      const { id, seller_id: sellerId } = (await (
        await fetch(`${baseURL()}/v1/public/products/${listing.slug}/`)
      ).json()) as { id: number; seller_id: number };

      // A guest is asked to sign in first.
      const guest = (await newPage(browser, width)).page;
      await guest.goto(`/product/${listing.slug}`);
      await hydrated(guest);
      await guest.getByRole('button', { name: 'Пожаловаться на объявление' }).click();
      await guest.getByRole('dialog', { name: 'Вход' }).waitFor();

      const page = await signedInPage(browser, await apiSignIn(), width);
      await page.goto(`/product/${listing.slug}`);
      await interactive(page);
      const open = page.getByRole('button', { name: 'Пожаловаться на объявление' });
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Пожаловаться на объявление' });
      // Sending without a reason says what is missing.
      await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();
      await dialog.getByText('Выберите причину жалобы.').waitFor();
      await dialog.getByRole('radio', { name: 'Подделка' }).check();
      await dialog.getByLabel('Подробности').fill('Бирка не совпадает с оригинальной, швы неровные');
      await screenshot(page, `${SHOTS}/dialog-${width}.png`);
      await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();
      await dialog.getByText('Жалоба отправлена, спасибо').waitFor();
      await screenshot(page, `${SHOTS}/sent-${width}.png`);
      await dialog.getByRole('button', { name: 'Закрыть', exact: true }).last().click();
      await dialog.waitFor({ state: 'detached' });

      // Again: one open report per person and listing.
      await open.click();
      await dialog.getByRole('radio', { name: 'Мошенничество' }).check();
      await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();
      await dialog.getByRole('alert').getByText('Вы уже пожаловались на это объявление', { exact: false }).waitFor();
      await screenshot(page, `${SHOTS}/again-${width}.png`);

      // The seller's page offers the same for the seller.
      await page.goto(`/seller/${sellerId}`);
      await page.getByRole('button', { name: 'Пожаловаться на продавца' }).click();
      await page
        .getByRole('dialog', { name: 'Пожаловаться на продавца' })
        .getByRole('radio', { name: 'Мошенничество' })
        .waitFor();
      await screenshot(page, `${SHOTS}/seller-dialog-${width}.png`);

      // The seller has no such button on their own listing.
      const own = await signedInPage(browser, seller, width);
      await own.goto(`/product/${listing.slug}`);
      await interactive(own);
      await own.getByText('Это ваш товар').waitFor();
      // In the page's HTML (the same for everyone), gone once the seller's card has hydrated — a part of its own,
      // which can come after «Это ваш товар».
      await own.getByRole('button', { name: 'Пожаловаться на объявление' }).waitFor({ state: 'detached' });

      // Staff block it: the seller's «Мои товары» says so, with the reason.
      await post(`/v1/admin/products/${id}/block/`, { reason: 'Подделка: бирка не совпадает' }, staff);
      await own.goto('/account/sales?status=blocked');
      const row = own.getByTestId('owner-listing').filter({ hasText: listing.title });
      await row.getByText('Заблокировано', { exact: true }).waitFor();
      await row.getByText('Подделка: бирка не совпадает', { exact: false }).waitFor();
      await screenshot(own, `${SHOTS}/blocked-owner-${width}.png`);
    }, 240_000);

  it('shows «Проверено» on a verified listing’s card and page', async () => {
    const found = (await (await fetch(`${baseURL()}/v1/public/products/?page_size=60&sort=price_desc`)).json()) as {
      results: { slug: string; verified: boolean; brand: { slug: string } | null }[];
    };
    const verified = found.results.find((p) => p.verified && p.brand);
    expect(verified, 'the demo data holds verified luxury listings').toBeDefined();
    for (const width of [1440, 360] as const) {
      const { page } = await newPage(browser, width);
      await page.goto(`/catalog/brand/${verified!.brand!.slug}?sort=price_desc`);
      const card = page.locator(`a[data-testid="product-card"][href^="/product/${verified!.slug}"]`);
      await card.getByText('Проверено').waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `${SHOTS}/card-badge-${width}.png`);
      await page.goto(`/product/${verified!.slug}`);
      const badge = page.getByTestId('verified-badge');
      await badge.getByText('Витрина проверила подлинность', { exact: false }).waitFor();
      await screenshot(page, `${SHOTS}/product-badge-${width}.png`);
    }
  });
});
