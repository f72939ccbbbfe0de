/**
 * axe's landmark and role rules that its WCAG tags leave out (1440 px; e2e/a11y.test.ts runs the WCAG ones
 * everywhere): one `banner` on a page also while a dialog is open (a dialog's title bar is no second banner),
 * landmarks with unique names on /brands, and no link given the role of a list item (the home page's compilations).
 */
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, hydrated, newPage, settled, useBrowser } from '../helpers.js';

const RULES = ['landmark-no-duplicate-banner', 'landmark-unique', 'aria-allowed-role', 'landmark-one-main'];

async function violations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(
    (rules) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'rule', values: rules },
        resultTypes: ['violations'],
      }),
    RULES,
  );
  return result.violations.map(
    (v) =>
      `${where}: ${v.id} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

describe.runIf(browserAvailable())('axe: landmarks and roles', () => {
  const browser = useBrowser();

  it('the home page, /brands and an open dialog have one banner, unique landmarks and allowed roles', async () => {
    const { page } = await newPage(browser(), 1440);
    await page.goto('/');
    await hydrated(page);
    await page.locator('a[href^="/catalog/compilation/"]').first().waitFor();
    const found = await violations(page, '/');
    await page.goto('/brands');
    found.push(...(await violations(page, '/brands')));
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await settled(page.getByRole('dialog', { name: 'Вход' }));
    found.push(...(await violations(page, 'sign-in dialog')));
    expect(found).toEqual([]);
  });
});
