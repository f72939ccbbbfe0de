/**
 * For tests of the light components (Mantine's look without its code): checks that Mantine's hashed
 * class names (`m_…`) they copy still exist in @mantine/core/styles.css.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';

/**
 * Expects `count` hashed class names among `classes`' values, each defined in Mantine's stylesheet.
 * @param classes class strings as the component writes them (`'m_77c9d27d mantine-Button-root …'`)
 */
export function expectMantineClasses(classes: Record<string, string>, count: number) {
  const css = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
  const hashed = Object.values(classes)
    .flatMap((c) => c.split(' '))
    .filter((c) => /^m_[0-9a-f]{7,8}$/.test(c));
  expect(hashed.length).toBe(count);
  for (const c of hashed) expect(css).toContain(`.${c}`);
}
