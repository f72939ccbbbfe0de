/**
 * Server-rendered public pages and people's privacy: `/seller/{id}` answers 404 for a user who never
 * published a listing and exists once they have; no public page carries a seller's phone number, in any spelling.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseURL, browserAvailable, latestCode, launch, newPage, screenshot } from '../helpers.js';
import { createListing, post, randomDigits } from '../buy-helpers.js';

/** A new user signed in over HTTP with a name → id, phone and token. */
async function person(firstName: string) {
  const phone = `+7${randomDigits()}`;
  await post('/v1/auth/send-code/', { phone });
  const { token } = await post<{ token: string }>('/v1/auth/verify-code/', { phone, code: await latestCode(phone) });
  const form = new FormData();
  form.append('first_name', firstName);
  const res = await fetch(`${baseURL()}/v1/self/change/`, {
    method: 'PUT',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  const { id } = (await res.json()) as { id: number };
  return { id, phone, token };
}

describe.runIf(browserAvailable())('public pages and privacy', () => {
  it('has no seller page before a publication and shows no phone number anywhere', async () => {
    const { id, phone, token } = await person('Мария');
    const before = await fetch(`${baseURL()}/seller/${id}`);
    expect(before.status).toBe(404);
    expect(await before.text()).toContain('Страница не найдена');

    const { slug } = await createListing(token);
    const pages = [`/seller/${id}`, `/product/${slug}`, '/', '/catalog/women', '/sitemap.xml'];
    const spellings = [phone, phone.slice(1), phone.slice(2), `8${phone.slice(2)}`];
    for (const path of pages) {
      const res = await fetch(baseURL() + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      for (const s of spellings) expect(html.includes(s), `${path} shows ${s}`).toBe(false);
    }
    // The seller's page really is theirs (the scan looked at the right page).
    expect(await (await fetch(`${baseURL()}/seller/${id}`)).text()).toContain(slug);
  });

  it('lists a subscriber who never sold without a link, a seller with one (1440 px)', async () => {
    mkdirSync('test-results/public-privacy', { recursive: true });
    const seller = await person('Олег');
    await createListing(seller.token);
    const buyer = await person('Вера');
    const other = await person('Зоя');
    await createListing(other.token);
    await post(`/v1/social/subscribe/${seller.id}/`, {}, buyer.token);
    await post(`/v1/social/subscribe/${seller.id}/`, {}, other.token);

    const browser = await launch();
    try {
      const { context, page } = await newPage(browser, 1440);
      await context.addInitScript(
        (t) => localStorage.setItem('token', JSON.stringify({ state: { token: t }, version: 0 })),
        seller.token,
      );
      await page.goto('/account/sales-center');
      const cards = page.getByTestId('user-card');
      await cards.filter({ hasText: 'Вера' }).waitFor();
      await cards.filter({ hasText: 'Зоя' }).waitFor();
      await screenshot(page, 'test-results/public-privacy/subscribers-1440.png');
      expect(await page.getByRole('link', { name: /Вера/ }).count()).toBe(0);
      await expect(page.getByRole('link', { name: /Зоя/ }).getAttribute('href')).resolves.toBe(`/seller/${other.id}`);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
