/**
 * Backups (docs/deploy.md «Резервные копии»): a `pg_dump -Fc` of a shop's database restored with
 * `pg_restore` into a fresh, empty database serves the same shop — the same catalog answers and a ready `/readyz`
 * (the migrations table travels in the dump). PostgreSQL only (the tools are PostgreSQL's): named `.race` so that
 * it runs in the api-pg project alone, as every PostgreSQL-only file does (vitest.config.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { createTestApp, type TestContext } from '../helpers.js';
import { adminUrl, dbUrl, dropDatabase, randomDbName } from '../pg-admin.js';
import { TEST_SEED_PRODUCTS } from '../global-setup.js';

const base = process.env.TEST_DATABASE_URL!;

describe('pg_dump → pg_restore into a fresh database', () => {
  let t: TestContext;
  const restored = randomDbName('vitrina_restored');
  const work = mkdtempSync(path.join(os.tmpdir(), 'vitrina-backup-'));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await dropDatabase(base, restored);
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the same shop from the restored copy', async () => {
    const sourceUrl = (t.database.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    const dump = path.join(work, 'vitrina.dump');
    execFileSync('pg_dump', ['-Fc', '--no-owner', '-f', dump, '-d', sourceUrl]);

    const admin = await openDatabase({ url: adminUrl(base) });
    await admin.db.execute(`CREATE DATABASE ${restored}` as never);
    await admin.close();
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', dbUrl(base, restored), dump]);

    const database = await openDatabase({ url: dbUrl(base, restored) });
    const copy = await buildApp({ config: t.config, database, clock: t.clock, logger: false });
    try {
      expect((await copy.inject('/readyz')).json()).toEqual({ status: 'ok' });
      const url = `/v1/public/products/?page_size=${TEST_SEED_PRODUCTS}`;
      const original = await t.app.inject(url);
      const fromCopy = await copy.inject(url);
      expect(fromCopy.statusCode).toBe(200);
      expect(fromCopy.json().count).toBeGreaterThan(0);
      expect(fromCopy.json()).toEqual(original.json());
      const slug = (fromCopy.json().results as { slug: string }[])[0]!.slug;
      expect((await copy.inject(`/v1/public/products/${slug}/`)).json()).toEqual(
        (await t.app.inject(`/v1/public/products/${slug}/`)).json(),
      );
    } finally {
      await copy.close();
      await database.close();
    }
  }, 120_000);
});
