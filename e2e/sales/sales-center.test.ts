/**
 * The sales center in a real browser: a seller with a listing and counted views sees the balance,
 * the service level, the totals with their change, four charts with Russian axis labels and the listings
 * table; switches the period (День / Неделя / Месяц / Год) at 360 and 1440 px; picks «Свой период» with the
 * keyboard and its days with the mouse; downloads the CSV (200, UTF-8 with BOM, `;`); a new seller gets the
 * way to «Продать». Screenshots go to `test-results/sales-center/`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignIn, createListing, post } from '../buy-helpers.js';
import {
  allowPageProblem,
  baseURL,
  browserAvailable,
  latestCode,
  launch,
  screenshot,
  settled,
  signedInPage,
} from '../helpers.js';

const SHOTS = 'test-results/sales-center';
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** Today in Moscow, `YYYY-MM-DD` (the statistics' days). */
const moscowDay = (ms = Date.now()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(ms);

/** Counts `n` views of a listing by `n` different visitors, as product pages in browsers do. */
async function countViews(slug: string, n: number) {
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${baseURL()}/v1/public/products/${slug}/view/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
      body: JSON.stringify({ visitor_id: `e2e-visitor-${slug}-${i}` }),
    });
    expect(r.status).toBe(204);
  }
}

/** The x-axis labels of a figure's chart. */
const axisLabels = (page: Page, metric: string) =>
  page
    .getByTestId(`metric-${metric}`)
    .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();

/** Waits until the statistics of `period` are on screen with their charts drawn. */
async function statisticsOf(page: Page, period: string) {
  await page.locator(`[data-testid="statistics"][data-period="${period}"][aria-busy="false"]`).waitFor();
  for (const m of ['views', 'favorites', 'orders', 'revenue'])
    await page
      .getByTestId(`metric-${m}`)
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .first()
      .waitFor();
}

