/**
 * Server-rendered public pages and people's privacy (issue 15): `/seller/{id}` answers 404 for a user who never
 * published a listing and exists once they have; no public page carries a seller's phone number, in any spelling.
 */
import { describe, expect, it } from 'vitest';
import { baseURL, browserAvailable, latestCode } from './helpers.js';
import { createListing, post } from './buy-helpers.js';

const randomDigits = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe.runIf(browserAvailable())('public pages and privacy', () => {
  it('has no seller page before a publication and shows no phone number anywhere', async () => {
    const phone = `+7${randomDigits()}`;
    await post('/v1/auth/send-code/', { phone });
    const { token } = await post<{ token: string }>('/v1/auth/verify-code/', { phone, code: await latestCode(phone) });
    const self = (await (
      await fetch(`${baseURL()}/v1/self/`, { headers: { authorization: `Token ${token}` } })
    ).json()) as { info: { id: number } };
    const id = self.info.id;

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
});
