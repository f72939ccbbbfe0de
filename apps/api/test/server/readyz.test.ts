/**
 * `/readyz`: ready only when the database answers and every migration of the journal
 * (migrations/meta/_journal.json) is recorded as applied in drizzle's `__drizzle_migrations`; 503 otherwise, so a
 * load balancer sends no traffic to a process on a database its code does not match.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalMillis } from '../../src/db/startup.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

const last = journalMillis().at(-1)!;

describe.runIf(dbAvailable())('/readyz', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is 200 when every migration is applied, 503 when the newest is missing, 200 again once it is back', async () => {
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ok' });
    const [row] = (
      (await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${last} returning hash`,
      )) as unknown as { rows: { hash: string }[] }
    ).rows;
    expect(row).toBeDefined();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', detail: 'Не все миграции базы данных применены.' });
    await t.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${last})`,
    );
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('is 503 when the migrations table is gone (a database nobody migrated)', async () => {
    await t.database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to moved_away`);
    try {
      expect((await t.app.inject('/readyz')).statusCode).toBe(503);
    } finally {
      await t.database.db.execute(sql`alter table drizzle.moved_away rename to __drizzle_migrations`);
    }
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });
});
