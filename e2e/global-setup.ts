/**
 * Starts the built shop once for the browser tests, as `npm start` does: what is missing or stale is built
 * (scripts/ensure-build.mjs: the site and the compiled server), then the compiled server runs with a fresh data
 * dir, the demo catalog seeded by the real generator (smaller than the default for speed), a free port. Provides
 * `baseURL`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');
/** A number made staff by the server's `STAFF_PHONES` (provided to the tests as `staffPhone`). */
const E2E_STAFF_PHONE = '+79990007711';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-'));
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  const child: ChildProcess = spawn(process.execPath, ['--conditions=compiled', 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PRODUCTS: '120',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SMS_IP_LIMIT: '1000',
      // Every page a signed-in test opens connects the notifications socket, all from 127.0.0.1.
      WS_CONNECTS_PER_MINUTE: '100000',
      // Browser tests read a change at once; the micro-cache is tested in apps/api/test/page-cache.test.ts.
      PUBLIC_CACHE_MS: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The staff number of the disputes test (e2e/orders/claims.test.ts).
      STAFF_PHONES: E2E_STAFF_PHONE,
      // The footer's «Документы» and the FAQ name the support address when one is configured.
      SUPPORT_EMAIL: 'help@vitrina.test',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`сервер завершился с кодом ${child.exitCode}`);
    try {
      const r = await fetch(`${baseURL}/readyz`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 170_000) throw new Error('сервер не поднялся за 170 с');
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseURL', baseURL);
  project.provide('staffPhone', E2E_STAFF_PHONE);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    staffPhone: string;
  }
}
