/**
 * A project check: Mantine is used through its public API only — its components, its provider's documented props
 * and its public CSS variables (`--mantine-color-*`, `--mantine-spacing-*`, …). Its hashed class names (`m_` and
 * seven or eight hex digits, e.g. the Button root's) change with any Mantine release, so none may be written into
 * the source: no component of ours may draw itself with Mantine's private classes (light-button.tsx and the other
 * light components use CSS modules of their own).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const SOURCES = ['apps', 'packages', 'e2e'];
/** Build output, installed packages and tool caches: not source. */
const SKIPPED = new Set(['node_modules', 'build', 'dist', 'coverage']);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|css|json|md|html|svg)$/;
const HASHED = /\bm_[0-9a-f]{7,8}\b/g;

/** Every source file under `dir` (relative to the repository), skipping dot-folders and SKIPPED. */
function* files(dir: string): Generator<string> {
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!e.name.startsWith('.') && !SKIPPED.has(e.name)) yield* files(p);
    } else if (TEXT.test(e.name)) yield p;
  }
}

describe('Mantine through its public API', () => {
  it('no hashed Mantine class name (m_xxxxxxxx) in the source of apps/, packages/ and e2e/', () => {
    const found: string[] = [];
    let scanned = 0;
    for (const dir of SOURCES)
      for (const file of files(dir)) {
        scanned++;
        for (const m of readFileSync(path.join(ROOT, file), 'utf8').matchAll(HASHED)) found.push(`${file}: ${m[0]}`);
      }
    expect(scanned).toBeGreaterThan(500);
    expect(found).toEqual([]);
  });
});
