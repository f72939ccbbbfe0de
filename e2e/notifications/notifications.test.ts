/**
 * Real-time notifications in a real browser (spec §4, §8): a signed-in seller's bell connects the
 * socket (the empty list shows once `initial_notifications` arrived), another user subscribes to them through
 * the API, and the bell's count rises with a toast; the list (a popover at 1440 px, a bottom drawer at 360 px)
 * shows the item; «Прочитать все» takes the count to 0. Escape closes the list and gives focus back to the
 * bell. Screenshots go to `test-results/notifications/`.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, createListing, post, signIn } from '../buy-helpers.js';
import { baseURL, browserAvailable, newPage, screenshot, settled, useBrowser } from '../helpers.js';

const SHOTS = 'test-results/notifications';

async function shot(page: Page, name: string) {
  const w = page.viewportSize()?.width ?? 0;
  await screenshot(page, `${SHOTS}/${name}-${w}.png`);
}

/** Id of the user signed in on `page`, after publishing a listing for them (a seller page one may subscribe to). */
async function signedInSellerId(page: Page): Promise<number> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { state?: { token?: string } }).state?.token ?? '',
  );
  await createListing(token);
  const r = await fetch(`${baseURL()}/v1/self/`, { headers: { authorization: `Token ${token}` } });
  return ((await r.json()) as { info: { id: number } }).info.id;
}

describe.runIf(browserAvailable())('notification bell', () => {
  const browser = useBrowser(SHOTS);

  for (const width of [1440, 360] as const) {
    it(`a new subscriber raises the count, shows a toast and is read from the list at ${width} px`, async () => {
      const { page } = await newPage(browser(), width);
      await signIn(page);
      const sellerId = await signedInSellerId(page);

      const bell = page.getByTestId('notifications-bell');
      await expect(bell.getAttribute('aria-label')).resolves.toBe('Уведомления');

      // Open the list (by keyboard on desktop): the empty state shows once the socket's initial list has arrived.
      if (width === 1440) {
        await bell.focus();
        await page.keyboard.press('Enter');
      } else await bell.click();
      const list =
        width === 360 ? page.getByRole('dialog', { name: 'Уведомления' }) : page.getByTestId('notifications-popover');
      await list.getByText('Пока нет уведомлений').waitFor();
      await settled(list.getByText('Пока нет уведомлений'));
      await shot(page, 'empty');
      if (width === 1440) {
        // Focus starts on the heading and stays inside the popover.
        const inside = () => list.evaluate((el) => el.contains(document.activeElement));
        await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Уведомления');
        for (let i = 0; i < 3; i++) {
          await page.keyboard.press('Tab');
          await expect(inside()).resolves.toBe(true);
        }
      }
      await page.keyboard.press('Escape');
      await list.waitFor({ state: 'hidden' });
      if (width === 1440) await expect(bell.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

      // Someone else subscribes through the API.
      const other = await apiSignIn();
      await post(`/v1/social/subscribe/${sellerId}/`, {}, other);

      await page.getByRole('button', { name: 'Уведомления, 1 непрочитанное' }).waitFor();
      await expect(page.getByTestId('notifications-badge').textContent()).resolves.toBe('1');
      const toast = page.locator('.mantine-Notification-root', { hasText: 'У вас новый подписчик' });
      await toast.waitFor();
      await shot(page, 'toast');

      // A second one: the plural changes.
      const third = await apiSignIn();
      await post(`/v1/social/subscribe/${sellerId}/`, {}, third);
      await page.getByRole('button', { name: 'Уведомления, 2 непрочитанных' }).waitFor();

      await bell.click();
      const items = list.getByTestId('notification');
      await expect.poll(() => items.count()).toBe(2);
      await expect(items.first().getAttribute('data-unread')).resolves.toBe('true');
      await expect(items.first().textContent()).resolves.toContain('У вас новый подписчик');
      // The subscriber never published: the link opens the seller's list of subscribers, not a seller page.
      await expect(items.first().getAttribute('href')).resolves.toBe('/account/sales-center');
      await settled(items.first());
      await shot(page, 'list');

      await list.getByRole('button', { name: 'Прочитать все' }).click();
      await page.getByRole('button', { name: 'Уведомления', exact: true }).waitFor();
      await expect(page.getByTestId('notifications-badge').count()).resolves.toBe(0);
      await expect.poll(() => list.locator('[data-unread]').count()).toBe(0);
      await shot(page, 'read');

      const unread = (await (
        await fetch(`${baseURL()}/v1/notifications/?page_size=1`, {
          headers: {
            authorization: `Token ${await page.evaluate(() => (JSON.parse(localStorage.getItem('token')!) as { state: { token: string } }).state.token)}`,
          },
        })
      ).json()) as { unread_count: number };
      expect(unread.unread_count).toBe(0);

      // An item is a link: it opens what it is about.
      await items.first().click();
      await page.waitForURL(/\/account\/sales-center$/);
    });
  }
  it('a toast opens what it is about and marks it read', async () => {
    const { page } = await newPage(browser(), 1440);
    await signIn(page);
    const sellerId = await signedInSellerId(page);
    await page.getByRole('button', { name: 'Уведомления', exact: true }).waitFor();
    const other = await apiSignIn();
    await post(`/v1/social/subscribe/${sellerId}/`, {}, other);
    const toast = page.locator('.mantine-Notification-root', { hasText: 'У вас новый подписчик' });
    await toast.waitFor();
    await page.getByRole('button', { name: 'Уведомления, 1 непрочитанное' }).waitFor();
    await toast.getByRole('link').click();
    await page.waitForURL(/\/account\/sales-center$/);
    await page.getByRole('button', { name: 'Уведомления', exact: true }).waitFor();
    await toast.waitFor({ state: 'detached' });
  });
});
