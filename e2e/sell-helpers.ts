/** Shared steps of the selling browser tests (sell.test.ts, dead-ends.test.ts): photos and Mantine selects. */
import sharp from 'sharp';
import type { Page } from 'playwright-core';

/** A JPEG file for `setInputFiles`, `w`×`h` px of one colour. */
export const photo = async (name: string, color: string, w = 900, h = 1200) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer(),
});

/** Picks an option of a Mantine Select/MultiSelect found by its label. */
export async function choose(page: Page, label: string, option: string | RegExp, type?: string) {
  const input = page.locator('input').and(page.getByLabel(label, { exact: true }));
  await input.click();
  if (type) await input.fill(type);
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}
