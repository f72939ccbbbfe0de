/**
 * The shop's own light components (apps/web/app/shared/ui/light-*.tsx, the sort select, the size chips, the details
 * table) are drawn by CSS modules on Mantine's public CSS variables, not by Mantine's hashed classes: in the browser
 * they look like the Mantine components they stand for. Where the same page has the Mantine component itself (the
 * phone's filter drawer: `<Button variant="default">`), the computed styles are compared with it; the selects (sort,
 * and the drawer's category on the same CSS module) with the numbers of Mantine's `<NativeSelect size="sm">`.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserAvailable, hydrated, newPage, useBrowser } from '../helpers.js';

/** The computed properties a look is made of. */
const look = (el: Locator, props: string[]) =>
  el.evaluate((e, names) => {
    const cs = getComputedStyle(e);
    return Object.fromEntries(names.map((n) => [n, cs.getPropertyValue(n)]));
  }, props);

const BOX = ['height', 'border-top-width', 'border-top-style', 'border-top-color', 'border-top-left-radius'];
const TEXT = ['font-size', 'font-weight', 'color', 'background-color'];

describe.runIf(browserAvailable())('own components in Mantine’s look', () => {
  const browser = useBrowser();

  it('the sort select and «Фильтры» look like Mantine’s NativeSelect and the drawer’s Button (360 px)', async () => {
    const { page, context } = await newPage(browser(), 360);
    await page.goto('/catalog/women');
    await hydrated(page);
    const sort = page.getByRole('combobox', { name: 'Сортировка' });
    const filters = page.getByRole('button', { name: /^Фильтры/ });
    const sortLook = await look(sort, [...BOX, ...TEXT, 'padding-left']);
    const filtersLook = await look(filters, [...BOX, ...TEXT]);
    expect(sortLook).toMatchObject({ height: '36px', 'border-top-width': '1px', 'border-top-left-radius': '8px' });

    await filters.click();
    const drawer = page.getByRole('dialog', { name: 'Фильтры' });
    const category = drawer.getByRole('combobox', { name: 'Категория' });
    await category.waitFor();
    expect(await look(category, [...BOX, ...TEXT, 'padding-left'])).toEqual(sortLook);
    // «Фильтры» is 44 px high (a main action on a phone); otherwise the look of Mantine's default Button.
    const reset = drawer.getByRole('button', { name: 'Сбросить' });
    expect({ ...(await look(reset, [...BOX, ...TEXT])), height: '44px' }).toEqual(filtersLook);
    await context.close();
  });

  it('the header’s burger, icons and cart count; the size chips and details table (360 and 1440 px)', async () => {
    const { page, context } = await newPage(browser(), 360);
    await page.goto('/catalog/women');
    await hydrated(page);
    const burger = page.getByRole('button', { name: 'Каталог', exact: true });
    expect(await burger.boundingBox()).toMatchObject({ width: 44, height: 44 });
    // The burger's three lines: 18 px wide, 1.5 px thick, in the theme's black (#111).
    expect(await look(burger.locator('div'), ['width', 'height', 'background-color'])).toEqual({
      width: '18px',
      height: '1.5px',
      'background-color': 'rgb(17, 17, 17)',
    });
    const cart = page.getByTestId('header-cart');
    expect(await cart.boundingBox()).toMatchObject({ width: 44, height: 44 });

    // A product with sizes: «В корзину» puts the count on the cart icon.
    await page.locator('[data-testid="product-card"]').first().click();
    await page.getByRole('button', { name: 'В корзину' }).first().waitFor();
    const chips = page.getByRole('radiogroup').locator('label');
    if (await chips.count()) {
      const chip = chips.first();
      expect(await look(chip, [...BOX, 'font-size', 'background-color'])).toMatchObject({
        height: '28px',
        'border-top-width': '1px',
        'border-top-left-radius': '4px',
        'font-size': '14px',
        'background-color': 'rgb(255, 255, 255)',
      });
      await chip.click();
      expect(await look(chip, ['border-top-color'])).toEqual({ 'border-top-color': 'rgb(17, 17, 17)' });
    }
    const th = page.locator('table th').first();
    expect(await look(th, ['width', 'font-size', 'font-weight', 'padding-left'])).toEqual({
      width: '120px',
      'font-size': '14px',
      'font-weight': '400',
      'padding-left': '0px',
    });
    await page.getByRole('button', { name: 'В корзину' }).first().click();
    const count = cart.locator('xpath=..').getByText('1', { exact: true });
    await count.waitFor();
    expect(await look(count, ['height', 'font-size', 'font-weight', 'color'])).toEqual({
      height: '18px',
      'font-size': '11px',
      'font-weight': '700',
      color: 'rgb(255, 255, 255)',
    });
    // In the theme's coral 7, as `<Indicator color="coral.7">`.
    const coral = await count.evaluate((el) => {
      const probe = document.createElement('i');
      probe.style.backgroundColor = 'var(--mantine-color-coral-7)';
      document.body.append(probe);
      const want = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return { want, got: getComputedStyle(el).backgroundColor };
    });
    expect(coral.got).toBe(coral.want);
    await context.close();

    const wide = await newPage(browser(), 1440);
    await wide.page.goto('/');
    await hydrated(wide.page);
    await expect(wide.page.getByRole('button', { name: 'Каталог', exact: true }).isVisible()).resolves.toBe(false);
    expect(await wide.page.getByTestId('header-cart').boundingBox()).toMatchObject({ width: 40, height: 40 });
    await wide.context.close();
  });
});
