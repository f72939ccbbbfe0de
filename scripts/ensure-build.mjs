// Builds what `npm start` runs when it is missing or older than its sources: the web app (apps/web/build) and the
// compiled API (apps/api/dist with the compiled contract, scripts/build-api.mjs). `--api` checks the API only.
// Each step prints one line with its usual duration; the tools' own output goes to data/build.log
// (scripts/build-steps.mjs).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { runStep } from './build-steps.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
/** Where the build's own output goes (the repository's `data/`, ignored by git). */
const log = path.join(root, 'data/build.log');
let logged = false;
/** Runs a step (scripts/build-steps.mjs), the log holding this run's steps only; exits with 1 if it fails. */
function step(options) {
  if (!logged) rmSync(log, { force: true });
  logged = true;
  if (!runStep({ ...options, log })) process.exit(1);
}
const api = path.join(root, 'apps/api');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'build' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** Whether `marker` is missing or older than any file under `sources` (or the files named). */
function stale(marker, sources) {
  if (!existsSync(marker)) return true;
  const t = Math.max(...sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)));
  return statSync(marker).mtimeMs < t;
}

const contract = path.join(root, 'packages/contract');
const contractSources = [path.join(contract, 'src'), path.join(contract, 'package.json')];
if (
  !process.argv.includes('--api') &&
  stale(path.join(web, 'build/server/index.js'), [
    path.join(web, 'app'),
    path.join(web, 'public'),
    ...['vite.config.ts', 'react-router.config.ts', 'postcss.config.cjs', 'package.json'].map((f) => path.join(web, f)),
    ...contractSources,
  ])
) {
  step({
    title: 'собираю сайт',
    expected: '1–3 мин при первом запуске',
    cmd: process.execPath,
    args: [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'],
    cwd: web,
    // A production build whoever asks: under a test runner NODE_ENV is `test`, and React would build for development.
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
if (
  stale(path.join(api, 'dist/server.js'), [
    path.join(api, 'src'),
    path.join(api, 'tsconfig.build.json'),
    ...contractSources,
  ])
) {
  step({
    title: 'компилирую сервер',
    expected: '20–60 с',
    cmd: process.execPath,
    args: [path.join(root, 'scripts/build-api.mjs')],
    cwd: root,
  });
}
