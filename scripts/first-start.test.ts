/**
 * `npm start` on a fresh clone (README «Быстрый старт»): `npm ci` on Node 20 warns of no package wanting a newer
 * Node (EBADENGINE), the build prints one line per step with the tools' output in a log file, and React Router's
 * build names no future flag left undecided.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStep } from './build-steps.mjs';
import routerConfig from '../apps/web/react-router.config.ts';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const semver = require('semver') as {
  satisfies(v: string, range: string): boolean;
  minVersion(r: string): { version: string };
};

describe('first start', () => {
  it('every locked package runs on the oldest Node the root package.json allows', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = semver.minVersion(pkg.engines.node).version;
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });

  it('decides every React Router future flag its build warns about', () => {
    // Read as text (not imported): the list of flags the plugin checks, whatever its version.
    const dir = path.dirname(require.resolve('@react-router/dev/package.json'));
    const plugin = readFileSync(path.join(dir, 'dist/vite.js'), 'utf8');
    const warned = [...plugin.matchAll(/future\.(v8_\w+) === void 0/g)].map((m) => m[1]!);
    expect(warned.length).toBeGreaterThan(0);
    const future = (routerConfig.future ?? {}) as Record<string, boolean | undefined>;
    expect(warned.filter((flag) => future[flag] === undefined)).toEqual([]);
  });

  it('prints one line per build step and keeps what the tools print in the log', () => {
    const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'vitrina-steps-')), 'build.log');
    const printed: string[] = [];
    const ok = runStep({
      title: 'собираю сайт',
      expected: '1–3 мин',
      cmd: process.execPath,
      args: ['-e', 'for (let i = 0; i < 400; i++) console.log("transforming " + i); console.warn("a warning")'],
      cwd: root,
      log,
      print: (line: string) => printed.push(line),
    });
    expect(ok).toBe(true);
    expect(printed).toHaveLength(2);
    expect(printed[0]).toBe('Витрина: собираю сайт (обычно 1–3 мин)…');
    expect(printed[1]).toMatch(/^ {2}готово за \d+ с$/);
    const text = readFileSync(log, 'utf8');
    expect(text).toContain('transforming 399');
    expect(text).toContain('a warning');

    const failed: string[] = [];
    const bad = runStep({
      title: 'компилирую сервер',
      expected: '20–60 с',
      cmd: process.execPath,
      args: ['-e', 'console.error("src/x.ts(1,1): error TS2304"); process.exit(2)'],
      cwd: root,
      log,
      print: (line: string) => failed.push(line),
    });
    expect(bad).toBe(false);
    expect(failed[1]).toContain('не получилось (код 2)');
    expect(failed[1]).toContain('error TS2304');
    expect(failed[1]).toContain(log);
  });
});
