/**
 * Frameworks through their public API only (docs/decisions/0010-render-on-public-paths.md): no source file in
 * apps/ or packages/ names an `UNSAFE_*` export, nor imports a path of `react-router`, `react-dom` or `@mantine/*`
 * other than their documented entry points — a private path or an unsafe name can change in any release, and an
 * upgrade would then break the site silently.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(?:[cm]?[jt]sx?|css)$/;
const SKIP = new Set(['node_modules', 'build', 'dist', '.react-router', 'coverage']);

/** Every source file (scripts, styles) under `dir`, relative to the repository's root. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP.has(entry.name)) out.push(...sources(rel));
    } else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The documented entry points of the guarded packages (a Vite query such as `?url` aside). */
const PUBLIC_PATHS: [RegExp, RegExp][] = [
  [/^react-router(?:\/|$)/, /^react-router(?:\/dom)?$/],
  [/^react-dom(?:\/|$)/, /^react-dom(?:\/(?:client|server|static)(?:\.(?:node|browser|edge))?)?$/],
  [/^@mantine\//, /^@mantine\/[a-z-]+(?:\/styles(?:\.layer)?\.css|\/styles\/[A-Za-z-]+(?:\.layer)?\.css)?$/],
];

/** The module specifiers a file imports (static, dynamic, `export … from`, `require`, CSS `@import`). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /(?<!@)\bimport\s*['"]([^'"]+)['"]/g,
    /\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g,
    /@import\s+(?:url\()?['"]([^'"]+)['"]/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]!);
  return found;
}

/** What is wrong with one import specifier; null when it is allowed. */
export function privateImport(specifier: string): string | null {
  const bare = specifier.split('?')[0]!;
  if (/node_modules\/(?:react-router|react-dom|@mantine)\b/.test(bare)) return specifier;
  for (const [guarded, allowed] of PUBLIC_PATHS) if (guarded.test(bare) && !allowed.test(bare)) return specifier;
  return null;
}

describe('frameworks through their public API', () => {
  it('knows a private path from a documented one', () => {
    for (const ok of [
      'react-router',
      'react-router/dom',
      'react-dom/server',
      'react-dom/client',
      '@mantine/core',
      '@mantine/core/styles.css',
      '@mantine/core/styles/Button.css',
      '@mantine/core/styles/default-css-variables.css',
      '@mantine/dates/styles.css?url',
    ])
      expect(privateImport(ok), ok).toBeNull();
    for (const bad of [
      'react-router/dist/development/index.mjs',
      'react-dom/server.node.js',
      'react-dom/cjs/react-dom-server.node.production.js',
      '@mantine/core/esm/core/MantineProvider/MantineProvider.mjs',
      '../../node_modules/react-router/dist/index.js',
    ])
      expect(privateImport(bad), bad).toBe(bad);
    expect(
      specifiers(`import { a } from 'x';\nimport 'y';\nexport * from "z";\nawait import('w');\n@import 'v';`),
    ).toEqual(['x', 'z', 'y', 'w', 'v']);
  });

  it('has no UNSAFE_ name and no private path of react-router, react-dom or @mantine/* in apps/ and packages/', () => {
    const offences: string[] = [];
    for (const file of [...sources('apps'), ...sources('packages')]) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/\bUNSAFE_\w+/g)) offences.push(`${file}: ${m[0]}`);
      for (const s of specifiers(text)) if (privateImport(s)) offences.push(`${file}: ${s}`);
    }
    expect(offences).toEqual([]);
  });
});
