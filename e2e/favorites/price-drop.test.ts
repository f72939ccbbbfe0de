/**
 * A price drop on the open favorites page: the seller lowers the price, and the buyer's page — without a reload —
 * shows the new price beside the old one struck through (the price-drop notification on the socket loads the list
 * again). Screenshots at 360 and 1440 px go to `test-results/favorites/`.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, browserAvailable, launch, screenshot, settled, signedInPage } from '../helpers.js';
import { apiSignIn, createListing, post } from '../buy-helpers.js';

const SHOTS = 'test-results/favorites';

/** The seller sets the listing's one size to `rubles`. */
async function setPrice(token: string, id: number, size: string, rubles: number) {
  const form = new FormData();
  form.append('sizes', JSON.stringify([{ size, price: rubles, count: 1 }]));
  const r = await fetch(`${baseURL()}/v1/products/${id}/`, {
    method: 'PATCH',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  if (!r.ok) throw new Error(`PATCH /v1/products/${id}/ → ${r.status} ${await r.text()}`);
}

/** Whether the user with `token` has a notification of `type`. */
async function notified(token: string, type: string): Promise<boolean> {
  const r = await fetch(`${baseURL()}/v1/notifications/`, { headers: { authorization: `Token ${token}` } });
  return ((await r.json()) as { results: { type: string }[] }).results.some((n) => n.type === type);
}

/** Text with the prices' no-break spaces as plain ones. */
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

/** The card of the listing titled `title` on the page. */
const cardOf = (page: Page, title: string) => page.getByTestId('product-card').filter({ hasText: title });

describe.runIf(browserAvailable())('a favorite’s price drop', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the open favorites page shows the new price and the old one struck through, without a reload', async () => {
    const seller = await apiSignIn();
    for (const width of [1440, 360] as const) {
      const listing = await createListing(seller);
      const { id } = (await (await fetch(`${baseURL()}/v1/public/products/${listing.slug}/`)).json()) as {
        id: number;
      };
      const buyer = await apiSignIn();
      await post(`/v1/favorites/${id}/add-to-favorites/`, {}, buyer);

      const page = await signedInPage(browser, buyer, width);
      let documents = 0;
      page.on('request', (r) => void (r.resourceType() === 'document' && documents++));
      await page.goto('/account/favorites');
      const card = cardOf(page, listing.title);
      await card.waitFor();
      expect(await card.locator('s').count()).toBe(0);
      expect(plain(await card.textContent())).toContain('7 490 ₽');
      // The bell's socket is open (the live list rides on it).
      await page.getByRole('button', { name: /Уведомления/ }).waitFor();

      await setPrice(seller, id, listing.size, 5990);
      const old = card.locator('s');
      await old.waitFor({ timeout: 20_000 });
      expect(plain(await old.textContent())).toBe('Было 7 490 ₽');
      expect(await old.evaluate((s) => getComputedStyle(s).textDecorationLine)).toBe('line-through');
      expect(plain(await card.textContent())).toContain('5 990 ₽');
      expect(documents).toBe(1); // no reload
      await settled(card);
      await screenshot(page, `${SHOTS}/price-drop-${width}.png`);
      await page.close();
    }
  });
  it('a price dropped after the list was read but before the socket started is shown once the socket starts', async () => {
    const seller = await apiSignIn();
    const listing = await createListing(seller);
    const { id } = (await (await fetch(`${baseURL()}/v1/public/products/${listing.slug}/`)).json()) as { id: number };
    const buyer = await apiSignIn();
    await post(`/v1/favorites/${id}/add-to-favorites/`, {}, buyer);

    const page = await signedInPage(browser, buyer, 1440);
    // The socket reaches the server only when the test lets it: the page reads the list first, and the change that
    // follows is on no socket yet.
    let letSocketIn = () => {};
    const socketLetIn = new Promise<void>((resolve) => (letSocketIn = resolve));
    await page.routeWebSocket(/\/ws\/notifications\//, async (ws) => {
      await socketLetIn;
      ws.connectToServer();
    });
    let asked = 0;
    page.on('request', (r) => void (new URL(r.url()).pathname === '/v1/favorites/' && asked++));
    await page.goto('/account/favorites');
    const card = cardOf(page, listing.title);
    await card.waitFor();
    expect(plain(await card.textContent())).toContain('7 490 ₽');
    expect(asked).toBe(1);

    await setPrice(seller, id, listing.size, 5990);
    // The drop's notification is made (by a job) before the socket starts: it comes in the socket's first list.
    await expect.poll(() => notified(buyer, 'favorite_price_drop')).toBe(true);
    letSocketIn();
    // The socket's first list carries the price drop's notification and asks the page to reload: the new price shows.
    await card.locator('s').waitFor({ timeout: 20_000 });
    expect(plain(await card.textContent())).toContain('5 990 ₽');
    expect(asked).toBe(2);
    await page.close();
  });
});
