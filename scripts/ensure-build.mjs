// Builds the web app when its build is missing or older than its sources (used by `npm start`).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const marker = path.join(web, 'build/server/index.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'build' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(
  newest(path.join(web, 'app')),
  newest(path.join(web, 'public')),
  newest(path.join(root, 'packages/contract/src')),
);
if (!existsSync(marker) || statSync(marker).mtimeMs < sources) {
  console.log('Витрина: собираю сайт…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
