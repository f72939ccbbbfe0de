/**
 * Favorites in a real browser: the heart on catalog cards and on the product page, signed out
 * (the sign-in dialog opens, and the add completes after signing in) and signed in (optimistic, kept by the
 * API, the ids asked once per page); the seller's «В избранном у N»; `/account/favorites` with sorting,
 * withdrawn items greyed, removing from the page and the empty state. Screenshots at 360 and 1440 px go to
 * `test-results/favorites/`.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, browserAvailable, hydrated, launch, newPage, screenshot, settled } from '../helpers.js';
import { apiSignIn, completeSignIn, createListing, paidOrder, post } from '../buy-helpers.js';

const SHOTS = 'test-results/favorites';

const api = async <T>(path: string, token?: string, method = 'GET'): Promise<T> => {
  const r = await fetch(`${baseURL()}${path}`, {
    method,
    headers: token ? { authorization: `Token ${token}` } : {},
  });
  if (!r.ok) throw new Error(`${path} → ${r.status}`);
  return (await r.json()) as T;
};
const idsOf = async (token: string) => (await api<{ data: number[] }>('/v1/favorites/ids/', token)).data;
const productId = async (slug: string) => (await api<{ id: number }>(`/v1/public/products/${slug}/`)).id;

async function useToken(context: BrowserContext, token: string) {
  await context.addInitScript(
    (t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })),
    token,
  );
}
async function storedToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );
}

async function shot(page: Page, name: string, fullPage = false) {
  const w = page.viewportSize()?.width ?? 0;
  await screenshot(page, `${SHOTS}/${name}-${w}.png`, { fullPage });
}

/** The slug of the card whose heart this is (the heart sits beside the card's link). */
const slugOfHeart = async (heart: ReturnType<Page['getByRole']>) =>
  (await heart.locator('xpath=..').getByTestId('product-card').getAttribute('href'))!.replace('/product/', '');

