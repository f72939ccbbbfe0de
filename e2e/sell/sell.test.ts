/**
 * Selling in a real browser (issue «Selling»): sign in through the dialog, list an item with two photos
 * from /account/sell-create by its labels, see it in the catalog and on its page, edit it, move it to
 * drafts (visitors get 404), delete it; subscribe to a seller from their page. Screenshots of the sell
 * form at 360 and 1440 px go to `test-results/sell/`.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, browserAvailable, latestCode, launch, newPage, screenshot } from '../helpers.js';
import { choose, photo } from '../sell-helpers.js';

const SHOTS = 'test-results/sell';

const api = async <T>(path: string, token?: string): Promise<{ status: number; body: T }> => {
  const r = await fetch(`${baseURL()}${path}`, { headers: token ? { authorization: `Token ${token}` } : {} });
  return { status: r.status, body: (await r.json().catch(() => null)) as T };
};

async function storedToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );
}

describe.runIf(browserAvailable())('selling', () => {
  let browser: Browser;
  let token = '';
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('lists an item with two photos, shows it, edits it, drafts it and deletes it', async () => {
    const { page, context } = await newPage(browser, 1440);
    await context.addInitScript(() =>
      localStorage.setItem('cookie-accepted', JSON.stringify({ state: { accepted: true }, version: 0 })),
    );
    const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

    // Signed out: the guard opens the sign-in dialog; after signing in we are back on the form.
    await page.goto('/account/sell-create');
    const dialog = page.getByRole('dialog', { name: 'Вход' });
    await dialog.waitFor();
    await dialog.getByLabel('Номер телефона').pressSequentially(digits);
    await dialog.getByRole('button', { name: 'Получить код' }).click();
    const first = dialog.getByLabel('Код из SMS, цифра 1 из 6');
    await first.waitFor();
    await first.click();
    await page.keyboard.type(await latestCode(`+7${digits}`));
    await page.waitForURL((u) => u.pathname === '/account/sell-create');
    await page.getByRole('heading', { name: 'Продать вещь' }).waitFor();
    token = await storedToken(page);
    expect(token).toMatch(/^[0-9a-f]{40}$/);

    // Reference data to choose from, as a person would read it on screen.
    const chars = (await api<{ data: { brands: { id: number; name: string }[] } }>('/v1/product/chars/')).body.data;
    const cats = (
      await api<{ id: number; name: string; parent: number | null; has_sizes: boolean }[]>(
        '/v1/public/categories/women/',
      )
    ).body;
    const parents = new Set(cats.map((c) => c.parent));
    const leaves = cats.filter((c) => !parents.has(c.id) && c.has_sizes);
    let leaf = leaves[0]!;
    let sizes: { value: string; label: string }[] = [];
    for (const c of leaves) {
      sizes = (await api<{ value: string; label: string }[]>(`/v1/public/sizes/${c.id}/`)).body;
      if (sizes.length > 2 && cats.filter((x) => x.name === c.name).length === 1) {
        leaf = c;
        break;
      }
    }
    const brand = chars.brands[0]!;
    const size = sizes[1]!;
    const title = `Платье миди тест ${digits.slice(-5)}`;

    // Validation as you type, in Russian.
    const titleInput = page.getByLabel('Название', { exact: true });
    await titleInput.fill('Пл');
    await page.getByText('Название — от 3 до 120 символов.').waitFor();
    await titleInput.fill(title);
    await expect(page.getByText('Название — от 3 до 120 символов.').count()).resolves.toBe(0);

    // Two photos through the picker.
    await page
      .locator('input[type="file"]')
      .setInputFiles([await photo('front.jpg', '#c9a27e'), await photo('back.jpg', '#4a5a7a', 1200, 900)]);
    await expect.poll(() => page.getByTestId('sell-photo').count()).toBe(2);
    // Reorder by button: the second becomes the cover, then back.
    await page.getByRole('button', { name: 'Фото 2: левее' }).click();
    await page.getByRole('button', { name: 'Фото 1: правее' }).click();

    await page
      .getByLabel('Описание', { exact: true })
      .fill('Лёгкое платье из вискозы, надевала два раза. Без дефектов.');
    await choose(page, 'Бренд', brand.name, brand.name.slice(0, 3));
    await choose(page, 'Категория', leaf.name, leaf.name);
    await choose(page, 'Состояние', 'Отличное');
    await choose(page, 'Цвет', 'Бежевый');
    await choose(page, 'Размер', size.label);
    await page.keyboard.press('Escape');
    const price = page.getByLabel('Цена', { exact: true });
    await price.fill('50');
    await price.blur();
    await page.getByText('Цена — целое число от 100 до 10 000 000 ₽.').waitFor();
    await price.fill('12990');
    await page.getByText(/Вы получите 11\s431,20\s₽, комиссия 12\s%/).waitFor();
    // A one-off item: one price, no count (a count comes with a second size).
    await expect(page.getByLabel('Количество', { exact: true }).count()).resolves.toBe(0);
    await screenshot(page, `${SHOTS}/sell-form-1440.png`, { fullPage: true });

    // Publish: a new seller without a name is asked for one first, then → the product page.
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    const named = page.getByRole('dialog', { name: 'Как вас представить покупателям?' });
    await named.getByRole('button', { name: 'Сохранить и опубликовать' }).click();
    await named.getByText('Введите имя — его увидят покупатели.').waitFor();
    await named.getByLabel('Имя', { exact: true }).fill('Ольга');
    await named.getByRole('button', { name: 'Сохранить и опубликовать' }).click();
    await page.waitForURL(/\/product\//, { timeout: 30_000 });
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('link', { name: /Продавец Ольга/ }).waitFor(); // the seller's card, as buyers see it
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const detail = await api<{ photos: { url: string; width: number }[]; price: number; status: string }>(
      `/v1/public/products/${slug}/`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.photos).toHaveLength(2);
    const img = await fetch(`${baseURL()}${detail.body.photos[0]!.url}`);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(detail.body.price).toBe(12990);

    // In the catalog: the newest listing of its section.
    await page.goto('/catalog/women?sort=new');
    await page.getByTestId('product-card').filter({ hasText: title }).first().waitFor();

    // Edit from «Мои товары».
    await page.goto('/account/sales');
    const row = page.getByTestId('owner-listing').filter({ hasText: title });
    await row.waitFor();
    await row.getByRole('link', { name: 'Редактировать' }).click();
    await page.waitForURL(/\/account\/sell-create\?edit=\d+/);
    await expect.poll(() => page.getByLabel('Название', { exact: true }).inputValue()).toBe(title);
    await expect(page.getByTestId('sell-photo').count()).resolves.toBe(2);
    const edited = `${title} (новое)`;
    await page.getByLabel('Название', { exact: true }).fill(edited);
    await page.getByRole('button', { name: 'Удалить фото 2' }).click();
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await page.waitForURL(`**/product/${slug}`);
    await page.getByRole('heading', { name: edited }).waitFor();
    expect((await api<{ photos: unknown[] }>(`/v1/public/products/${slug}/`)).body.photos).toHaveLength(1);

    // To drafts: gone for visitors.
    await page.goto('/account/sales');
    const row2 = page.getByTestId('owner-listing').filter({ hasText: edited });
    await row2.getByRole('button', { name: 'В черновики' }).click();
    await page.getByText('Перенесено в черновики').waitFor();
    expect((await api(`/v1/public/products/${slug}/`)).status).toBe(404);
    await page.getByRole('tab', { name: /Черновики/ }).click();
    const draftRow = page.getByTestId('owner-listing').filter({ hasText: edited });
    await draftRow.waitFor();
    await screenshot(page, `${SHOTS}/sales-drafts-1440.png`, { fullPage: true });

    // Delete after confirming.
    await draftRow.getByRole('button', { name: 'Удалить' }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить товар?' });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await page.getByText('Товар удалён').waitFor();
    await expect.poll(() => page.getByTestId('owner-listing').filter({ hasText: edited }).count()).toBe(0);
    const counts = (await api<{ value: string; count: number }[]>('/v1/product_statuses/', token)).body;
    expect(counts.every((c) => c.count === 0)).toBe(true);
    await context.close();
  });

  it('shows the sell form at 360 px', async () => {
    const { page, context } = await newPage(browser, 360);
    await context.addInitScript((t) => {
      localStorage.setItem('cookie-accepted', JSON.stringify({ state: { accepted: true }, version: 0 }));
      localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 }));
    }, token);
    await page.goto('/account/sell-create');
    await page.getByLabel('Название', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByText('Проверьте поля, отмеченные красным.').waitFor();
    await page.getByText('Добавьте от 1 до 10 фотографий.').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(page, `${SHOTS}/sell-form-360.png`, { fullPage: true });
    // «Мои товары» fits the phone too (tabs scroll inside their strip).
    await page.goto('/account/sales');
    await page.getByRole('heading', { name: 'Мои товары и продажи' }).waitFor();
    await page.getByText('Пока пусто').waitFor();
    // The signed-in header (favorites, cart, bell, avatar) is the widest: measure once it is there.
    await page.getByRole('button', { name: 'Меню профиля' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, `${SHOTS}/sales-360.png`, { fullPage: true });
    await context.close();
  });

  it('subscribes to a seller from their page', async () => {
    const { page, context } = await newPage(browser, 1440);
    await context.addInitScript(() =>
      localStorage.setItem('cookie-accepted', JSON.stringify({ state: { accepted: true }, version: 0 })),
    );
    const card = (await api<{ results: { seller_id: number }[] }>('/v1/public/products/?page_size=1')).body.results[0]!;
    const seller = (await api<{ name: string; subscribers_count: number }>(`/v1/public/sellers/${card.seller_id}/`))
      .body;

    // Signed out: the button opens the sign-in dialog.
    await page.goto(`/seller/${card.seller_id}`);
    await page.getByRole('heading', { name: seller.name, level: 1 }).waitFor();
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await page.getByRole('dialog', { name: 'Вход' }).waitFor();
    await page.keyboard.press('Escape');

    // Signed in (the token of the first test): subscribe, the counter moves, the API agrees.
    await context.addInitScript(
      (t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })),
      token,
    );
    await page.goto(`/seller/${card.seller_id}`);
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await page.getByRole('button', { name: 'Вы подписаны' }).waitFor();
    await page
      .getByTestId('seller-counts')
      .filter({ hasText: String(seller.subscribers_count + 1) })
      .waitFor();
    const mine = (await api<{ results: { id: number }[] }>('/v1/social/subscribes/?page_size=12', token)).body;
    expect(mine.results.map((u) => u.id)).toContain(card.seller_id);
    await screenshot(page, `${SHOTS}/seller-1440.png`);
    await page.getByRole('button', { name: 'Вы подписаны' }).click();
    await page.getByRole('button', { name: 'Подписаться' }).waitFor();
    await context.close();
  });
});
