/**
 * The messenger in a real browser at 1440 and 360 px: a guest on a listing presses «Написать продавцу», signs in
 * through the dialog and lands in the thread; a message sent with Enter is seen live by the seller (another
 * browser context, no reload), whose answer comes back live; «Предложить цену» on the listing sends an offer, the
 * seller accepts it in the thread, the buyer's card turns «Принято» and «Купить за …» puts that price in the cart,
 * and the order is charged it. Screenshots go to `test-results/messenger/`.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, completeSignIn, createListing, placeOrder } from '../buy-helpers.js';
import { browserAvailable, newPage, screenshot, settled, signedInPage, useBrowser } from '../helpers.js';

const SHOTS = 'test-results/messenger';

async function shot(page: Page, name: string) {
  const w = page.viewportSize()?.width ?? 0;
  await screenshot(page, `${SHOTS}/${name}-${w}.png`);
}

const tokenOn = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );

describe.runIf(browserAvailable())('messenger', () => {
  const browser = useBrowser(SHOTS);

  for (const width of [1440, 360] as const) {
    it(`asks the seller, talks live both ways and buys at an accepted offer at ${width} px`, async () => {
      const sellerToken = await apiSignIn();
      const listing = await createListing(sellerToken);

      // The buyer, signed out, on the listing: «Написать продавцу» asks to sign in first, then goes straight on.
      const { page: buyer } = await newPage(browser(), width);
      await buyer.goto(`/product/${listing.slug}`);
      // The cookie notice would cover the bottom of the sign-in dialog on a phone: accept it first.
      const accept = buyer.getByRole('button', { name: 'Принять' });
      await accept
        .waitFor({ timeout: 5000 })
        .then(() => accept.click())
        .catch(() => undefined);
      await settled(buyer.getByTestId('write-seller'));
      await shot(buyer, 'product');
      await buyer.getByTestId('write-seller').click();
      await completeSignIn(buyer);
      await buyer.waitForURL(/\/account\/messenger\?chat=\d+/);
      const chatId = Number(new URL(buyer.url()).searchParams.get('chat'));
      const buyerThread = buyer.getByTestId('thread');
      await buyerThread.getByText('Напишите первое сообщение').waitFor();

      const composer = buyer.getByTestId('composer');
      await composer.fill('Здравствуйте! А размер маломерит?');
      await composer.press('Shift+Enter');
      await composer.pressSequentially('И какая длина?');
      await composer.press('Enter');
      await buyerThread.getByText(/А размер маломерит\?\s+И какая длина\?/).waitFor();
      await expect(composer.inputValue()).resolves.toBe('');

      // The seller, in another browser, opens the thread by its address and sees the message.
      const seller = await signedInPage(browser(), sellerToken, width);
      await seller.goto(`/account/messenger?chat=${chatId}`);
      const sellerThread = seller.getByTestId('thread');
      await sellerThread.getByText(/А размер маломерит\?/).waitFor();
      // Then the buyer writes again: it appears on the seller's open page without a reload.
      await composer.fill('Жду ответа 🙂');
      await composer.press('Enter');
      await sellerThread.getByText('Жду ответа 🙂').waitFor({ timeout: 5000 });
      // The buyer's messages get «прочитано» once the seller has them on screen.
      await buyerThread.getByText(/прочитано/).waitFor({ timeout: 5000 });

      const reply = seller.getByTestId('composer');
      await reply.fill('Садится точно в размер. Звоните +7 916 123-45-67');
      await reply.press('Enter');
      await buyerThread.getByText('Садится точно в размер. Звоните [скрыто]').waitFor({ timeout: 5000 });
      await buyerThread.getByText(/Общайтесь и платите на Витрине/).waitFor();
      await settled(buyerThread.getByText('Садится точно в размер. Звоните [скрыто]'));
      // Nothing sticks out sideways (the header's icons, the thread): the page never scrolls horizontally.
      await expect(buyer.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await shot(buyer, 'thread-buyer');

      // «Предложить цену» on the listing (7 490 ₽): 6 000 ₽.
      await buyer.goto(`/product/${listing.slug}`);
      await buyer.getByTestId('offer-price').click();
      const dialog = buyer.getByRole('dialog', { name: 'Предложить цену' });
      await dialog.getByLabel('Ваша цена, ₽').fill('6000');
      await settled(dialog);
      await shot(buyer, 'offer-dialog');
      await dialog.getByRole('button', { name: 'Отправить предложение' }).click();
      await buyer.waitForURL(new RegExp(`/account/messenger\\?chat=${chatId}$`));
      const card = buyer.getByTestId('offer-card').first();
      await card.getByText('Ждёт ответа').waitFor();

      // The seller accepts it in the thread; the buyer's card changes live.
      const sellerCard = seller.getByTestId('offer-card').first();
      await sellerCard.getByRole('button', { name: 'Принять' }).click();
      await card.getByText('Принято').waitFor({ timeout: 5000 });
      await settled(card);
      await shot(seller, 'thread-seller');
      await shot(buyer, 'offer-accepted');

      await card.getByRole('button', { name: /Купить за 6\s000\s₽/ }).click();
      await buyer.waitForURL(/\/cart$/);
      await buyer
        .getByText(/6\s000\s₽/)
        .first()
        .waitFor();

      // The order through the API with the buyer's own token is charged the agreed price.
      const placed = await placeOrder(await tokenOn(buyer), listing.slug, listing.size);
      const order = (await (
        await fetch(new URL(`/v1/sales/orders/${placed.order.id}/`, buyer.url()), {
          headers: { authorization: `Token ${await tokenOn(buyer)}` },
        })
      ).json()) as { total: number };
      expect(order.total).toBe(6000);

      // The list at the top of the messenger (on a phone: the back button leads to it).
      await seller.goto('/account/messenger');
      await seller.getByTestId('chat-item').first().waitFor();
      await shot(seller, 'list');
    });
  }
});
