/**
 * Reviews in a real browser at 360 and 1440 px (reviews feature): after a completed order the buyer rates the seller
 * from «История покупок» (stars by keyboard), the seller rates the buyer and answers from «Продажи», and the seller's
 * page shows the rating, the count, «Отправляет вовремя», the distribution and the review with its answer
 * (server-rendered); the product page's seller card shows the rating. Screenshots go to `test-results/reviews/`.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserAvailable, screenshot, settled, signedInPage, useBrowser } from '../helpers.js';
import { apiSignIn, createListing, paidOrder, post } from '../buy-helpers.js';

const SHOTS = 'test-results/reviews';

async function selfId(token: string): Promise<number> {
  const r = await fetch(`${baseURL()}/v1/self/`, { headers: { authorization: `Token ${token}` } });
  return ((await r.json()) as { info: { id: number } }).info.id;
}

/** Picks `stars` in the open review form by keyboard: onto the first star, arrows to preview, Space to choose. */
async function rateByKeyboard(page: Page, stars: number) {
  const form = page.getByRole('form', { name: 'Отзыв' });
  await form.getByRole('radio', { name: '1 из 5' }).focus();
  for (let i = 1; i < stars; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  expect(await form.getByRole('radio', { name: `${stars} из 5` }).isChecked()).toBe(true);
}

describe.runIf(browserAvailable())('reviews', () => {
  const browser = useBrowser(SHOTS);

  for (const width of [1440, 360] as const)
    it(`both sides review after completion and the rating shows on the seller page (${width} px)`, async () => {
      const seller = await apiSignIn();
      const buyer = await apiSignIn();
      const sellerId = await selfId(seller);
      const listing = await createListing(seller);
      const other = await createListing(seller);
      const id = await paidOrder(buyer, listing.slug, listing.size);
      await post(`/v1/sales/orders/${id}/ship/`, { tracking_number: '1234567890' }, seller);
      await post(`/v1/sales/orders/${id}/confirm/`, {}, buyer);

      // The seller's page before any review: the empty state.
      const visitor = await signedInPage(browser(), await apiSignIn(), width);
      await visitor.goto(`/seller/${sellerId}`);
      await visitor.getByText('Отзывов пока нет').waitFor();

      // The buyer rates the seller from the order in «История покупок».
      const bp = await signedInPage(browser(), buyer, width);
      await bp.goto('/account/history');
      await bp.getByTestId('purchase').first().getByRole('button').first().click();
      await bp.getByRole('form', { name: 'Отзыв' }).waitFor();
      await rateByKeyboard(bp, 5);
      await bp.getByRole('textbox', { name: 'Отзыв' }).fill('Вещь как на фото, отправили на следующий день.');
      await bp.getByRole('button', { name: 'Оставить отзыв' }).click();
      await bp.getByText('Ваш отзыв о продавце').waitFor();
      expect(await bp.getByRole('button', { name: /Изменить \(до/ }).isVisible()).toBe(true);
      await screenshot(bp, `${SHOTS}/buyer-order-${width}.png`, { fullPage: true });

      // The seller rates the buyer and answers the buyer's review from «Продажи».
      const sp = await signedInPage(browser(), seller, width);
      await sp.goto('/account/sales?status=orders');
      await sp.getByTestId('sale').first().getByRole('button').first().click();
      await sp.getByText('Отзыв покупателя о вас').waitFor();
      await rateByKeyboard(sp, 4);
      await sp.getByRole('button', { name: 'Оставить отзыв' }).click();
      await sp.getByText('Ваш отзыв о покупателе').waitFor();
      await sp.getByRole('textbox', { name: 'Ваш ответ' }).fill('Спасибо за покупку!');
      await sp.getByRole('button', { name: 'Ответить' }).click();
      await sp.getByText('Ответ продавца', { exact: false }).waitFor();
      await screenshot(sp, `${SHOTS}/seller-order-${width}.png`, { fullPage: true });

      // The server-rendered seller page: rating, count, service level, distribution, the review and its answer.
      const html = await (await fetch(`${baseURL()}/seller/${sellerId}`)).text();
      expect(html).toContain('Вещь как на фото, отправили на следующий день.');
      expect(html).toContain('Спасибо за покупку!');
      await visitor.goto(`/seller/${sellerId}`);
      const line = visitor.getByTestId('seller-rating');
      await line.waitFor();
      expect(await line.textContent()).toMatch(/5,0\s*·\s*1 отзыв/);
      expect(await visitor.getByTestId('service-level').textContent()).toMatch(/^Отправляет вовремя — 100\s%$/);
      expect(await visitor.getByRole('img', { name: '5 из 5: 1 отзыв' }).count()).toBe(1);
      const review = visitor.getByTestId('seller-reviews').getByTestId('review').first();
      expect(await review.getByRole('img', { name: 'Оценка 5 из 5' }).count()).toBe(1);
      expect(await review.getByText('Спасибо за покупку!').isVisible()).toBe(true);
      await settled(review);
      await screenshot(visitor, `${SHOTS}/seller-page-${width}.png`, { fullPage: true });

      // The product page's seller card.
      await visitor.goto(`/product/${other.slug}`);
      const card = visitor.getByTestId('seller-card-rating');
      await card.waitFor();
      expect(await card.textContent()).toMatch(/5,0 · 1 отзыв/);
      await screenshot(visitor, `${SHOTS}/product-card-${width}.png`);
    }, 240_000);
});
