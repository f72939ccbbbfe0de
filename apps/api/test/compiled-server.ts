/**
 * The compiled server (`npm start`'s `node --conditions=compiled apps/api/dist/server.js`) for tests that start it
 * as a process: {@link ensureCompiledServer} builds it when missing or older than its sources
 * (scripts/ensure-build.mjs --api), once for all test files running in parallel (a lock directory).
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/** Node's arguments that run the compiled server (without the server's own flags). */
export const COMPILED_SERVER_ARGS = ['--conditions=compiled', 'apps/api/dist/server.js'];

const lockDir = path.join(
  os.tmpdir(),
  `vitrina-build-${createHash('sha1').update(root).digest('hex').slice(0, 12)}.lock`,
);

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds apps/api/dist unless it is up to date. Blocks while another test file builds it.
 * @throws Error when the build fails (tsc's messages on stderr)
 */
export function ensureCompiledServer(): void {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // A lock left by a killed run (older than 5 minutes) is taken over.
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) rmSync(lockDir, { recursive: true, force: true });
      else sleep(200);
    }
  }
  try {
    execFileSync(process.execPath, ['scripts/ensure-build.mjs', '--api'], { cwd: root, stdio: 'inherit' });
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Runs `npm run --silent <script> -- <args>` at the repository's root as a person types it (the command-line tools
 * run compiled, decision 0189: call {@link ensureCompiledServer} first, in a hook with room for a build), with only
 * PATH, HOME and `env` in its environment.
 * @returns the finished process: exit status, stdout and stderr as text; killed after 120 s
 */
export function npmRun(script: string, args: string[], env: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}
