/**
 * What a new user reads about the shop itself (1440 px): the footer's «Документы» hold the user agreement (/offer)
 * and the support address (`SUPPORT_EMAIL`); /jobs promises no service the shop does not have without saying when it
 * comes; «SMS» is written one way on every page that names it.
 */
import { describe, expect, it } from 'vitest';
import { baseURL, browserAvailable, newPage, useBrowser } from '../helpers.js';

describe.runIf(browserAvailable())('documents and contacts', () => {
  const browser = useBrowser();

  it('the footer leads to the user agreement and the support address (1440 px)', async () => {
    const { page } = await newPage(browser(), 1440);
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Поддержка: help@vitrina.test' }).getAttribute('href')).resolves.toBe(
      'mailto:help@vitrina.test',
    );
    await footer.getByRole('link', { name: 'Пользовательское соглашение' }).click();
    await page.getByRole('heading', { level: 1, name: 'Пользовательское соглашение' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/offer');
    await page.getByRole('link', { name: 'help@vitrina.test' }).first().waitFor();
  });

  it('says when the authentication service comes, and writes «SMS» one way', async () => {
    const job = await (await fetch(`${baseURL()}/jobs/authenticator`)).text();
    expect(job).toMatch(/сейчас её на Витрине нет, мы готовим её к 2027 году/);
    for (const path of ['/faq', '/how-buy', '/how-sell', '/garanties', '/about', '/offer']) {
      const html = await (await fetch(baseURL() + path)).text();
      expect(html, path).not.toMatch(/СМС|смс/i);
    }
  });
});
