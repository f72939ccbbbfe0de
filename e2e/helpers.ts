/**
 * Browser-test helpers: Debian's Chromium driven by playwright-core (no browser download), pages at
 * phone (360 px) or desktop (1440 px) width, and sign-in through the dev SMS outbox.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const browserAvailable = () => existsSync(chromiumPath());
export const baseURL = () => inject('baseURL');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/** A fresh context (empty storage) and page at `width` px, with baseURL set. */
export async function newPage(
  browser: Browser,
  width: 360 | 1440 = 1440,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width, height: width === 360 ? 780 : 900 },
    locale: 'ru-RU',
    isMobile: width === 360,
    hasTouch: width === 360,
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error('[browser]', err.message));
  return { context, page };
}

/** The latest one-time code sent to `phone` (dev outbox). */
export async function latestCode(phone: string): Promise<string> {
  const r = await fetch(`${baseURL()}/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`);
  const body = (await r.json()) as { results: { code: string }[] };
  return body.results[0]!.code;
}

/** Waits until the page is interactive: the cookie notice renders only after hydration; accept it. */
export async function hydrated(page: Page): Promise<void> {
  const notice = page.getByRole('region', { name: 'Уведомление о файлах cookie' });
  await notice.waitFor();
  await notice.getByRole('button', { name: 'Принять' }).click();
  await notice.waitFor({ state: 'detached' });
}
