/**
 * The real server (`apps/api/src/server.ts --api-only`, through tsx; or compiled, as `npm start` runs it) as a child
 * process, for the SIGKILL tests and the production-start tests: started on a given PostgreSQL database, optionally with `VITRINA_CRASH_AT` naming the crash point
 * where it kills itself (lib/crash-points.ts), and a small HTTP client for its API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COMPILED_SERVER_ARGS, ensureCompiledServer } from './compiled-server.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Resolves when the process ended: its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it printed (for failure messages). */
  output: () => string;
  /** Ends it (SIGTERM) if it still runs, and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts the server on `databaseUrl` and waits until `/healthz` answers.
 * @param crashAt the crash point it dies at (`VITRINA_CRASH_AT`), or none
 * @param extraEnv more environment (e.g. `TESTGATEWAY_WEBHOOK_URL`)
 * @param opts.compiled run apps/api/dist (built first when stale) instead of the TypeScript sources
 * @param opts.upWithinMs how long it may take to come up (default 90 s)
 * @throws Error when it exits or is not up within `upWithinMs`
 */
export async function startServer(
  databaseUrl: string,
  crashAt?: string,
  extraEnv: Record<string, string> = {},
  opts: { compiled?: boolean; upWithinMs?: number } = {},
): Promise<ServerProcess> {
  if (opts.compiled) ensureCompiledServer();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-crash-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    // Jobs run when the test moves the clock (`POST /v1/dev/clock/`); polling (rare) only queues the recurring
    // ones (reconciliation of pending payments, the expiry sweep) at start.
    JOBS_POLL_MS: '60000',
  };
  delete env.VITRINA_CRASH_AT;
  delete env.TESTGATEWAY_WEBHOOK_URL;
  if (crashAt) env.VITRINA_CRASH_AT = crashAt;
  Object.assign(env, extraEnv);
  const args = opts.compiled ? COMPILED_SERVER_ARGS : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, [...args, '--api-only'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.upWithinMs ?? 90_000);
  for (;;) {
    if (gone) throw new Error(`server exited before it was up:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not up in time:\n${out}`);
    }
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    child,
    exited,
    output: () => out,
    async stop() {
      if (!gone) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON over HTTP to a server process; a dropped connection (the server died) rejects. */
export async function call(
  base: string,
  method: string,
  url: string,
  opts: { json?: unknown; form?: FormData; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Token ${opts.token}` } : {}),
      ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
