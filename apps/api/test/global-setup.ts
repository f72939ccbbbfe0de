/**
 * Builds one migrated, seeded database template per test run, so each test file starts from a copy:
 * PGlite → a data directory on disk, copied per file (decision 0188); PostgreSQL → a template database on
 * TEST_DATABASE_URL (dropped after).
 * The seeded catalog is small (48 listings) but made by the real generator and media pipeline, dated at the tests'
 * clock (test-clock.ts), not at the day they run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, migrateDatabase } from '../src/db/client.js';
import { seedDemo } from '../src/seed/index.js';
import { localMediaStorage } from '../src/providers/storage/index.js';
import { adminUrl, dbUrl, randomDbName, dropDatabase } from './pg-admin.js';
import { TEST_CLOCK_START } from './test-clock.js';

export const TEST_SEED_PRODUCTS = 48;

export default async function setup(project: TestProject) {
  const kind = (project.config.env?.TEST_DB as string | undefined) ?? process.env.TEST_DB ?? 'pglite';
  const work = mkdtempSync(path.join(os.tmpdir(), 'vitrina-test-'));
  const mediaDir = path.join(work, 'media');
  mkdirSync(mediaDir, { recursive: true });
  project.provide('testMediaDir', mediaDir);
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) {
      project.provide('pgTemplate', '');
      return () => rmSync(work, { recursive: true, force: true });
    }
    const name = randomDbName('vitrina_tpl');
    const admin = await openDatabase({ url: adminUrl(base) });
    await admin.db.execute(`CREATE DATABASE ${name}` as never);
    await admin.close();
    const db = await openDatabase({ url: dbUrl(base, name) });
    await migrateDatabase(db);
    await seedDemo(db.db, {
      products: TEST_SEED_PRODUCTS,
      storage: localMediaStorage(mediaDir),
      seed: 7,
      now: new Date(TEST_CLOCK_START),
    });
    await db.close();
    project.provide('pgTemplate', name);
    return async () => {
      await dropDatabase(base, name);
      rmSync(work, { recursive: true, force: true });
    };
  }
  const dir = path.join(work, 'pglite-template');
  const db = await openDatabase({ dir });
  await migrateDatabase(db);
  await seedDemo(db.db, {
    products: TEST_SEED_PRODUCTS,
    storage: localMediaStorage(mediaDir),
    seed: 7,
    now: new Date(TEST_CLOCK_START),
  });
  await db.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(work, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testMediaDir: string;
    pgTemplate: string;
    /** The PGlite template's data directory (copied by `createTestApp`, never opened by a test). */
    pgliteTemplate: string;
  }
}
