/**
 * The sell form and the profile as a careful checker uses them (4): every field found by its
 * label alone, even while its dropdown is open; files that lie about being photos refused on the spot;
 * the owner's own product page offers «Редактировать», not «В корзину».
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, browserAvailable, latestCode, launch, newPage, signedInPage } from '../helpers.js';

const LIE = {
  name: 'holiday.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from('это текст, а не фотография\n'.repeat(50)),
};

async function signIn(): Promise<string> {
  const phone = `+7996${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const post = (path: string, body: object) =>
    fetch(`${baseURL()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/v1/auth/send-code/', { phone });
  const res = await post('/v1/auth/verify-code/', { phone, code: await latestCode(phone) });
  return ((await res.json()) as { token: string }).token;
}

describe.runIf(browserAvailable())('selling, as a careful checker', () => {
  let browser: Browser;
  let token = '';
  beforeAll(async () => {
    browser = await launch();
    token = await signIn();
  });
  afterAll(() => browser?.close());

  it('finds every field by its label alone, also while a dropdown is open, and refuses a lying photo', async () => {
    const page = await signedInPage(browser, token, 360);
    await page.goto('/account/sell-create');
    await page.getByLabel('Название', { exact: true }).waitFor();
    for (const label of ['Название', 'Описание', 'Бренд', 'Категория', 'Состояние', 'Размер']) {
      await expect(page.getByLabel(label, { exact: true }).count(), label).resolves.toBe(1);
    }
    const brand = page.getByLabel('Бренд', { exact: true });
    await brand.click();
    await page.getByRole('listbox').waitFor();
    await expect(page.getByLabel('Бренд', { exact: true }).count()).resolves.toBe(1);
    await brand.fill('Zar');
    await page.getByRole('option', { name: 'Zara' }).first().click();
    await expect(brand.inputValue()).resolves.toBe('Zara');

    await page.locator('input[type="file"]').setInputFiles([LIE]);
    await page.getByRole('alert').filter({ hasText: '«holiday.jpg» — не фотография' }).waitFor();
    await expect(page.getByTestId('sell-photo').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('refuses a lying avatar before saving', async () => {
    const page = await signedInPage(browser, token, 1440);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Редактировать профиль' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /Выбрать фото|Заменить фото/ }).click();
    await (await chooser).setFiles([LIE]);
    await page.getByRole('alert').filter({ hasText: '«holiday.jpg» — не фотография' }).waitFor();
    await expect(page.getByAltText('Новое фото профиля').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('shows the owner «Это ваш товар» and «Редактировать» on their product page instead of «В корзину»', async () => {
    const chars = (await (await fetch(`${baseURL()}/v1/product/chars/`)).json()) as {
      data: { brands: { id: number }[] };
    };
    const cats = (await (await fetch(`${baseURL()}/v1/public/categories/women/`)).json()) as {
      id: number;
      parent: number | null;
    }[];
    const parents = new Set(cats.map((c) => c.parent));
    const leaf = cats.find((c) => !parents.has(c.id))!;
    const size = ((await (await fetch(`${baseURL()}/v1/public/sizes/${leaf.id}/`)).json()) as { value: string }[])[0];
    const form = new FormData();
    const fields = {
      title: 'Свитер своего продавца',
      brand: String(chars.data.brands[0]!.id),
      category: String(leaf.id),
      condition: 'good',
      sizes: JSON.stringify([{ size: size?.value ?? 'ONE', price: 3000, count: 1 }]),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#8a6' } })
      .jpeg()
      .toBuffer();
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg');
    const created = await fetch(`${baseURL()}/v1/products/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const { id, slug } = (await created.json()) as { id: number; slug: string };

    const page = await signedInPage(browser, token, 1440);
    await page.goto(`/product/${slug}`);
    await page.getByText('Это ваш товар').waitFor();
    await expect(page.getByRole('button', { name: 'В корзину' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Редактировать' }).getAttribute('href')).resolves.toBe(
      `/account/sell-create?edit=${id}`,
    );
    await page.context().close();

    // A visitor still gets the buy box.
    const { page: visitor, context } = await newPage(browser, 1440);
    await visitor.goto(`/product/${slug}`);
    await visitor.getByRole('button', { name: 'В корзину' }).waitFor();
    await context.close();
  });
});
