/**
 * Mantine's styles in the web build are a chosen subset (apps/web/app/shared/ui/mantine-styles.css):
 * every hashed Mantine class (`m_…`) the build's scripts can put on the page and that Mantine styles must be
 * styled by one of the build's stylesheets — the site's one stylesheet or the files loaded with a part (dates,
 * charts). A component added to the code without its stylesheet fails here, not on a customer's screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ASSETS = path.resolve(import.meta.dirname, '../../apps/web/build/client/assets');
const require = createRequire(import.meta.url);
const MANTINE_SHEETS = ['core', 'notifications', 'dates', 'charts'].map((p) =>
  require.resolve(`@mantine/${p}/styles.css`),
);

const classesIn = (text: string, re: RegExp) => new Set([...text.matchAll(re)].map((m) => m[1]!));
const read = (files: string[]) => files.map((f) => readFileSync(f, 'utf8')).join('\n');

describe('Mantine styles in the build', () => {
  it('style every Mantine class the scripts use', () => {
    const files = readdirSync(ASSETS).map((f) => path.join(ASSETS, f));
    const used = classesIn(read(files.filter((f) => f.endsWith('.js'))), /\b(m_[0-9a-f]{8})\b/g);
    const styledByMantine = classesIn(read(MANTINE_SHEETS), /\.(m_[0-9a-f]{8})\b/g);
    const styledByBuild = classesIn(read(files.filter((f) => f.endsWith('.css'))), /\.(m_[0-9a-f]{8})\b/g);
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((c) => styledByMantine.has(c) && !styledByBuild.has(c));
    expect(missing).toEqual([]);
  });
});
