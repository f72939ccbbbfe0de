/**
 * Shared steps of the buying browser tests (checkout.test.ts, checkout-edges.test.ts): sign-in through the
 * header dialog, product → cart → checkout, the pickup-point dialog, the test bank page, and HTTP helpers that
 * make a seller and a listing. Screenshots go to `test-results/checkout/`.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, latestCode, screenshot, settled } from './helpers.js';

export const SHOTS = 'test-results/checkout';
/** Who collects the parcels the buying tests order (new accounts have no name in their profile). */
export const RECIPIENT = 'Анна Иванова';
export interface ProductCard {
  slug: string;
  title: string;
  sizes: string[];
  status: string;
}

/**
 * A random Russian mobile number's 10 digits after +7. The second digit is never 0 or 3: libphonenumber-js (the API's
 * check) refuses the unassigned +7 9300x range, which a fully random number hit about once in 10 000 — a rare
 * «Введите корректный номер телефона» in a browser test.
 */
export const randomDigits = () =>
  `9${'12456789'[Math.floor(Math.random() * 8)]}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Saves a screenshot `<name>-<width>.png` under test-results/checkout/ when asked (e2e/screenshot.ts). */
export async function shot(page: Page, name: string, fullPage = true) {
  const w = page.viewportSize()?.width ?? 0;
  await screenshot(page, `${SHOTS}/${name}-${w}.png`, { fullPage });
}

/** Signs in through the header dialog and the dev SMS outbox. */
export async function signIn(page: Page) {
  await page.goto('/');
  // The cookie notice would cover the bottom of full-screen dialogs on phones: accept it first.
  const accept = page.getByRole('button', { name: 'Принять' });
  await accept
    .waitFor({ timeout: 5000 })
    .then(() => accept.click())
    .catch(() => undefined);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await completeSignIn(page);
}

/**
 * Signs in through the sign-in dialog that is open on `page` (a new number by default), and waits until it closes.
 * For a given number (e.g. the staff phone), the server's clock is first moved past the resend pause
 * (`RESEND_COOLDOWN_S`, 60 s): another test on the same server may have asked a code for it a moment ago, and the
 * dialog would then get a 429, as `apiSignIn` does.
 */
export async function completeSignIn(page: Page, digits?: string) {
  if (digits) await post('/v1/dev/clock/', { advance_seconds: 61 });
  else digits = randomDigits();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Номер телефона').pressSequentially(digits);
  await dialog.getByRole('button', { name: 'Получить код' }).click();
  const first = dialog.getByLabel(/Код из SMS, цифра 1/);
  await first.waitFor();
  const code = await latestCode(`+7${digits}`);
  await first.click();
  await page.keyboard.type(code);
  await dialog.waitFor({ state: 'hidden' });
}

/** Adds the product to the cart on its page, then goes through the cart to checkout. */
export async function toCheckout(page: Page, product: ProductCard) {
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('radiogroup').getByText(product.sizes[0]!, { exact: true }).click();
  await page.getByRole('button', { name: 'В корзину' }).click();
  await page.getByRole('link', { name: 'Перейти в корзину' }).first().waitFor();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Оформить заказ' }).first().click();
  await page.waitForURL(/\/checkout\?seller=\d+/);
  await page.getByRole('heading', { name: 'Оформление заказа' }).waitFor();
  await fillRecipient(page);
}

/** Checkout's «Получатель»: a new account has no name in its profile, so the name is typed (the phone is prefilled). */
export async function fillRecipient(page: Page, name = RECIPIENT) {
  const field = page.getByLabel('Имя и фамилия получателя');
  if (!(await field.inputValue())) await field.fill(name);
}

/** Picks the first pickup point of the directory dialog and saves it. */
export async function choosePickupPoint(page: Page) {
  await page.getByRole('button', { name: 'Добавить пункт выдачи' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пункт выдачи' });
  await dialog.getByTestId('pickup-point').first().click();
  await dialog.getByRole('button', { name: 'Забрать здесь' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Adds a pickup point from the directory dialog; it becomes the chosen one. */
export async function addPickupPoint(page: Page) {
  await page.getByRole('button', { name: 'Добавить пункт выдачи' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пункт выдачи' });
  await settled(dialog.getByTestId('pickup-point').first()); // the dialog's opening transition
  await shot(page, 'pickup-dialog', false);
  await dialog.getByTestId('pickup-point').first().click();
  await dialog.getByRole('button', { name: 'Забрать здесь' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect(page.getByTestId('delivery-point').first().getAttribute('data-checked')).resolves.toBe('true');
}

/**
 * Adds a card on the account page as the site does: «Добавить карту» → the bank's card form (number, expiry,
 * CVC) → back to /account, which saves it, drops `card_state` and `card_token` from the address and says so in a
 * notification.
 * @throws at once, with the account's reason, when the account says «Карта не добавлена»
 */
export async function addCardOnSite(page: Page, number: string) {
  await page.getByRole('button', { name: 'Добавить карту' }).click();
  await page.waitForURL(/\/testgateway\/cards\/new/);
  await page.getByLabel('Номер карты').fill(number);
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Сохранить карту' }).click();
  await page.waitForURL(
    (u) => u.pathname === '/account' && !u.search.includes('card_token') && !u.search.includes('card_state'),
  );
  const notices = page.getByRole('alert');
  const added = notices.filter({ hasText: /Карта .+ •••• \d{4} добавлена/ });
  const refused = notices.filter({ hasText: 'Карта не добавлена' });
  await added.or(refused).first().waitFor();
  if (await refused.count()) throw new Error(`Карта не добавлена: ${await refused.first().innerText()}`);
}

/** The test bank page: card number, expiry, CVC, «Оплатить». */
export async function payOnBankPage(page: Page, number: string) {
  await page.waitForURL(/\/testgateway\/pay\//);
  await page.getByLabel('Номер карты').fill(number);
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await shot(page, 'bank');
  await page.getByRole('button', { name: /Оплатить/ }).click();
}

export async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = token ? { authorization: `Token ${token}` } : {};
  const init: RequestInit = { method: 'POST', headers };
  if (body instanceof FormData) init.body = body;
  else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const r = await fetch(`${baseURL()}${path}`, init);
  const json = (await r.json().catch(() => null)) as T;
  if (!r.ok) throw new Error(`${path} → ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A user signed in over HTTP (dev SMS outbox) → token: a new number, or `phone` (e.g. a staff number or the demo
 * seller). When another test on the same server asked a code for that number within the resend pause, the server's
 * clock is moved past the pause first (`retry-after`).
 */