describe.runIf(browserAvailable())('favorites in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signed out, a card’s heart opens the sign-in dialog and the add completes after signing in', async () => {
    const { page } = await newPage(browser, 1440);
    await page.goto('/catalog/women');
    await hydrated(page);
    const heart = page.getByRole('button', { name: 'Добавить в избранное' }).first();
    const slug = await slugOfHeart(heart);
    await heart.click();
    await page.getByRole('dialog', { name: 'Вход' }).waitFor();
    await completeSignIn(page);
    // Still on the catalog, the heart now pressed: the add went through.
    expect(new URL(page.url()).pathname).toBe('/catalog/women');
    const cell = page
      .getByTestId('product-card')
      .and(page.locator(`[href="/product/${slug}"]`))
      .locator('xpath=..');
    const pressed = cell.getByRole('button', { name: 'Убрать из избранного' });
    await pressed.waitFor();
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    const token = await storedToken(page);
    // The heart turns at once; the add reaches the server a moment later.
    const id = await productId(slug);
    await expect.poll(() => idsOf(token)).toEqual([id]);
    await settled(pressed);
    await shot(page, 'catalog-hearts');
  });

  it('signed in, hearts on cards toggle at once, the API keeps them, and the ids are asked once per page', async () => {
    const token = await apiSignIn();
    for (const width of [1440, 360] as const) {
      const { page, context } = await newPage(browser, width);
      await useToken(context, token);
      let idsCalls = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/v1/favorites/ids/') idsCalls++;
      });
      const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/favorites/ids/');
      await page.goto('/catalog/women');
      await loaded;
      const hearts = page.getByRole('button', { name: /в избранное|из избранного/ });
      expect(await hearts.count()).toBeGreaterThan(4);
      const second = page.getByRole('button', { name: 'Добавить в избранное' }).nth(1);
      const slug = await slugOfHeart(second);
      const cell = page.locator(`a[href="/product/${slug}"]`).locator('xpath=..');
      await second.click();
      await cell.getByRole('button', { name: 'Убрать из избранного', pressed: true }).waitFor();
      await expect.poll(() => idsOf(token)).toContain(await productId(slug));
      if (width === 360) {
        await hydrated(page);
        await shot(page, 'catalog-hearts');
      }
      await cell.getByRole('button', { name: 'Убрать из избранного' }).click();
      await cell.getByRole('button', { name: 'Добавить в избранное', pressed: false }).waitFor();
      await expect.poll(() => idsOf(token)).not.toContain(await productId(slug));
      expect(idsCalls).toBe(1);
    }
  });

  it('on the product page: the heart for a visitor, «В избранном у N» for the seller', async () => {
    const sellerToken = await apiSignIn();
    const listing = await createListing(sellerToken);
    const id = await productId(listing.slug);
    const buyerToken = await apiSignIn();

    // The page's HTML is the same for everyone (it is cached): the heart comes off, whoever asks.
    const html = await (await fetch(`${baseURL()}/product/${listing.slug}`)).text();
    expect(html).toMatch(/<button[^>]*aria-pressed="false"[^>]*aria-label="Добавить в избранное"/);
    expect(html).not.toContain('В избранном у');

    // Signed out: the dialog opens; signed in, the heart adds and stays pressed after a reload.
    const { page, context } = await newPage(browser, 1440);
    await page.goto(`/product/${listing.slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Добавить в избранное' }).first().click();
    await page.getByRole('dialog', { name: 'Вход' }).waitFor();
    await page.keyboard.press('Escape');
    await useToken(context, buyerToken);
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/favorites/ids/');
    await page.goto(`/product/${listing.slug}`);
    await loaded;
    const big = page.locator('h1').locator('xpath=..').getByRole('button');
    expect(await big.getAttribute('aria-label')).toBe('Добавить в избранное');
    await big.click();
    await expect.poll(() => big.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => idsOf(buyerToken)).toEqual([id]);
    await page.reload();
    await expect.poll(() => big.getAttribute('aria-label')).toBe('Убрать из избранного');
    await shot(page, 'product');

    // The seller sees how many keep it, no heart.
    for (const width of [1440, 360] as const) {
      const seller = await newPage(browser, width);
      await useToken(seller.context, sellerToken);
      await seller.page.goto(`/product/${listing.slug}`);
      await seller.page.getByTestId('favorite-count').getByText('В избранном у 1').waitFor();
      expect(await seller.page.locator('h1').locator('xpath=..').getByRole('button').count()).toBe(0);
      await hydrated(seller.page);
      await shot(seller.page, 'product-seller');
    }
  });

  it('/account/favorites: an item someone else bought stays, greyed with «Продано»', async () => {
    const sellerToken = await apiSignIn();
    const keeper = await apiSignIn();
    const listing = await createListing(sellerToken);
    await post(`/v1/favorites/${await productId(listing.slug)}/add-to-favorites/`, {}, keeper);
    await paidOrder(await apiSignIn(), listing.slug, listing.size);

    const { page, context } = await newPage(browser, 360);
    await useToken(context, keeper);
    await page.goto('/account/favorites');
    const card = page.getByTestId('product-card').first();
    await card.getByText('Продано').waitFor();
    await expect(card.getAttribute('href')).resolves.toBe(`/product/${listing.slug}`);
    await hydrated(page);
    await shot(page, 'account-favorites-sold');
  });

  it('/account/favorites: grid, sorting by price, withdrawn greyed, removing, the empty state', async () => {
    const sellerToken = await apiSignIn();
    const token = await apiSignIn();
    const made: { slug: string; title: string; id: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const l = await createListing(sellerToken);
      made.push({ ...l, id: await productId(l.slug) });
      await post(`/v1/favorites/${made[i]!.id}/add-to-favorites/`, {}, token);
    }
    // The fixture's listings all cost 7 490 ₽: make the prices differ, then withdraw one.
    const prices = [3500, 9900, 5200];
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      const size = await sizeOf(made[i]!.slug);
      form.append('sizes', JSON.stringify([{ size, price: prices[i], count: 1 }]));
      const r = await fetch(`${baseURL()}/v1/products/${made[i]!.id}/`, {
        method: 'PATCH',
        headers: { authorization: `Token ${sellerToken}` },
        body: form,
      });
      expect(r.status).toBe(200);
    }
    await fetch(`${baseURL()}/v1/products/${made[1]!.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Token ${sellerToken}` },
    });

    for (const width of [1440, 360] as const) {
      const { page, context } = await newPage(browser, width);
      await useToken(context, token);
      await page.goto('/account/favorites');
      await page.getByRole('heading', { name: 'Избранное', level: 1 }).waitFor();
      await page.getByTestId('product-card').nth(2).waitFor();
      // Newest first; the withdrawn one greyed with its badge.
      const order = () => page.getByTestId('product-card').evaluateAll((a) => a.map((x) => x.getAttribute('href')));
      expect(await order()).toEqual([...made].reverse().map((m) => `/product/${m.slug}`));
      await page.getByTestId('product-card').nth(1).getByText('Снято с продажи').waitFor();
      await page.getByLabel('Сортировка').selectOption('price_asc');
      await page.waitForURL(/sort=price_asc/);
      await expect.poll(order).toEqual([made[0]!, made[2]!, made[1]!].map((m) => `/product/${m.slug}`));
      await page.getByLabel('Сортировка').selectOption('price_desc');
      await expect.poll(order).toEqual([made[2]!, made[0]!, made[1]!].map((m) => `/product/${m.slug}`));
      await hydrated(page);
      await shot(page, 'account-favorites', true);
    }

    // Removing from the page: the answer's list replaces the grid.
    const { page, context } = await newPage(browser, 1440);
    await useToken(context, token);
    await page.goto('/account/favorites');
    for (let left = 3; left > 0; left--) {
      await expect.poll(() => page.getByTestId('product-card').count()).toBe(left);
      await page.getByRole('button', { name: 'Убрать из избранного' }).first().click();
    }
    await page.getByRole('heading', { name: 'Здесь пока пусто' }).waitFor();
    await page.getByRole('link', { name: 'Перейти в каталог' }).waitFor();
    expect(await idsOf(token)).toEqual([]);
    await hydrated(page);
    await shot(page, 'account-favorites-empty');
  });
});

/** The one size of a listing made by `createListing`. */
async function sizeOf(slug: string): Promise<string> {
  return (await api<{ offers: { size: string }[] }>(`/v1/public/products/${slug}/`)).offers[0]!.size;
}
