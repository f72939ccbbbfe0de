/**
 * Sign-in and the account in a real browser (spec §4): `/account` while signed out → the sign-in
 * dialog (and a redirect to `/`) → phone → code from the dev outbox → back on `/account` → edit the profile
 * with an avatar → «Выйти» → the token is gone from storage and refused by the server. A second pass at
 * 360 px goes through the dialog by keyboard only. Screenshots go to `test-results/auth/`.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  allowPageProblem,
  baseURL,
  browserAvailable,
  latestCode,
  newPage,
  screenshot,
  useBrowser,
} from '../helpers.js';
import { randomDigits } from '../buy-helpers.js';

const SHOTS = 'test-results/auth';

async function shot(page: Page, name: string) {
  const w = page.viewportSize()?.width ?? 0;
  await screenshot(page, `${SHOTS}/${name}-${w}.png`);
}

/** The token kept by the auth store (zustand persist under `token`), or null. */
async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('token');
    if (!raw) return null;
    return (JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null;
  });
}

const selfStatus = async (token: string) =>
  (await fetch(`${baseURL()}/v1/self/`, { headers: { authorization: `Token ${token}` } })).status;

describe.runIf(browserAvailable())('sign-in and account', () => {
  const browser = useBrowser(SHOTS);

  it('guards /account, signs in with the SMS code, edits the profile and signs out (1440 px)', async () => {
    const { page, context } = await newPage(browser(), 1440);
    allowPageProblem(
      page,
      /status of 400 .*\/v1\/auth\/verify-code\/\)$/,
      'the test types a wrong code on purpose; Chromium logs the API answer 400 as a console error',
    );
    const digits = randomDigits();
    const phone = `+7${digits}`;

    // Signed out: the account guard opens the dialog and sends us to /.
    await page.goto('/account');
    const dialog = page.getByRole('dialog', { name: 'Вход' });
    await dialog.waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    await shot(page, 'dialog-phone');

    // An incomplete number is explained in Russian.
    const phoneInput = dialog.getByLabel('Номер телефона');
    await phoneInput.pressSequentially('999');
    await expect(phoneInput.inputValue()).resolves.toBe('+7 (999');
    await dialog.getByRole('button', { name: 'Получить код' }).click();
    await dialog.getByText('Введите номер полностью: 10 цифр после +7.').waitFor();
    await phoneInput.fill('');
    // Typed the way people do: 8 and then the number.
    await phoneInput.pressSequentially(`8${digits}`);
    await expect(phoneInput.inputValue()).resolves.toBe(
      `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
    );
    await dialog.getByRole('button', { name: 'Получить код' }).click();

    const first = dialog.getByLabel('Код из SMS, цифра 1 из 6');
    await first.waitFor();
    await expect(first.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    await expect(first.getAttribute('inputmode')).resolves.toBe('numeric');
    await dialog.getByText(/Отправить код повторно через 0:[0-5]\d/).waitFor();
    const code = await latestCode(phone);

    // A wrong code: a Russian error, the boxes are cleared.
    const wrong = String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
    await first.click();
    await page.keyboard.type(wrong);
    await dialog
      .getByRole('alert')
      .filter({ hasText: /Неверный код/ })
      .waitFor();
    await shot(page, 'dialog-code-error');

    // The right one, pasted: submits by itself once complete.
    await first.click();
    await page.evaluate((text) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
      );
    }, code);
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((u) => u.pathname === '/account');
    await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor();
    const token = await storedToken(page);
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    await expect(selfStatus(token!)).resolves.toBe(200);
    await page
      .getByRole('navigation', { name: 'Разделы профиля' })
      .getByRole('link', { name: 'Мои товары и продажи' })
      .waitFor();
    await shot(page, 'account');

    // Edit the profile with an avatar.
    await page.getByRole('button', { name: 'Редактировать профиль' }).click();
    const form = page.getByRole('form', { name: 'Редактирование профиля' });
    await form.getByLabel('Имя').fill('Анна');
    await form.getByLabel('Фамилия').fill('Смирнова');
    await form.getByLabel('Город').fill('Казань');
    await form.getByLabel('О себе').fill('Продаю то, что больше не ношу.');
    // A large, noisy photo over a slow connection, so the upload progress is visible.
    const avatar = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#8c8c8c',
        noise: { type: 'gaussian', mean: 140, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: avatar });
    await form.getByRole('img', { name: 'Новое фото профиля' }).waitFor();
    await shot(page, 'account-edit');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400_000,
    });
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText(/Загружаем фото… \d+%/).waitFor();
    await form.getByRole('progressbar', { name: 'Загрузка фото' }).waitFor();
    await shot(page, 'account-upload');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByTestId('profile-name').filter({ hasText: 'Анна Смирнова' }).waitFor();
    await page.getByTestId('profile-city').filter({ hasText: 'Казань' }).waitFor();
    const self = (await (
      await fetch(`${baseURL()}/v1/self/`, { headers: { authorization: `Token ${token}` } })
    ).json()) as {
      info: { first_name: string; city: string; about: string; avatar: { url: string } | null };
    };
    expect(self.info).toMatchObject({ first_name: 'Анна', city: 'Казань', about: 'Продаю то, что больше не ношу.' });
    expect(self.info.avatar?.url).toMatch(/^\/media\/a\//);
    await shot(page, 'account-saved');

    // Sign out from the avatar menu.
    await page.getByRole('button', { name: 'Меню профиля' }).click();
    await shot(page, 'account-menu');
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    await page.getByRole('button', { name: 'Войти', exact: true }).waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    // The account guard decides about the sign-in dialog in the same step that leaves for «/»; the home
    // page's content arrives (a loader round trip) after that decision has rendered.
    await page.getByRole('heading', { name: 'Новинки' }).waitFor();
    await expect(page.getByRole('dialog', { name: 'Вход' }).count()).resolves.toBe(0);
    await expect(storedToken(page)).resolves.toBeNull();
    // The page forgets the token first and revokes it meanwhile (features/auth/store.ts): the server's refusal may
    // follow the signed-out page by that one request.
    await expect.poll(() => selfStatus(token!)).toBe(401);
    await context.close();
  });

  it('goes through the dialog by keyboard on a phone and lands on the asked page (360 px)', async () => {
    const { page, context } = await newPage(browser(), 360);
    allowPageProblem(
      page,
      /status of 429 .*\/v1\/auth\/send-code\/\)$/,
      'the test asks for a code again within the resend pause on purpose (the API answers 429, the dialog reuses the code); Chromium logs the 429 as a console error',
    );
    const digits = randomDigits();
    await page.goto('/account/favorites');
    const dialog = page.getByRole('dialog', { name: 'Вход' });
    await dialog.waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    await shot(page, 'dialog-phone');

    // The phone field has the focus; Enter submits.
    await page.keyboard.type(digits);
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Код из SMS, цифра 1 из 6').waitFor();
    await shot(page, 'dialog-code');

    // «Изменить номер» goes back with the number kept; asking again reuses the code just sent.
    await dialog.getByRole('button', { name: 'Изменить номер' }).click();
    await expect(dialog.getByLabel('Номер телефона').inputValue()).resolves.toContain(digits.slice(0, 3));
    await dialog.getByLabel('Номер телефона').focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('Код уже отправлен на этот номер — введите его.').waitFor();
    const code = await latestCode(`+7${digits}`);
    await dialog.getByLabel('Код из SMS, цифра 1 из 6').focus();
    await page.keyboard.type(code);
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL((u) => u.pathname === '/account/favorites');
    await page.getByRole('heading', { name: 'Здесь пока пусто' }).waitFor();
    await shot(page, 'account-favorites');

    await page.goto('/account');
    await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor();
    await shot(page, 'account');
    await page.getByRole('button', { name: 'Редактировать профиль' }).click();
    await page.getByRole('form', { name: 'Редактирование профиля' }).waitFor();
    await shot(page, 'account-edit');
    await page.goto('/account/messenger');
    await page.getByRole('heading', { name: 'Сообщений пока нет' }).waitFor();
    await shot(page, 'account-messenger');
    await context.close();
  });

  /** Signs `phone` in through the API as a browser with `userAgent` would; the token. */
  async function apiSignIn(phone: string, userAgent: string): Promise<string> {
    const post = (url: string, body: unknown) =>
      fetch(`${baseURL()}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': userAgent },
        body: JSON.stringify(body),
      });
    expect((await post('/v1/auth/send-code/', { phone })).status).toBe(200);
    const res = await post('/v1/auth/verify-code/', { phone, code: await latestCode(phone) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  for (const width of [1440, 360] as const) {
    it(`lists signed-in devices on the profile and signs out on one or everywhere (${width} px)`, async () => {
      const phone = `+7${randomDigits()}`;
      const other = await apiSignIn(
        phone,
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 YaBrowser/24.12.0.0 Safari/537.36',
      );
      // The next code for the same number only after 60 s: the development clock moves past the cooldown.
      await fetch(`${baseURL()}/v1/dev/clock/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 61 }),
      });
      const { context, page } = await newPage(browser(), width);
      const ua = await page.evaluate(() => navigator.userAgent);
      const token = await apiSignIn(phone, ua);
      await context.addInitScript(
        (t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })),
        token,
      );
      await page.goto('/account');
      const devices = page.getByRole('region', { name: 'Устройства' });
      await devices.getByText('Яндекс Браузер, Windows').waitFor();
      await devices.getByText('Это устройство').waitFor();
      await expect(devices.getByRole('listitem').count()).resolves.toBe(2);
      await devices.scrollIntoViewIfNeeded();
      await shot(page, 'account-devices');

      // One device: confirmed, then gone from the list and its token dead.
      await devices.getByRole('button', { name: 'Выйти на этом устройстве' }).click();
      const ask = page.getByRole('dialog', { name: 'Выйти на этом устройстве?' });
      await ask.getByText('На устройстве «Яндекс Браузер, Windows» придётся снова войти').waitFor();
      await shot(page, 'account-devices-confirm');
      await ask.getByRole('button', { name: 'Выйти', exact: true }).click();
      await ask.waitFor({ state: 'hidden' });
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
      expect(await selfStatus(other)).toBe(401);
      expect(await selfStatus(token)).toBe(200);

      // Everywhere: this device too — back on the home page, signed out.
      await devices.getByRole('button', { name: 'Выйти везде' }).click();
      const all = page.getByRole('dialog', { name: 'Выйти на всех устройствах?' });
      await all.getByRole('button', { name: 'Выйти везде' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByText('Вы вышли на всех устройствах').waitFor();
      await expect(storedToken(page)).resolves.toBeNull();
      expect(await selfStatus(token)).toBe(401);
      await context.close();
    });
  }
});