export async function apiSignIn(phone = `+7${randomDigits()}`): Promise<string> {
  const send = await fetch(`${baseURL()}/v1/auth/send-code/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone }),
  });
  if (send.status === 429) {
    await post('/v1/dev/clock/', { advance_seconds: Number(send.headers.get('retry-after') ?? 60) });
    await post('/v1/auth/send-code/', { phone });
  } else if (!send.ok) throw new Error(`send-code ${send.status}: ${await send.text()}`);
  const { token } = await post<{ token: string }>('/v1/auth/verify-code/', { phone, code: await latestCode(phone) });
  return token;
}

/** Publishes a one-size listing as the seller with `token` → its slug and title. */
/** A token of the busiest demo seller (README: `+7 900 123-45-67`, more than a page of orders). */
export async function demoSellerToken(): Promise<string> {
  return apiSignIn('+79001234567');
}

/** Lists an item of one size with `count` pieces for the seller `token`. */
export async function createListing(token: string, count = 1): Promise<{ slug: string; title: string; size: string }> {
  const chars = (await (await fetch(`${baseURL()}/v1/product/chars/`)).json()) as {
    data: { brands: { id: number }[]; categories: { id: number; parent: number | null }[] };
  };
  const cats = chars.data.categories;
  const leaf = cats.find((c) => c.parent !== null && !cats.some((x) => x.parent === c.id))!;
  const sizes = (await (await fetch(`${baseURL()}/v1/public/sizes/${leaf.id}/`)).json()) as { value: string }[];
  const size = sizes[0]?.value ?? 'One size';
  const title = `Жакет твидовый ${Date.now() % 100000}`;
  const form = new FormData();
  const fields: Record<string, string> = {
    title,
    description: 'Носила пару раз, без дефектов.',
    brand: String(chars.data.brands[0]!.id),
    category: String(leaf.id),
    condition: 'excellent',
    color: 'beige',
    sizes: JSON.stringify([{ size, price: 7490, count }]),
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#b59a7a' } })
    .jpeg({ quality: 75 })
    .toBuffer();
  form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front.jpg');
  const listing = await post<{ slug: string }>('/v1/products/', form, token);
  return { slug: listing.slug, title, size };
}

export const cartSlugs = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('cart');
    return raw ? (JSON.parse(raw) as { state: { items: { slug: string }[] } }).state.items.map((i) => i.slug) : [];
  });

/** A form body for the multipart calls (add-card, delivery points). */
export const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

/** Orders one piece of `slug` as `buyer` to a new pickup point, unpaid (the reservation runs); the API's answer. */
export async function placeOrder(
  buyer: string,
  slug: string,
  size: string,
): Promise<{ order: { id: number }; payment: { confirmation_url: string } }> {
  const point = await post<{ id: number }>(
    '/v1/delivery_points/',
    form({ name: 'Дом', address: 'г. Москва, ул. Тверская, д. 7', point_id: 'MSK001', delivery_service_type: 'cdek' }),
    buyer,
  );
  return post(
    '/v1/sales/order/',
    { items: [{ slug, size, count: 1 }], delivery_point: point.id, recipient_name: RECIPIENT },
    buyer,
  );
}

/** Orders one piece of `slug` as `buyer`, pays at the test bank, and returns the order id. */
export async function paidOrder(buyer: string, slug: string, size: string): Promise<number> {
  const placed = await placeOrder(buyer, slug, size);
  const gatewayId = new URL(placed.payment.confirmation_url, 'http://x').pathname.split('/').pop()!;
  await post(`/testgateway/api/payments/${gatewayId}/pay`, {
    number: '4111 1111 1111 1111',
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
  });
  return placed.order.id;
}
