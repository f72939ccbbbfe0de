/**
 * Year-to-date packs of the statistics (stats/ytd.ts): the recurring job packs a large seller's listings'
 * figures from 1 January through each day over; a long range is then read as the difference of packs, plus today's
 * rows. Every range must still answer exactly the sums of the daily rows — from packs, after a write to a past day
 * dropped some of them (read from rows meanwhile), and once they are built again — on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { addToRollups } from '../../src/modules/stats/record.js';
import { buildYtdPacks, lastPackableDay, listingRowsRead, packPlan } from '../../src/modules/stats/ytd.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { expectSumOfDays, RANGES, TODAY, writeTwoYears } from '../stats-fixtures.js';

describe('year-to-date pack plans', () => {
  it('takes the pack of the last day over minus the pack of the day before the start, per calendar year', () => {
    expect(packPlan({ from: '2026-03-10', to: '2026-06-20' }, TODAY)).toEqual({
      terms: [
        { day: '2026-06-20', sign: 1 },
        { day: '2026-03-09', sign: -1 },
      ],
      today: false,
    });
    expect(packPlan({ from: '2025-11-22', to: TODAY }, TODAY)).toEqual({
      terms: [
        { day: '2025-12-31', sign: 1 },
        { day: '2025-11-21', sign: -1 },
        { day: '2026-11-21', sign: 1 },
      ],
      today: true,
    });
    // From 1 January nothing is subtracted; a range of today alone has no day over.
    expect(packPlan({ from: '2026-01-01', to: '2026-12-31' }, TODAY)?.terms).toEqual([{ day: '2026-11-21', sign: 1 }]);
    expect(packPlan({ from: TODAY, to: TODAY }, TODAY)).toBeNull();
  });

  it('reads each calendar year of a range from packs or roll-ups, whichever reads fewer rows', () => {
    // Last year's edge from two packs (by the roll-ups: a pentad minus two days, and December), this year from its
    // yearly row (by packs: yesterday's pack and today's rows).
    expect(listingRowsRead({ from: '2025-11-23', to: TODAY }, TODAY)).toEqual({ rows: 3, packs: true });
    // Wholly inside this year and up to today: the yearly row alone.
    expect(listingRowsRead({ from: '2026-01-01', to: TODAY }, TODAY)).toEqual({ rows: 1, packs: false });
    // A few days: their rows.
    expect(listingRowsRead({ from: '2026-03-17', to: '2026-03-19' }, TODAY)).toEqual({ rows: 3, packs: false });
  });
});

describe.runIf(dbAvailable())('statistics from year-to-date packs', () => {
  let t: TestContext;
  let seller: TestUser;
  const listings: number[] = [];
  const packCount = async () =>
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from stats_ytd where seller_id = ${seller.id}`,
      )
    )[0]!.n;
  /** Days from 1 January 2025 through the last day whose pack may be built (21 November 2026 at 15:00 Moscow). */
  const ALL_PACKS = 365 + 325;

  beforeAll(async () => {
    // Every seller with a listing with figures gets packs here; by default only sellers with 100 listings do.
    t = await createTestApp({ STATS_YTD_MIN_LISTINGS: '1' });
    seller = await makeUser(t.app, 'Олег');
    for (let i = 0; i < 3; i++) listings.push((await makeListing(t.app, seller.id)).id);
    await writeTwoYears(t.app, seller.id, listings);
  });
  afterAll(async () => {
    await t?.close();
  });

  // It builds all 690 packs of this seller (and the demo sellers'), a run of up to 14 days a statement: ~3 s on PGlite
  // alone, ten times that on a loaded machine (a statement a pack took ten times as long and once passed 120 s in CI).
  it(
    'the recurring job builds packs, and in runs they reach every day of this year and the last',
    { timeout: 120_000 },
    async () => {
      expect(lastPackableDay(t.clock.now())).toBe('2026-11-21');
      await t.app.jobs.ensureRecurring();
      await t.app.jobs.runDue();
      const first = await packCount();
      expect(first).toBeGreaterThan(0);
      await t.app.db.transaction((tx) => buildYtdPacks(tx, t.clock.now(), { minListings: 1, limit: 10_000 }));
      expect(await packCount()).toBe(ALL_PACKS);
      // Nothing left to build; a seller with fewer listings than the threshold gets none.
      await t.app.db.transaction(async (tx) => {
        expect(await buildYtdPacks(tx, t.clock.now(), { minListings: 1 })).toBe(0);
      });
      const small = await makeUser(t.app, 'Ирина');
      const only = await makeListing(t.app, small.id);
      await addToRollups(t.app.db, small.id, new Date('2026-05-05T09:00:00Z'), [
        { productId: 0, views: 2 },
        { productId: only.id, views: 2 },
      ]);
      await t.app.db.transaction(async (tx) => {
        expect(await buildYtdPacks(tx, t.clock.now(), { minListings: 2 })).toBe(0);
      });
    },
  );

  it.each(RANGES)('%s: %s…%s from packs equals the sum of the days', async (_name, from, to) => {
    await expectSumOfDays(t.app, seller, listings, from, to);
  });

  it('reads a long range from the packs, not from the rows', async () => {
    const url = `/v1/sales/statistics/?period=custom&date_from=2025-06-10&date_to=2026-05-20`;
    const before = (await t.app.inject({ url, headers: seller.auth })).json().data.top_listings;
    // A pack of the range changed by hand: its first listing loses a view (put back at the end).
    const day = '2026-05-20';
    const where = sql`where seller_id = ${seller.id} and day = ${day}`;
    const [row] = await queryRows<{ id: number }>(t.app.db, sql`select product_ids[1] as id from stats_ytd ${where}`);
    const id = Number(row!.id);
    await t.app.db.execute(sql`update stats_ytd set views[1] = views[1] - 1 ${where}`);
    const after = (await t.app.inject({ url, headers: seller.auth })).json().data.top_listings;
    await t.app.db.execute(sql`update stats_ytd set views[1] = views[1] + 1 ${where}`);
    const views = (list: { id: number; views: number }[]) => list.find((l) => l.id === id)!.views;
    expect(views(after)).toBe(views(before) - 1);
  });

  it('a write to a past day drops the packs from it to the year end; answers stay exact; the job builds them again', async () => {
    // An order paid on 10 March 2026 whose event is handled today, in its handler's transaction.
    await t.app.db.transaction((tx) =>
      addToRollups(
        tx,
        seller.id,
        new Date('2026-03-10T09:00:00Z'),
        [
          { productId: 0, orders: 1, revenue: 1_000_000 },
          { productId: listings[0]!, orders: 1, revenue: 1_000_000 },
        ],
        t.clock.now(),
      ),
    );
    const left = await queryRows<{ first: string | null; last: string | null }>(
      t.app.db,
      sql`select min(day)::text as first, max(day)::text as last from stats_ytd
          where seller_id = ${seller.id} and day >= '2026-01-01'`,
    );
    expect(left[0]).toEqual({ first: '2026-01-01', last: '2026-03-09' });
    expect(await packCount()).toBe(365 + 68);
    for (const [, from, to] of RANGES) await expectSumOfDays(t.app, seller, listings, from, to);
    await t.app.db.transaction((tx) => buildYtdPacks(tx, t.clock.now(), { minListings: 1, limit: 10_000 }));
    expect(await packCount()).toBe(ALL_PACKS);
    for (const [, from, to] of RANGES) await expectSumOfDays(t.app, seller, listings, from, to);
  });
});
