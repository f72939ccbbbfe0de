/**
 * Two processes starting at once on one empty PostgreSQL database (a first deploy with two app
 * processes): the migrations and the demo seed run once, under the startup advisory lock (db/startup.ts), while
 * the other process waits and then starts on the finished database. Without the lock both would find the catalog
 * empty and seed it twice (or fail on the same migration).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.js';
import { journalMillis } from '../../src/db/startup.js';
import { sql } from 'drizzle-orm';
import { startServer, type ServerProcess } from '../crash-server.js';
import { adminUrl, dbUrl, dropDatabase, randomDbName } from '../pg-admin.js';

const base = process.env.TEST_DATABASE_URL!;
const SEED_PRODUCTS = 12;

describe('first start of two processes on an empty database', () => {
  const name = randomDbName('vitrina_first');
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await dropDatabase(base, name);
  });

  it('migrates and seeds once; both become ready', async () => {
    const admin = await openDatabase({ url: adminUrl(base) });
    await admin.db.execute(`CREATE DATABASE ${name}` as never);
    await admin.close();
    const env = { SEED_DEMO: 'true', SEED_PRODUCTS: String(SEED_PRODUCTS) };
    const opts = { compiled: true, upWithinMs: 300_000 };
    servers.push(
      ...(await Promise.all([
        startServer(dbUrl(base, name), undefined, env, opts),
        startServer(dbUrl(base, name), undefined, env, opts),
      ])),
    );
    for (const s of servers) {
      expect((await (await fetch(`${s.base}/readyz`)).json()) as unknown).toEqual({ status: 'ok' });
    }
    // Exactly one of them seeded (each says so when it does).
    expect(servers.filter((s) => s.output().includes('создаю демо-каталог')).length).toBe(1);

    const db = await openDatabase({ url: dbUrl(base, name) });
    try {
      const [listings] = await queryRows<{ n: number }>(db.db, sql`select count(*)::int as n from products`);
      expect(listings!.n).toBe(SEED_PRODUCTS);
      const [migrations] = await queryRows<{ n: number }>(
        db.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(migrations!.n).toBe(journalMillis().length);
    } finally {
      await db.close();
    }
  }, 900_000);
});
