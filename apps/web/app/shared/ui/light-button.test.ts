import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ACTION_ICON_CLASSES, BUTTON_CLASSES } from './light-button';

describe('LightButton', () => {
  it("uses class names Mantine's stylesheet still defines", () => {
    const require = createRequire(import.meta.url);
    const css = readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8');
    const hashed = [...Object.values(BUTTON_CLASSES), ...Object.values(ACTION_ICON_CLASSES)]
      .flatMap((c) => c.split(' '))
      .filter((c) => /^m_[0-9a-f]{8}$/.test(c));
    expect(hashed.length).toBe(7);
    for (const c of hashed) expect(css).toContain(`.${c}`);
  });
});
