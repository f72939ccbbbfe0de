// `npm test`: type check, lint, unit + API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// web build, browser tests. A suite that cannot run is reported as skipped — and with CI=true that
// fails the run. Ends with one line «N passed, N failed».
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import path from 'node:path';
import { chromiumPath } from './chromium-path.mjs';
import { scratchRoot } from './scratch-dir.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = chromiumPath();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vitrina-npm-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
/** The failed tests of every suite, «file › test: first line of the error», printed last (CI shows the tail). */
const failures = [];
/**
 * The tests that passed only on a retry, «file › test: first line of the first attempt's error» (vitest keeps a
 * retried test's earlier errors in its JSON report): a flaky test's cause, printed before the summary.
 */
const retried = [];

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) problems.push(`${title}: код ${r.status}`);
  return r.status === 0;
}

/** Runs vitest on `projects`, printing as it goes, and adds its JSON report to the counts. Resolves when it has ended. */
async function vitest(title, projects, env = {}) {
  const out = path.join(tmp, `${projects.join('-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const child = spawn('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const code = await new Promise((resolve) => child.on('close', resolve));
  console.log(`\n◀ ${title}: ${Math.round((Date.now() - started) / 1000)} с`);
  if (code !== 0) problems.push(`${title}: код ${code}`);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (r.numFailedTestSuites && !r.numFailedTests) failed += r.numFailedTestSuites;
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      for (const t of file.assertionResults ?? [])
        if (t.status === 'passed' && t.failureMessages?.length)
          retried.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
      if (!failedTests.length && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
    }
  } else failed += 1;
}

/** The first non-empty line of an error text, at most 300 characters, without terminal colours. */
function firstLine(text) {
  const line =
    stripVTControlCharacters(text ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

function skip(what, why) {
  const msg = `ПРОПУЩЕНО: ${what} — ${why}`;
  console.log(`\n⚠ ${msg}`);
  if (ci) problems.push(`${msg} (в CI пропуск запрещён)`);
}

const step = (ok) => {
  if (!ok) failed += 1;
};

/**
 * Runs independent checks two at a time (the CI machine has 2 cores; each check is one busy process), each
 * one's output printed whole when it ends, in the order given. Resolves to whether each passed.
 */
async function runParallel(checks, concurrency = 2) {
  const results = new Array(checks.length);
  let next = 0;
  let printed = 0;
  const flush = () => {
    while (printed < checks.length && results[printed]) {
      const { title, output, code } = results[printed];
      console.log(`\n▶ ${title}`);
      if (output) process.stdout.write(output);
      if (code !== 0) problems.push(`${title}: код ${code}`);
      printed += 1;
    }
  };
  const worker = async () => {
    while (next < checks.length) {
      const i = next++;
      const [title, cmd, args] = checks[i];
      const child = spawn(cmd, args, { cwd: root, env: process.env });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const code = await new Promise((resolve) => child.on('close', resolve));
      results[i] = { title, output, code };
      flush();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results.map((r) => r.code === 0);
}

// Route types first: the web's type check and the linter read them.
step(run('Типы маршрутов (web)', 'npm', ['run', 'typegen', '-w', 'apps/web']));
// The web and the server are built (what is stale) before the API tests: apps/api/test/web/page-cache.test.ts serves the
// built pages, and the start-up tests run the compiled server as `npm start` does. The build reads only the sources and
// writes only build/ and dist/ (which the checks ignore), so it runs beside the checks, first as the longest.
for (const ok of await runParallel([
  ['Сборка сайта и сервера (что устарело)', 'node', ['scripts/ensure-build.mjs']],
  ['Проверка типов (api)', 'npx', ['tsc', '-p', 'apps/api']],
  ['Проверка типов (web)', 'npx', ['tsc', '-p', 'apps/web']],
  ['Линтер', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['Форматирование (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  ['Проверка типов (contract)', 'npx', ['tsc', '-p', 'packages/contract']],
  ['Границы модулей и циклы (dependency-cruiser)', 'npm', ['run', 'boundaries', '--silent']],
  // The web's API types (apps/web/app/shared/api/schema.d.ts) match the server's OpenAPI document.
  ['Типы API по документу OpenAPI актуальны', 'npx', ['tsx', 'scripts/openapi-types.ts', '--check']],
]))
  step(ok);

const projects = ['unit', 'api'];
if (process.env.TEST_DATABASE_URL) projects.push('api-pg');
else
  skip('API-тесты на PostgreSQL (и тесты гонок *.race.test.ts, которые идут только там)', 'не задан TEST_DATABASE_URL');
// The unit and API tests first, then the browser tests, one suite at a time (decision 0110): each keeps both cores
// busy on the 2-core machine (two API workers; two browser-test workers, each with its own server and Chromium), so
// side by side they only crowded each other — 47–52 min against 15 + 18 min one after the other, measured on the
// same machine (2026-11-30).
/**
 * The unit and API tests' temporary directory (their TMPDIR): on a RAM file system when there is one
 * (scripts/scratch-dir.mjs, decision 0191), made just before they start and removed as soon as they end — what a test
 * left there (a failed test's database copy) is not held in RAM during the browser tests. The seeded images' cache
 * stays where a run without this script keeps it (apps/api/src/seed/images.ts), so that later runs reuse it.
 */
const apiScratch = {
  TMPDIR: mkdtempSync(path.join(scratchRoot(), 'vitrina-scratch-')),
  VITRINA_SEED_CACHE: process.env.VITRINA_SEED_CACHE || path.join(os.tmpdir(), 'vitrina-seed-cache'),
};
try {
  await vitest('Модульные и API-тесты', projects, apiScratch);
} finally {
  rmSync(apiScratch.TMPDIR, { recursive: true, force: true });
}
if (existsSync(chromium)) await vitest('Браузерные тесты', ['e2e'], { CHROMIUM_PATH: chromium, E2E_WORKERS: '2' });
else
  skip('браузерные тесты', `не найден Chromium (${chromium}); установите: apt-get install -y chromium-headless-shell`);

rmSync(tmp, { recursive: true, force: true });
if (skipped && ci) problems.push(`пропущено тестов: ${skipped}`);
if (retried.length) console.log(`\nПрошли только при повторе:\n${retried.map((f) => `  - ${f}`).join('\n')}`);
if (failures.length) console.log(`\nУпавшие тесты:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
if (problems.length) console.log(`\nПроблемы:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length || failed ? 1 : 0);
