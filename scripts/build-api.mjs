// Compiles the API to JavaScript (`npm run build:api`, and `npm start` through ensure-build.mjs): the shared contract to
// packages/contract/dist and the API to apps/api/dist with tsc, plus the SQL migrations beside the compiled database
// client. The compiled server runs with `node --conditions=compiled apps/api/dist/server.js`: the condition makes
// `@vitrina/contract/*` resolve to the compiled contract (tsx, Vite and tsc keep reading its TypeScript sources).
// tsc emits without checking types (`--noCheck`, decision 0192): `npm test` checks them (`tsc -p apps/api`,
// `tsc -p packages/contract`), and the emitted files are the same byte for byte (`isolatedModules`).
import { cpSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

for (const project of ['packages/contract', 'apps/api']) {
  rmSync(path.join(root, project, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(root, project, 'tsconfig.build.json'), '--noCheck'], {
    stdio: 'inherit',
  });
}
cpSync(path.join(root, 'apps/api/src/db/migrations'), path.join(root, 'apps/api/dist/db/migrations'), {
  recursive: true,
});
