/**
 * The sales center's charts as a new seller and the demo seller see them on a 360 px phone: every day of the calendar week
 * (Monday to Sunday, today among them) and every month of a year keeps its label, a chart with nothing in the period is a low strip, not 200 px
 * of empty grid, money on the value axis carries «₽», and a total against an empty previous period says so instead
 * of a made-up growth («В прошлом году продаж не было»).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, createListing, demoSellerToken } from '../buy-helpers.js';
import { baseURL, browserAvailable, serverNow, settled, signedInPage, useBrowser } from '../helpers.js';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
/** A day's month as the week's labels write it («9 мая», «30 ноя»). */
const DAY_MONTHS = MONTHS.map((m) => (m === 'май' ? 'мая' : m));
/** The server's today in Moscow, `YYYY-MM-DD` (another test on the same server may have moved its clock). */
const moscowDay = async () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(await serverNow());

const tickLabels = (page: Page, metric: string, axis: 'xAxis' | 'yAxis' = 'xAxis') =>
  page
    .getByTestId(`metric-${metric}`)
    .locator(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`)
    .allTextContents();

async function openPeriod(page: Page, period: string) {
  await page.goto(`/account/sales-center?period=${period}`);
  await page.locator(`[data-testid="statistics"][data-period="${period}"][aria-busy="false"]`).waitFor();
  for (const m of ['views', 'favorites', 'orders', 'revenue'])
    await settled(page.getByTestId(`metric-${m}`).locator('.recharts-xAxis-tick-labels text').first());
}

describe.runIf(browserAvailable())('sales center charts on a phone', () => {
  const browser = useBrowser();

  it('labels every day of the week and month of the year; empty charts stay low (360 px)', async () => {
    const token = await apiSignIn();
    const listing = await createListing(token);
    for (let i = 0; i < 3; i++)
      await fetch(`${baseURL()}/v1/public/products/${listing.slug}/view/`, {
        method: 'POST',
        // A browser's user agent: the statistics leave robots' views out.
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        body: JSON.stringify({ visitor_id: `charts-${listing.slug}-${i}` }),
      });
    const page = await signedInPage(browser(), token, 360);

    await openPeriod(page, 'week');
    const week = await tickLabels(page, 'views');
    expect(week).toHaveLength(7);
    // The calendar week, Monday to Sunday, today's day among them.
    const today = Date.parse(`${await moscowDay()}T12:00:00Z`);
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * 86_400_000;
    const label = (ms: number) => `${new Date(ms).getUTCDate()} ${DAY_MONTHS[new Date(ms).getUTCMonth()]}`;
    const days = Array.from({ length: 7 }, (_, i) => label(monday + i * 86_400_000));
    expect(week.map((w) => w.replace(/\u00a0/g, ' '))).toEqual(days);
    expect(days).toContain(label(today));
    // Nothing added to favorites this week: a low strip with the days, not a tall empty grid.
    const empty = (await page.getByTestId('metric-favorites').getByTestId('chart').boundingBox())!;
    expect(empty.height).toBeLessThanOrEqual(80);
    const full = (await page.getByTestId('metric-views').getByTestId('chart').boundingBox())!;
    expect(full.height).toBeGreaterThanOrEqual(180);

    await openPeriod(page, 'year');
    const year = await tickLabels(page, 'views');
    expect([...year].sort()).toEqual([...MONTHS].sort());
  });

  it('says the previous year had no sales and writes money on the axis with «₽» (360 px, demo seller)', async () => {
    const page = await signedInPage(browser(), await demoSellerToken(), 360);
    await openPeriod(page, 'year');
    await expect(page.getByTestId('metric-revenue').getByTestId('change').textContent()).resolves.toBe(
      'В прошлом году продаж не было',
    );
    const money = (await tickLabels(page, 'revenue', 'yAxis')).filter((t) => t !== '0');
    expect(money.length).toBeGreaterThan(0);
    for (const t of money) expect(t).toMatch(/\u00a0₽$/);
  });
});
