// Builds what `npm start` runs when it is missing or older than its sources: the web app (apps/web/build) and the
// compiled API (apps/api/dist with the compiled contract, scripts/build-api.mjs). `--api` checks the API only.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execFileSync, execSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
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
  stale(path.join(web, 'build/server/index.js'), [path.join(web, 'app'), path.join(web, 'public'), ...contractSources])
) {
  console.log('Витрина: собираю сайт…');
  // A production build whoever asks: under a test runner NODE_ENV is `test`, and React would build for development.
  execSync('npm run build -w apps/web', {
    cwd: root,
    stdio: 'inherit',
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
  console.log('Витрина: компилирую сервер…');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], { cwd: root, stdio: 'inherit' });
}
