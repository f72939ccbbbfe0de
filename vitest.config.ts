/**
 * Test projects (architecture §5): `unit` (pure logic), `api` (HTTP through app.inject on PGlite),
 * `api-pg` (the same files on PostgreSQL at TEST_DATABASE_URL), `e2e` (Chromium against the built server).
 */
import { defineConfig } from 'vitest/config';

const apiBase = {
  include: ['apps/api/**/*.test.ts'],
  globalSetup: ['apps/api/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      { test: { ...apiBase, name: 'api', env: { TEST_DB: 'pglite' } } },
      { test: { ...apiBase, name: 'api-pg', env: { TEST_DB: 'postgres' } } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
