/**
 * Starts the built shop for the browser tests, as `npm start` does: what is missing or stale is built
 * (scripts/ensure-build.mjs: the site and the compiled server), then one compiled server per test worker (the e2e
 * project's `maxWorkers`, vitest.config.ts), each with its own fresh data dir and so its own database, the demo
 * catalog seeded by the real generator (smaller than the default for speed), a free port. Test files run two at
 * a time, each against its worker's server (`baseURL()` in e2e/helpers.ts): a file that moves the development
 * clock or changes seeded data does so only on its own server, and files on one server run one after another as
 * before (decision 0110). Provides `baseURLs` (one per worker) and `staffPhone`.
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

interface Server {
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * Starts one compiled server on a free port with a fresh data dir; resolves once `/readyz` answers, at most 300 s
 * (two servers seeding at once took about 115 s on a 2-core machine at load 30).
 */
async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-e2e-'));
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
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`сервер завершился с кодом ${child.exitCode}`);
    }
    try {
      const r = await fetch(`${baseURL}/readyz`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() - started > 300_000) {
      await stop();
      throw new Error('сервер не поднялся за 300 с');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseURL, stop };
}

export default async function setup(project: TestProject) {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  const count = Math.max(1, project.config.maxWorkers);
  const results = await Promise.allSettled(Array.from({ length: count }, () => startServer()));
  const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'baseURLs',
    servers.map((s) => s.baseURL),
  );
  project.provide('staffPhone', E2E_STAFF_PHONE);
  return stopAll;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker: worker `VITEST_POOL_ID` n uses the n-th (e2e/helpers.ts `baseURL()`). */
    baseURLs: string[];
    staffPhone: string;
  }
}
