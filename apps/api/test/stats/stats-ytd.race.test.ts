/**
 * Year-to-date packs against a late write (stats/ytd.ts): a fact handled after its day ended (an order
 * paid before midnight, its event handled after) lands while the job is building packs from a snapshot without it.
 * The writer must wait for the builder's advisory lock and then delete the packs it made stale; a pack left behind
 * would answer wrong figures for every range through that day until the end of the year.
 *
 * A race test: it runs only in the `api-pg` project (PostgreSQL), named `*.race.test.ts` (vitest.config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { addToRollups } from '../../src/modules/stats/record.js';
import { buildYtdPacks } from '../../src/modules/stats/ytd.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { expectSumOfDays } from '../stats-fixtures.js';

describe.runIf(dbAvailable())('a write to a past day while packs are being built', () => {
  let t: TestContext;
  let seller: TestUser;
  let listing: number;
  const packDays = async () =>
    (
      await queryRows<{ day: string }>(
        t.app.db,
        sql`select day::text as day from stats_ytd where seller_id = ${seller.id} order by day`,
      )
    ).map((r) => r.day);

  beforeAll(async () => {
    t = await createTestApp({ STATS_YTD_MIN_LISTINGS: '1' });
    seller = await makeUser(t.app, 'Олег');
    listing = (await makeListing(t.app, seller.id)).id;
    for (let d = 2; d <= 20; d++)
      await addToRollups(t.app.db, seller.id, new Date(`2026-11-${String(d).padStart(2, '0')}T09:00:00Z`), [
        { productId: 0, views: d },
        { productId: listing, views: d },
      ]);
  });
  afterAll(() => t?.close());

  it('waits for the builder, then drops the packs it made stale; the answers stay exact', async () => {
    const now = t.clock.now();
    let built!: () => void;
    const builtPromise = new Promise<void>((r) => (built = r));
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    // The builder: packs every day through 21 November, then keeps its transaction (and lock) open.
    const builder = t.app.db.transaction(async (tx) => {
      await buildYtdPacks(tx, now, { minListings: 1, limit: 10_000 });
      built();
      await hold;
    });
    await builtPromise;
    // An order paid on 15 November, handled now: its transaction must wait for the builder's lock.
    const writer = t.app.db.transaction((tx) =>
      addToRollups(
        tx,
        seller.id,
        new Date('2026-11-15T09:00:00Z'),
        [
          { productId: 0, orders: 1, revenue: 500_000 },
          { productId: listing, orders: 1, revenue: 500_000 },
        ],
        now,
      ),
    );
    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          t.app.db,
          sql`select count(*)::int as n from pg_locks
              where locktype = 'advisory' and classid = 171718 and not granted`,
        )
      )[0]!.n;
    for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await waiting()).toBe(1);
    release();
    await builder;
    await writer;

    const days = await packDays();
    expect(days[0]).toBe('2026-01-01');
    expect(days.at(-1)).toBe('2026-11-14');
    await expectSumOfDays(t.app, seller, [listing], '2026-11-10', '2026-11-21');
    // Built again, the packs hold the order.
    await t.app.db.transaction((tx) => buildYtdPacks(tx, now, { minListings: 1, limit: 10_000 }));
    expect((await packDays()).at(-1)).toBe('2026-11-21');
    await expectSumOfDays(t.app, seller, [listing], '2026-11-10', '2026-11-21');
    const [pack] = await queryRows<{ orders: number[] }>(
      t.app.db,
      sql`select orders from stats_ytd where seller_id = ${seller.id} and day = '2026-11-21'`,
    );
    expect(pack!.orders.map(Number)).toEqual([1]);
  });
});
