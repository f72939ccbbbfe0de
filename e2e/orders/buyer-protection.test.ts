/**
 * Buyer protection the whole way, as the two people walk it, at 360 and 1440 px: the buyer signs in, buys through the
 * cart, checkout and the test bank; the seller ships from the order's own page (where the «Продано» notice leads);
 * the carrier reports the delivery (`POST /v1/dev/carrier/deliver/{id}/`); on the order's page the buyer presses
 * «Есть проблема» and sends a claim with a reason, a text and a photo; the seller, on the order's page the notice
 * opens, offers a partial refund; the buyer accepts it and the order's page shows the money returned («1 500 ₽»);
 * both leave reviews, and the seller's public page shows the rating and the review. Screenshots of every screen go
 * to `test-results/buyer-protection/`.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseURL, browserAvailable, newPage, screenshot, settled, signedInPage, useBrowser } from '../helpers.js';
import { addPickupPoint, apiSignIn, createListing, payOnBankPage, post, signIn, toCheckout } from '../buy-helpers.js';
import { photo } from '../sell-helpers.js';

const SHOTS = 'test-results/buyer-protection';
const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, { fullPage: true });
/** A price as the shop writes it: groups of three digits split by a (narrow) space, then «₽». */
const rubles = (digits: string) => new RegExp(`^${digits.replace(/(\d)(?=(\d{3})+$)/g, '$1[\\s\\u202f]')}\\s₽$`);

/** Clicks the `n`-th star of the open review form (Mantine's Rating: a visually hidden radio under each star). */
async function star(scope: Locator, n: number) {
  const radio = scope.getByRole('form', { name: 'Отзыв' }).getByRole('radio', { name: `${n} из 5` });
  await scope.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  expect(await radio.isChecked()).toBe(true);
}