describe.runIf(browserAvailable())('sales center', () => {
  let browser: Browser;
  let token = '';
  let title = '';
  const VIEWS = 7;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    token = await apiSignIn();
    const listing = await createListing(token);
    title = listing.title;
    await countViews(listing.slug, VIEWS);
  });
  afterAll(() => browser?.close());

  for (const width of [1440, 360] as const) {
    it(`shows money, totals, charts and listings, and switches the period at ${width} px`, async () => {
      const page = await signedInPage(browser, token, width);
      await page.goto('/account/sales-center');
      await page.getByRole('heading', { level: 1, name: 'Центр продаж' }).waitFor();
      for (const h of ['Деньги', 'Статистика', 'Мои товары', 'Подписчики и подписки'])
        await page.getByRole('heading', { level: 2, name: h }).waitFor();

      // Money: the ledger's balance of a seller who sold nothing yet, the fee, the service level explained.
      await expect(page.getByTestId('balance-awaiting').innerText()).resolves.toMatch(/\n0\s₽\n/);
      await page
        .getByTestId('balance-fee')
        .filter({ hasText: /Комиссия Витрины.*\d+(,\d+)?\s%/ })
        .waitFor();
      await expect(page.getByTestId('service-level').innerText()).resolves.toMatch(/30 дней/);

      // The week (the default): the counted views, their change against last week, the charts, the listing.
      await statisticsOf(page, 'week');
      await expect(page.getByTestId('metric-views').getByTestId('total').textContent()).resolves.toBe(String(VIEWS));
      const change = page.getByTestId('metric-views').getByTestId('change');
      // Against an empty last week no made-up growth: it says there was none.
      await expect(change.getAttribute('data-direction')).resolves.toBe('new');
      await expect(change.textContent()).resolves.toBe('На прошлой неделе просмотров не было');
      expect((await axisLabels(page, 'views')).every((l) => /^\d{1,2} [а-я]{3}$/.test(l))).toBe(true);
      const row = page.getByTestId('listing-row').filter({ hasText: title });
      await expect(row.locator('td').nth(1).textContent()).resolves.toBe(String(VIEWS));
      await settled(page.getByTestId('metric-revenue').locator('.recharts-surface'));
      await screenshot(page, `${SHOTS}/week-${width}.png`, { fullPage: true });

      // Sorting the table by revenue says so to assistive technology.
      const revenueHeader = page.getByRole('columnheader', { name: /Выручка/ });
      await revenueHeader.getByRole('button').click();
      await expect(revenueHeader.getAttribute('aria-sort')).resolves.toBe('descending');

      // Today by the hour, this month by the day, this year by the month: Russian labels on the axis.
      await page.getByText('День', { exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('period') === 'day');
      await statisticsOf(page, 'day');
      expect((await axisLabels(page, 'views')).every((l) => /^\d{2}:00$/.test(l))).toBe(true);
      await expect(page.getByTestId('metric-views').getByTestId('total').textContent()).resolves.toBe(String(VIEWS));
      await expect(page.getByTestId('metric-views').getByTestId('change').textContent()).resolves.toBe(
        'Вчера просмотров не было',
      );

      await page.getByText('Месяц', { exact: true }).click();
      await statisticsOf(page, 'month');
      expect(await axisLabels(page, 'orders')).toEqual(expect.arrayContaining([expect.stringMatching(/^1 [а-я]{3}$/)]));
      await expect(page.getByTestId('period-caption').textContent()).resolves.toMatch(/^1–\d{2} [а-я]+ \d{4}$/);

      await page.getByText('Год', { exact: true }).click();
      await statisticsOf(page, 'year');
      const months = await axisLabels(page, 'revenue');
      expect(months.length).toBeGreaterThan(3);
      expect(months.every((l) => /^(янв|фев|мар|апр|май|июн|июл|авг|сен|окт|ноя|дек)$/.test(l))).toBe(true);
      await expect(page.getByTestId('metric-views').getByTestId('total').textContent()).resolves.toBe(String(VIEWS));
      await settled(page.getByTestId('metric-revenue').locator('.recharts-surface'));
      await screenshot(page, `${SHOTS}/year-${width}.png`, { fullPage: true });

      // The period is kept in the address: a reload shows the same.
      await page.reload();
      await statisticsOf(page, 'year');
    });
  }

  it('picks «Свой период» with the keyboard and its days with the mouse', async () => {
    const page = await signedInPage(browser, token, 1440);
    await page.goto('/account/sales-center?period=year');
    await statisticsOf(page, 'year');

    // The switch is a radio group: from «Год» the right arrow goes to «Свой период» (the last 30 days).
    await page.getByRole('radio', { name: 'Год' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((u) => u.searchParams.get('period') === 'custom');
    await statisticsOf(page, 'custom');
    await expect(page.getByTestId('metric-views').getByTestId('change').textContent()).resolves.toBe(
      'В предыдущем периоде просмотров не было',
    );

    // A week ending yesterday, picked in the Russian calendar (Monday first).
    const today = moscowDay();
    const dayMs = Date.parse(`${today}T12:00:00Z`);
    const from = new Date(dayMs - 7 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(dayMs - 86_400_000).toISOString().slice(0, 10);
    const spoken = (iso: string) =>
      new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
        .format(new Date(`${iso}T00:00:00Z`))
        .replace(/\s*г\.$/, '');
    await page.getByRole('button', { name: 'Даты периода' }).press('Enter');
    const dropdown = page.getByRole('dialog');
    await expect(dropdown.locator('th').first().textContent()).resolves.toMatch(/^пн$/i);
    for (const day of [from, to]) {
      const button = dropdown.getByRole('button', { name: spoken(day), exact: true }).first();
      if (!(await button.isVisible())) await dropdown.getByRole('button', { name: 'Следующий месяц' }).click();
      await button.click();
    }
    await page.waitForURL((u) => u.searchParams.get('from') === from && u.searchParams.get('to') === to);
    // The caption comes from the answer, so it changes once the chosen week's statistics are on screen.
    await page
      .getByTestId('period-caption')
      .filter({ hasText: new RegExp(`^${Number(from.slice(8))}(–| [а-я]+ – )${Number(to.slice(8))} [а-я]+ \\d{4}$`) })
      .waitFor();
    await statisticsOf(page, 'custom');
    // Views were counted today, outside the chosen week.
    await expect(page.getByTestId('metric-views').getByTestId('total').textContent()).resolves.toBe('0');
    expect((await axisLabels(page, 'views')).every((l) => /^\d{1,2} [а-я]{3}$/.test(l))).toBe(true);
    await screenshot(page, `${SHOTS}/custom-1440.png`);
  });

  it('downloads the period as CSV for Excel (200, UTF-8 with BOM, «;»)', async () => {
    const page = await signedInPage(browser, token, 1440);
    await page.goto('/account/sales-center?period=month');
    await statisticsOf(page, 'month');
    const [answer, download] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/sales/statistics/export/?period=month')),
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать CSV' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/csv');
    expect(download.suggestedFilename()).toMatch(/^статистика-продаж-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain(';');
    expect(text).toContain(title);
  });

  it('shows a failed load with «Повторить», which loads the statistics again', async () => {
    const page = await signedInPage(browser, token, 1440);
    // The real API does not fail on demand: the browser's requests for statistics get a 500 until «Повторить».
    allowPageProblem(page, /status of 500/, 'the statistics are answered with 500 to show the error state');
    let failing = true;
    await page.route('**/v1/sales/statistics/?*', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Сбой сервера."}' })
        : route.continue(),
    );
    await page.goto('/account/sales-center');
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить статистику' });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain('Сбой сервера.');
    failing = false;
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await statisticsOf(page, 'week');
    await expect(page.getByTestId('metric-views').getByTestId('total').textContent()).resolves.toBe(String(VIEWS));
    await expect(alert.count()).resolves.toBe(0);
  });

  it('shows the demo seller a live dashboard over the last 90 days (the seeded history)', async () => {
    const phone = '+79001234567'; // README: the demo seller
    await post('/v1/auth/send-code/', { phone });
    const { token: demo } = await post<{ token: string }>('/v1/auth/verify-code/', {
      phone,
      code: await latestCode(phone),
    });
    const today = moscowDay();
    const from = new Date(Date.parse(`${today}T12:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
    for (const width of [1440, 360] as const) {
      const page = await signedInPage(browser, demo, width);
      await page.goto(`/account/sales-center?period=custom&from=${from}&to=${today}`);
      await statisticsOf(page, 'custom');
      const total = async (m: string) =>
        Number((await page.getByTestId(`metric-${m}`).getByTestId('total').textContent())!.replace(/\D/g, ''));
      expect(await total('views')).toBeGreaterThan(0);
      expect(await total('orders')).toBeGreaterThan(0);
      expect(await total('revenue')).toBeGreaterThan(0);
      expect(await page.getByTestId('listing-row').count()).toBeGreaterThan(0);
      await page
        .getByTestId('service-level')
        .filter({ hasText: /из 100/ })
        .waitFor();
      await settled(page.getByTestId('metric-revenue').locator('.recharts-surface'));
      await screenshot(page, `${SHOTS}/demo-seller-${width}.png`, { fullPage: true });
    }
  });

  it('offers a new seller the way to «Продать»', async () => {
    const page = await signedInPage(browser, await apiSignIn(), 360);
    await page.goto('/account/sales-center');
    await page.getByRole('heading', { name: 'Здесь появится статистика ваших продаж' }).waitFor();
    await expect(page.getByTestId('statistics').count()).resolves.toBe(0);
    await screenshot(page, `${SHOTS}/new-seller-360.png`, { fullPage: true });
    const sell = page.getByTestId('sell-first');
    await expect(sell.textContent()).resolves.toBe('Продать');
    await sell.click();
    await page.waitForURL((u) => u.pathname === '/account/sell-create');
    await page.getByRole('heading', { name: 'Продать вещь' }).waitFor();
  });
});
