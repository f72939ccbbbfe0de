/**
 * Paying with a new card offers «Сохранить карту» (360 px): ticked, the card paid with joins the buyer's cards, and
 * the profile names it under its own heading «Карта для выплат».
 */
import { describe, expect, it } from 'vitest';
import { addPickupPoint, apiSignIn, createListing, fillRecipient, payOnBankPage } from '../buy-helpers.js';
import { baseURL, browserAvailable, signedInPage, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('saving a card while paying', () => {
  const browser = useBrowser();

  it('keeps the new card when «Сохранить карту» is ticked and shows it as the payout card (360 px)', async () => {
    const listing = await createListing(await apiSignIn());
    const token = await apiSignIn();
    const page = await signedInPage(browser(), token, 360);
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Карта для выплат' }).waitFor();
    await page.getByText('Карты для выплат нет').waitFor();

    await page.goto(`/product/${listing.slug}`);
    await page.getByRole('radiogroup').locator('label').first().click();
    await page.getByRole('button', { name: 'В корзину' }).click();
    await page.getByRole('link', { name: 'Перейти в корзину' }).first().waitFor();
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Оформить заказ' }).first().click();
    await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
    await addPickupPoint(page);
    await fillRecipient(page);
    const save = page.getByRole('checkbox', { name: 'Сохранить карту' });
    await expect(save.isChecked()).resolves.toBe(false);
    await save.check();
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await payOnBankPage(page, '4111 1111 1111 1111');
    await page.waitForURL(/\/success\?order=\d+/, { timeout: 20_000 });

    await expect
      .poll(async () => {
        const r = await fetch(`${baseURL()}/v1/self/cards/`, { headers: { authorization: `Token ${token}` } });
        return ((await r.json()) as { last4: string }[]).map((c) => c.last4);
      })
      .toEqual(['1111']);
    await page.goto('/account');
    await page
      .getByTestId('payout-card')
      .getByText(/Деньги за проданные вещи приходят на .* •••• 1111/)
      .waitFor();
  });
});
