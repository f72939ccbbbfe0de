/**
 * The back office's content editor in a real browser at 1440 and 360 px: staff sign in, open «Кабинет сотрудника»
 * from the account menu, edit the FAQ (Markdown with the live preview), save, and see the new question on `/faq`
 * (its HTML and its FAQPage data); a signed-in non-staff person gets the 404 page at `/admin`. Screenshots go to
 * `test-results/admin-content/`.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  allowPageProblem,
  baseURL,
  browserAvailable,
  launch,
  newPage,
  screenshot,
  settled,
  signedInPage,
} from '../helpers.js';
import { apiSignIn, completeSignIn } from '../buy-helpers.js';

const SHOTS = 'test-results/admin-content';

/** The FAQ as staff see it (title and Markdown), to put back after the test. */
async function adminFaq(token: string): Promise<{ title: string; body_markdown: string }> {
  const res = await fetch(`${baseURL()}/v1/admin/content/faq/`, { headers: { authorization: `Token ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { title: string; body_markdown: string };
}

describe.runIf(browserAvailable())('content editor', () => {
  let browser: Browser;
  let staffToken: string;
  let original: { title: string; body_markdown: string };
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(async () => {
    if (staffToken && original)
      await fetch(`${baseURL()}/v1/admin/content/faq/`, {
        method: 'PUT',
        headers: { authorization: `Token ${staffToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: original.title, body_markdown: original.body_markdown }),
      });
    await browser?.close();
  });

  it('shows the 404 page at /admin to a signed-in person who is not staff', async () => {
    const page = await signedInPage(browser, await apiSignIn(), 1440);
    await page.goto('/admin');
    await page.getByText('Страница не найдена').waitFor();
    allowPageProblem(page, /status of 403/, 'a non-staff person opens a staff screen: the API refuses');
    await page.goto('/admin/content');
    await page.getByText('Страница не найдена').waitFor();
    expect(await page.getByRole('textbox', { name: /Текст/ }).count()).toBe(0);
  });

  for (const width of [1440, 360] as const)
    it(`staff edit the FAQ and the new question is on /faq (${width} px)`, async () => {
      // Staff sign in through the header at the first width; the second width reuses the token (a new SMS code for
      // the same number would wait out the resend pause).
      let page;
      if (!staffToken) {
        ({ page } = await newPage(browser, width));
        await page.goto('/');
        await page
          .getByRole('button', { name: 'Принять' })
          .click({ timeout: 5000 })
          .catch(() => undefined);
        await page.getByRole('button', { name: 'Войти', exact: true }).click();
        await completeSignIn(page, inject('staffPhone').slice(2));
        staffToken = (await page.evaluate(
          () => (JSON.parse(localStorage.getItem('token') ?? '{}') as { state?: { token?: string } }).state?.token,
        ))!;
        original = await adminFaq(staffToken);
      } else {
        page = await signedInPage(browser, staffToken, width);
        await page.goto('/');
      }

      await page.getByTestId('account-menu').click();
      // «Сообщения» above it is a lazy part, revealed after the menu opens: «Кабинет сотрудника» keeps its place (a
      // press on it and a release after a move was no click — the next step then waited out its 30 s).
      const toAdmin = page.getByRole('menuitem', { name: 'Кабинет сотрудника' });
      await settled(toAdmin);
      const box = await toAdmin.boundingBox();
      await page.getByRole('menuitem', { name: /^Сообщения/ }).waitFor();
      expect(Math.abs((await toAdmin.boundingBox())!.y - box!.y)).toBeLessThan(1);
      await toAdmin.click();
      await page.waitForURL((u) => u.pathname === '/admin');
      await page.getByRole('link', { name: 'Контент' }).first().click();
      await page.waitForURL((u) => u.pathname === '/admin/content');
      if (width === 1440)
        await page
          .locator('label')
          .filter({ hasText: /^Вопросы и ответы$/ })
          .click();
      else await page.goto('/admin/content?tab=pages&page=faq');
      const text = page.getByRole('textbox', { name: /Текст/ });
      await expect.poll(() => text.inputValue(), { timeout: 10_000 }).toContain('## Как войти?');

      const stamp = `${width}-${Date.now()}`;
      const question = `Можно ли примерить вещь ${stamp}?`;
      await text.fill(
        `## ${question}\n\nНет, но можно **проверить** её в пункте выдачи.\n\n${await text.inputValue()}`,
      );
      const preview = page.getByLabel('Предпросмотр');
      await preview.getByRole('heading', { name: question }).waitFor();
      await screenshot(page, `${SHOTS}/editor-${width}.png`, { fullPage: true });
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await page.getByText('Сохранено — уже на сайте').waitFor();

      // The site shows it at once (the micro-caches were purged), in the HTML and in the FAQPage data.
      const html = await (await fetch(`${baseURL()}/faq`)).text();
      expect(html).toContain(question);
      expect(html).toMatch(new RegExp(`"name":"${question.replace(/[?]/g, '\\?')}"`));
      await page.goto('/faq');
      const item = page.locator('details').filter({ hasText: question });
      await item.locator('summary').click();
      await item.getByText('проверить').waitFor();
      await screenshot(page, `${SHOTS}/faq-${width}.png`, { fullPage: true });
    });
});
