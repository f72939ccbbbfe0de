/**
 * The test bank's webhook secret is the installation's own: two server processes starting at the same
 * moment on one PostgreSQL database generate and keep one secret (INSERT … ON CONFLICT DO NOTHING, then SELECT),
 * so a notice signed by either is accepted by the other.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { installationSettings } from '../../src/db/schema/index.js';
import { TESTGATEWAY_SECRET_KEY } from '../../src/lib/installation-settings.js';
import { createTestApp, dbAvailable, onPostgres, type TestContext } from '../helpers.js';

describe.runIf(onPostgres() && dbAvailable())('installation secret on one PostgreSQL database', () => {
  let t: TestContext;
  const extra: Database[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    for (const d of extra) await d.close();
    await t?.close();
  });

  it('two processes starting together agree on one generated secret', async () => {
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    for (let round = 0; round < 5; round++) {
      // a fresh installation: no secret yet
      await t.app.db.delete(installationSettings).where(eq(installationSettings.key, TESTGATEWAY_SECRET_KEY));
      const dbs = await Promise.all([0, 1].map(() => openDatabase({ url })));
      extra.push(...dbs);
      const apps = await Promise.all(
        dbs.map((database) => buildApp({ config: t.config, database, clock: t.clock, logger: false })),
      );
      const [a, b] = apps.map((app) => app.config.payments.testgatewaySecret);
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(b).toBe(a);
      const rows = await t.app.db.select().from(installationSettings);
      expect(rows.filter((r) => r.key === TESTGATEWAY_SECRET_KEY).map((r) => r.value)).toEqual([a]);
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
