/**
 * A press is never lost while the page's code is on its way (shared/lib/part-press.ts, decision 0186): «Предложить
 * цену» sits in a lazy part of its own (features/messenger/lazy-contact.tsx), server HTML at once and interactive
 * once its chunk has arrived. Pressed before that — with the page itself interactive or not yet — the press is kept
 * and made once the part has hydrated: the dialog opens without a second press. Screenshots of the opened dialog go
 * to `test-results/early-press/`.
 */
import { describe, expect, it } from 'vitest';
import { apiSignIn, createListing } from '../buy-helpers.js';
import { browserAvailable, holdRequests, interactive, screenshot, signedInPage, useBrowser } from '../helpers.js';

const SHOTS = 'test-results/early-press';

describe.runIf(browserAvailable())('a press before the code has arrived', () => {
  const browser = useBrowser(SHOTS);

  it('on an interactive page, a press on a part whose chunk is still on its way opens the dialog once it arrives (1440 px)', async () => {
    const listing = await createListing(await apiSignIn());
    const page = await signedInPage(browser(), await apiSignIn(), 1440);
    const chunk = await holdRequests(page, (u) => /^\/assets\/contact-seller-[^/]+\.js$/.test(u.pathname));
    await page.goto(`/product/${listing.slug}`);
    await interactive(page);
    await expect.poll(() => chunk.held()).toBeGreaterThan(0);

    await page.getByTestId('offer-price').click();
    const dialog = page.getByRole('dialog', { name: 'Предложить цену' });
    expect(await dialog.count()).toBe(0);

    chunk.release();
    await dialog.waitFor();
    await dialog.getByLabel('Ваша цена, ₽').waitFor();
    await screenshot(page, `${SHOTS}/after-chunk-1440.png`);
    await page.close();
  });

  it('a press before the page is interactive opens the dialog once the page and the part have hydrated (360 px)', async () => {
    const listing = await createListing(await apiSignIn());
    const page = await signedInPage(browser(), await apiSignIn(), 360);
    const scripts = await holdRequests(page, (u) => /^\/assets\/.+\.js$/.test(u.pathname));
    await page.goto(`/product/${listing.slug}`, { waitUntil: 'domcontentloaded' });

    await page.getByTestId('offer-price').click();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    scripts.release();
    await interactive(page);
    const dialog = page.getByRole('dialog', { name: 'Предложить цену' });
    await dialog.getByLabel('Ваша цена, ₽').waitFor();
    await screenshot(page, `${SHOTS}/before-hydration-360.png`);
    await page.close();
  });
});
