/**
 * The back office's reports queue in a real browser: a person reports a listing; staff sign in, open
 * `/admin/reports`, block the listing from the queue with a reason (the row leaves the queue, the listing's public
 * answer is 404, the audit log shows `product.block`); a non-staff person gets the 404 page at `/admin/reports`.
 * Screenshots at 1440 and 360 px go to test-results/admin.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { allowPageProblem, baseURL, browserAvailable, launch, screenshot, signedInPage } from '../helpers.js';
import { apiSignIn, createListing, post } from '../buy-helpers.js';

const SHOTS = 'test-results/admin';

describe.runIf(browserAvailable())('admin reports', () => {
  let browser: Browser;
  let staffToken: string;
  beforeAll(async () => {
    staffToken = await apiSignIn(inject('staffPhone'));
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
  });
  afterAll(() => browser?.close());

  for (const width of [1440, 360] as const)
    it(`staff block a reported listing from the queue; others get the 404 page (${width} px)`, async () => {
      const seller = await apiSignIn();
      const reporter = await apiSignIn();
      const listing = await createListing(seller);
      const pub = await fetch(`${baseURL()}/v1/public/products/${listing.slug}/`);
      const { id } = (await pub.json()) as { id: number };
      await post(`/v1/products/${id}/report/`, { reason: 'counterfeit', text: 'Швы кривые, бирка не та' }, reporter);

      const other = await signedInPage(browser, reporter, width);
      allowPageProblem(other, /status of 403/, 'a non-staff person opens the staff screen: the API refuses');
      await other.goto('/admin/reports');
      await other.getByText('Страница не найдена').waitFor();

      const staff = await signedInPage(browser, staffToken, width);
      await staff.goto('/admin/reports');
      const row = staff.getByTestId('report-case').filter({ hasText: listing.title });
      await row.getByText('Швы кривые, бирка не та', { exact: false }).waitFor();
      await screenshot(staff, `${SHOTS}/reports-${width}.png`, { fullPage: true });
      await row.getByRole('button', { name: 'Заблокировать' }).click();
      const dialog = staff.getByRole('dialog', { name: `Заблокировать «${listing.title}»` });
      await dialog.getByLabel('Причина').fill('Подделка: бирка не совпадает');
      await screenshot(staff, `${SHOTS}/block-dialog-${width}.png`);
      await dialog.getByRole('button', { name: 'Заблокировать' }).click();
      await row.waitFor({ state: 'detached' });
      expect((await fetch(`${baseURL()}/v1/public/products/${listing.slug}/`)).status).toBe(404);

      await staff.goto(`/admin/audit?action=product.block&object_id=${id}`);
      await staff.getByTestId('audit-row').filter({ hasText: 'Подделка: бирка не совпадает' }).waitFor();
      await screenshot(staff, `${SHOTS}/audit-${width}.png`, { fullPage: true });
      await staff.goto(`/admin/products?q=%23${id}`);
      await staff.getByTestId('admin-product').filter({ hasText: 'Заблокировано' }).waitFor();
      await screenshot(staff, `${SHOTS}/products-${width}.png`, { fullPage: true });
      await staff.goto('/admin/users');
      await staff.getByTestId('admin-user').first().getByRole('link').click();
      await staff.getByTestId('admin-user-card').getByRole('button', { name: 'Закрыть' }).waitFor();
      await screenshot(staff, `${SHOTS}/users-${width}.png`, { fullPage: true });
    }, 240_000);
});
