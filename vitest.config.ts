/**
 * Test projects (architecture §5): `unit` (pure logic), `api` (HTTP through app.inject on PGlite),
 * `api-pg` (the same files on PostgreSQL at TEST_DATABASE_URL), `e2e` (Chromium against the built server).
 *
 * RACE TESTS — name them `*.race.test.ts` (e.g. apps/api/test/orders/orders.race.test.ts). A test that fires
 * concurrent requests to prove a lock, a unique index or a limit holds (stock sold once, a webhook applied
 * once, at most N rows, no deadlock) belongs there: PGlite runs one query at a time on the event loop, so on
 * it the requests merely queue up and the test proves nothing. Such files are excluded from `api` and run
 * only in `api-pg` — excluded, not skipped, so the PGlite run reports no skipped tests.
 */
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const RACE_TESTS = 'apps/api/**/*.race.test.ts';
/**
 * A command-line tool run as a person runs it, on its own PGlite directory (`DATA_DIR`): once is enough, so
 * such files (`*.cli.test.ts`) are excluded from `api-pg`, not skipped.
 */
const CLI_TESTS = 'apps/api/**/*.cli.test.ts';

/**
 * Browser-test workers, each with its own server and database (e2e/global-setup.ts, decision 0110). `npm test`
 * and `npm run test:e2e` run two (`E2E_WORKERS=2`): a browser test mostly waits (for a page, the network, an
 * animation) — the whole suite needs about 500 CPU seconds and ran 1 452 s one file at a time on the 2-core CI
 * machine — so two files at once take about half the time. Unset, one server and one file at a time, so a targeted
 * run of a file or two starts (and seeds) one server only.
 */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 1);

const apiBase = {
  include: ['apps/api/**/*.test.ts'],
  globalSetup: ['apps/api/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // A worker runs its files one after another in one module graph (no re-import of the app, its drivers and
  // PGlite for each file: on 2 cores the API suites took 320 s with isolation and 190 s without). Each file
  // still gets its own app and its own copy of the database; VT_ISOLATE=1 brings isolation back to hunt a leak.
  isolate: process.env.VT_ISOLATE === '1',
};

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on the 2-core CI machine that is one file at a time,
    // while an API test file keeps a core busy only part of the time (PostgreSQL runs in its own process) and
    // the main process is mostly idle. Two at once take the API suites from ~12 to ~7 minutes there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...apiBase,
          name: 'api',
          exclude: [...configDefaults.exclude, RACE_TESTS],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        test: {
          ...apiBase,
          name: 'api-pg',
          exclude: [...configDefaults.exclude, CLI_TESTS],
          env: { TEST_DB: 'postgres' },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          maxWorkers: E2E_WORKERS,
          pool: 'forks',
          // `expect.poll` waits for what a page or the server does next (an answer, a write, a chunk): vitest's 1 s
          // by default was a fixed timeout that two files at once beside the API tests outran (decision 0110).
          expect: { poll: { timeout: 15_000 } },
          // A browser test that fails is run once more before it counts as failed, and the report names it as
          // retried. The flakes found so far were causes in the product and the tests and are fixed (decision
          // 0110); one (the guest's «Оформить заказ» in e2e/site/dead-ends.test.ts) is not explained yet, so the
          // retry stays. A defect that fails every time still fails.
          retry: 1,
        },
      },
    ],
  },
});