describe.runIf(browserAvailable())('buyer protection', () => {
  const browser = useBrowser(SHOTS);

  for (const width of [360, 1440] as const)
    it(`buy, ship, deliver, claim, partial refund accepted, reviews, the seller's rating (${width} px)`, async () => {
      const sellerToken = await apiSignIn();
      const listing = await createListing(sellerToken);
      const self = await fetch(`${baseURL()}/v1/self/`, { headers: { authorization: `Token ${sellerToken}` } });
      const sellerId = ((await self.json()) as { info: { id: number } }).info.id;

      // The buyer buys: cart, checkout, the test bank.
      const { page: buyer } = await newPage(browser(), width);
      await signIn(buyer);
      await toCheckout(buyer, { slug: listing.slug, title: listing.title, sizes: [listing.size], status: 'active' });
      await addPickupPoint(buyer);
      await buyer.getByRole('button', { name: 'Оплатить' }).click();
      await payOnBankPage(buyer, '4111 1111 1111 1111');
      await buyer.waitForURL(/\/success\?order=\d+/, { timeout: 20_000 });
      const orderId = new URL(buyer.url()).searchParams.get('order')!;
      await buyer.getByTestId('success-ship-by').waitFor();
      await shot(buyer, 'success');

      // The seller ships from the order's page.
      const seller = await signedInPage(browser(), sellerToken, width);
      await seller.goto(`/account/sales?order=${orderId}`);
      const sale = seller.getByTestId('order-page');
      await sale.getByTestId('deadline-banner').waitFor();
      await shot(seller, 'sale-paid');
      await sale.getByRole('button', { name: 'Отправить' }).click();
      const ship = seller.getByRole('dialog', { name: 'Отправить заказ' });
      await ship.getByLabel('Трек-номер').waitFor();
      const tracking = (await ship.innerText()).includes('Почта России') ? 'RA123456789RU' : '1234567890';
      await ship.getByLabel('Трек-номер').fill(tracking);
      await ship.getByRole('button', { name: 'Отправить' }).click();
      await ship.waitFor({ state: 'hidden' });
      await sale.getByTestId('tracking-link').waitFor();

      // The carrier reports the delivery; the buyer reports a problem from the order's page.
      await post(`/v1/dev/carrier/deliver/${orderId}/`, {});
      await buyer.goto(`/account/history?order=${orderId}`);
      const mine = buyer.getByTestId('order-page');
      await mine
        .getByTestId('deadline-banner')
        .getByText(/^Подтвердите получение или сообщите о проблеме до /)
        .waitFor();
      await shot(buyer, 'purchase-delivered');
      await mine.getByRole('button', { name: 'Есть проблема' }).click();
      const dialog = buyer.getByRole('dialog', { name: 'Сообщить о проблеме' });
      await dialog.getByRole('radio', { name: 'Вещь не соответствует описанию' }).check();
      await dialog.getByRole('textbox', { name: 'Опишите проблему' }).fill('На спинке затяжка, в описании её не было.');
      await dialog.locator('input[type=file]').setInputFiles(await photo('snag.jpg', '#8a6d55', 900, 1200));
      await dialog.getByRole('img', { name: 'Фото 1' }).waitFor();
      await settled(dialog);
      await shot(buyer, 'claim-dialog');
      await dialog.getByRole('button', { name: 'Отправить претензию' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await mine.getByTestId('claim-status').getByText('Ждёт ответа продавца').waitFor();
      await mine.getByRole('link', { name: 'Покупатель: фото 1' }).waitFor();
      // The order on the page turns «Спор открыт»: no «Подтвердить получение» beside an open claim (it was there above).
      await mine.getByRole('button', { name: 'Подтвердить получение' }).waitFor({ state: 'detached' });
      await shot(buyer, 'purchase-claimed');

      // The seller, on the order's page, offers to return 1 500 ₽.
      await seller.reload();
      await sale.getByTestId('claim-status').getByText('Ждёт ответа продавца').waitFor();
      await sale.getByText('На спинке затяжка, в описании её не было.').waitFor();
      await sale
        .getByTestId('payout-frozen')
        .getByText(/^Выплата заморожена до решения по претензии/)
        .waitFor();
      const reply = sale.getByTestId('claim-reply');
      await reply.getByRole('radio', { name: 'Предложить частичный возврат' }).check();
      await reply.getByRole('textbox', { name: /Сколько вернуть/ }).fill('1500');
      await reply.getByRole('textbox', { name: 'Комментарий' }).fill('Затяжку можно убрать, верну часть суммы.');
      await shot(seller, 'sale-claim-reply');
      await reply.getByRole('button', { name: 'Отправить ответ' }).click();
      await sale.getByTestId('claim-status').getByText('Продавец предложил частичный возврат').waitFor();

      // The buyer accepts; the order's page shows the money returned.
      await buyer.reload();
      const offer = mine.getByTestId('claim-offer');
      await offer.getByText(/^Вернуть 1\s500\s₽, остальное — продавцу\?$/).waitFor();
      await shot(buyer, 'purchase-offer');
      await offer.getByRole('button', { name: 'Принять' }).click();
      await mine
        .getByTestId('claim-decision')
        .getByText(/Покупателю возвращается 1\s500\s₽/)
        .waitFor();
      // The test bank returns the money in a job: the page shows it once the refund is done.
      const refund = mine.getByTestId('refund-note');
      await expect
        .poll(
          async () => {
            if (!(await refund.count())) await buyer.reload();
            return refund.count();
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(1);
      await refund.getByText('Деньги возвращены').waitFor();
      await expect(refund.locator('.vt-price').innerText()).resolves.toMatch(rubles('1500'));

      // Both leave reviews.
      await mine.getByRole('form', { name: 'Отзыв' }).waitFor();
      await star(mine, 4);
      await mine.getByRole('textbox', { name: 'Отзыв' }).fill('Продавец быстро договорился и вернул часть денег.');
      await mine.getByRole('button', { name: 'Оставить отзыв' }).click();
      await mine.getByText('Ваш отзыв о продавце').waitFor();
      await shot(buyer, 'purchase-reviewed');

      await seller.reload();
      await sale.getByText('Отзыв покупателя о вас').waitFor();
      // The seller's money adds up: 7 490 ₽ − 1 500 ₽ back to the buyer − the fee on the rest = the payout.
      await expect(sale.getByTestId('refunded-to-buyer').locator('.vt-price').innerText()).resolves.toMatch(
        /^−1\s500\s₽$/,
      );
      await star(sale, 5);
      await sale.getByRole('textbox', { name: 'Отзыв' }).fill('Вежливый покупатель, быстро ответил.');
      await sale.getByRole('button', { name: 'Оставить отзыв' }).click();
      await sale.getByText('Ваш отзыв о покупателе').waitFor();
      await shot(seller, 'sale-reviewed');

      // The seller's public page: the rating and the buyer's review.
      const { page: visitor } = await newPage(browser(), width);
      await visitor.goto(`/seller/${sellerId}`);
      const line = visitor.getByTestId('seller-rating');
      await line.waitFor();
      await expect(line.textContent()).resolves.toMatch(/4,0\s*·\s*1 отзыв/);
      const review = visitor.getByTestId('seller-reviews').getByTestId('review').first();
      await review.getByText('Продавец быстро договорился и вернул часть денег.').waitFor();
      await expect(review.getByRole('img', { name: 'Оценка 4 из 5' }).count()).resolves.toBe(1);
      await settled(review);
      await shot(visitor, 'seller-page');
    }, 240_000);
});
