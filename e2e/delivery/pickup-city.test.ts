/**
 * The pickup-point dialog finds the visitor's own city on a 360 px phone: typing replaces the city shown (it was
 * appended to «Москва»), regional centres beyond the ten biggest cities have points, the ✕ clears the city to search
 * an address in every city, and the service chips all fit on the screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn } from '../buy-helpers.js';
import { browserAvailable, settled, signedInPage, useBrowser } from '../helpers.js';

/** The addresses of the points listed in the open dialog, once the list shows points of `city` (or any). */
async function listedAddresses(page: Page, city?: string): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Пункт выдачи' });
  const points = dialog.getByTestId('pickup-point');
  if (city)
    await points
      .filter({ hasText: `г. ${city},` })
      .first()
      .waitFor();
  else await points.first().waitFor();
  return points.allTextContents();
}

describe.runIf(browserAvailable())('pickup-point dialog', () => {
  const browser = useBrowser();

  it('finds Kazan by «Каз», Tambov too, an address in every city after ✕, and fits its chips (360 px)', async () => {
    const page = await signedInPage(browser(), await apiSignIn(), 360);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Добавить пункт выдачи' }).click();
    const dialog = page.getByRole('dialog', { name: 'Пункт выдачи' });
    await settled(dialog);
    await listedAddresses(page, 'Москва');

    const city = dialog.getByLabel('Город', { exact: true });
    await city.click();
    await city.pressSequentially('Каз', { delay: 30 });
    await expect(city.inputValue()).resolves.toBe('Каз');
    await page.getByRole('option', { name: 'Казань' }).click();
    expect((await listedAddresses(page, 'Казань')).every((a) => a.includes('г. Казань,'))).toBe(true);

    await city.click();
    await city.pressSequentially('Тамб', { delay: 30 });
    await page.getByRole('option', { name: 'Тамбов' }).click();
    expect((await listedAddresses(page, 'Тамбов')).length).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Очистить город' }).click();
    await expect(city.inputValue()).resolves.toBe('');
    await dialog.getByLabel('Адрес или название', { exact: true }).fill('Гагарина');
    // The list passes through the last city's points with that address and a loading state before the answer for
    // every city arrives: read it until it holds that answer.
    const citiesListed = async () => {
      const addresses = await dialog.getByTestId('pickup-point').allTextContents();
      return new Set(addresses.filter((a) => a.includes('Гагарина')).map((a) => /г\. ([^,]+),/.exec(a)?.[1])).size;
    };
    await expect.poll(citiesListed).toBeGreaterThan(3);
    await dialog.getByRole('button', { name: 'Очистить адрес' }).click();
    await expect(dialog.getByLabel('Адрес или название', { exact: true }).inputValue()).resolves.toBe('');

    const chips = dialog.getByRole('group', { name: 'Служба доставки' }).locator('label');
    expect(await chips.count()).toBe(6);
    for (const box of await chips.evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect().toJSON() as DOMRect)))
      expect(box.right).toBeLessThanOrEqual(360);
  });
});
