/**
 * The seller sees where their money is: on /account/sales → «Продажи» a received order shows
 * «Выплачено <day month>» once the payout job paid it to the seller's card, and a shipped one «Ожидает получения
 * покупателем». The payout card is added on the site («Добавить карту» → the bank's form → back); a link with
 * someone else's `card_token` saves nothing and says so. The order, payment, shipping and receipt go through the
 * HTTP API (the buying flow has its own browser tests); screenshots at 360 and 1440 px go to
 * `test-results/payouts/`.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  allowPageProblem,
  baseURL,
  browserAvailable,
  hydrated,
  newPage,
  screenshot,
  settled,
  useBrowser,
} from '../helpers.js';
import { addCardOnSite, apiSignIn, createListing, paidOrder, post, signIn } from '../buy-helpers.js';

const SHOTS = 'test-results/payouts';

interface SellerOrder {
  id: number;
  payout_status?: string | null;
  paid_out_at?: string | null;
}

describe.runIf(browserAvailable())("payouts on the seller's sales", () => {
  const browser = useBrowser(SHOTS);

  const token = (page: Page) =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('token')!) as { state: { token: string } }).state.token);

  it('shows «Выплачено …» for a received order and «Ожидает получения покупателем» for a shipped one', async () => {
    const { page } = await newPage(browser(), 1440);
    await signIn(page);
    const seller = await token(page);
    const cardsOf = async () =>
      (await (
        await fetch(`${baseURL()}/v1/self/cards/`, { headers: { authorization: `Token ${seller}` } })
      ).json()) as {
        last4: string;
      }[];
    // A link with an attacker's card token (their payouts card, were it saved) is refused, in Russian.
    const planted = await post<{ card_token: string }>('/testgateway/api/cards/', {
      number: '5555 5555 5555 4444',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    allowPageProblem(
      page,
      /status of 400 .*\/v1\/user\/add-card\/\)$/,
      'the test opens a planted card link on purpose; Chromium logs the API answer 400 as a console error',
    );
    await page.goto(`/account?card_token=${planted.card_token}`);
    await page.getByText('Карта не добавлена').waitFor();
    await page.getByText(/Карта не сохранена: её можно добавить только через форму банка/).waitFor();
    await page.waitForURL((u) => u.pathname === '/account' && !u.search.includes('card_token'));
    expect(await cardsOf()).toEqual([]);
    // The payout card through the site: «Добавить карту» → the bank's form → back to the account.
    await addCardOnSite(page, '2200 0000 0000 0004');
    await page.getByTestId('saved-card').filter({ hasText: 'Мир •••• 0004' }).waitFor();
    expect((await cardsOf()).map((c) => c.last4)).toEqual(['0004']);
    const buyer = await apiSignIn();
    const sold = await createListing(seller);
    const waiting = await createListing(seller);
    const done = await paidOrder(buyer, sold.slug, sold.size);
    const shipped = await paidOrder(buyer, waiting.slug, waiting.size);
    for (const id of [done, shipped])
      await post(`/v1/sales/orders/${id}/ship/`, { tracking_number: '1234567890' }, seller);
    await post(`/v1/sales/orders/${done}/confirm/`, {}, buyer);
    // The payout job runs on the server's worker.
    let paidOutAt = '';
    await expect
      .poll(
        async () => {
          const r = await fetch(`${baseURL()}/v1/sales/orders/seller/`, {
            headers: { authorization: `Token ${seller}` },
          });
          const body = (await r.json()) as { results: SellerOrder[] };
          const order = body.results.find((o) => o.id === done);
          paidOutAt = order?.paid_out_at ?? '';
          return order?.payout_status;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('sent');

    // The day is the server's (other tests move its development clock forward, so near Moscow midnight it can be
    // tomorrow already), shown as a Moscow day.
    const moscowDay = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Moscow',
    }).format(new Date(paidOutAt));
    for (const width of [1440, 360] as const) {
      const p = width === 1440 ? page : (await newPage(browser(), 360)).page;
      if (width === 360) {
        await p.goto('/');
        await p.evaluate(
          (t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })),
          seller,
        );
      }
      await p.goto('/account/sales?status=orders');
      if (width === 360) await hydrated(p);
      const lines = p.getByTestId('payout-status');
      await expect.poll(() => lines.count()).toBe(2);
      await expect
        .poll(() => lines.allTextContents())
        .toEqual(['Ожидает получения покупателем', expect.stringMatching(new RegExp(`^Выплачено ${moscowDay} · \\d`))]);
      // The received order opened: its steps end with the payout.
      await p.getByRole('button', { name: /Завершён/ }).click();
      const opened = p.getByTestId('sale').nth(1);
      await settled(opened.getByText('Выплата отправлена на карту'));
      expect(await opened.getByText('Выплата отправлена на карту').isVisible()).toBe(true);
      await screenshot(p, `${SHOTS}/sales-${width}.png`, { fullPage: true });
    }
  }, 120_000);
});
