/**
 * Long statistics ranges: a listing's figures over a range are read from the fewest roll-up rows — a
 * calendar year's row, months, pentads and days at the edges, some of them subtracted (stats/cover.ts `coverDays`). Here
 * two years of history are written through the app's own writer (`addToRollups`, as views, favorites and orders
 * record them), and every range — whole months, partial edges, across the new year, one reaching today — must
 * answer exactly the sum of the daily rows, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, pentadOf } from '../../src/modules/stats/time.js';
import { coverDays, coverRows, type CoverPart } from '../../src/modules/stats/cover.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { expectSumOfDays, RANGES, TODAY, writeTwoYears } from '../stats-fixtures.js';

const DAY_MS = 86_400_000;

describe.runIf(dbAvailable())('statistics over long ranges', () => {
  let t: TestContext;
  let seller: TestUser;
  const listings: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Олег');
    for (let i = 0; i < 3; i++) listings.push((await makeListing(t.app, seller.id)).id);
    await writeTwoYears(t.app, seller.id, listings);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(RANGES)('%s: %s…%s equals the sum of the days', async (_name, from, to) => {
    await expectSumOfDays(t.app, seller, listings, from, to);
  });

  it('answers zeros for a range that has not begun (no roll-up is read)', async () => {
    const res = await t.app.inject({
      url: '/v1/sales/statistics/?period=custom&date_from=2030-01-01&date_to=2030-01-10',
      headers: seller.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { totals: { views: number; revenue: number }; points: { views: number }[] };
    expect(data.points).toHaveLength(10);
    expect(data.points.every((p) => p.views === 0)).toBe(true);
    expect(data.totals).toMatchObject({ views: 0, revenue: 0 });
  });

  /** Rows of a listing a cover reads. */
  const rowsOf = (parts: readonly CoverPart[]) => parts.reduce((n, p) => n + bucketsIn(p).length, 0);
  /** The buckets (first days) of a part, from its `from` to its `to`. */
  const bucketsIn = (p: CoverPart) => {
    const all: string[] = [];
    for (let ms = Date.parse(p.from); ms <= Date.parse(p.to); ms += DAY_MS) {
      const d = new Date(ms).toISOString().slice(0, 10);
      const first =
        p.grain === 'day'
          ? d
          : p.grain === 'pentad'
            ? pentadOf(d)
            : p.grain === 'month'
              ? `${d.slice(0, 8)}01`
              : `${d.slice(0, 5)}01-01`;
      if (first === d) all.push(d);
    }
    return all;
  };
  /** The days a bucket holds. */
  const daysOf = (grain: CoverPart['grain'], first: string) => {
    const end =
      grain === 'day'
        ? first
        : grain === 'pentad'
          ? first.endsWith('26')
            ? new Date(Date.UTC(+first.slice(0, 4), +first.slice(5, 7), 0)).toISOString().slice(0, 10)
            : new Date(Date.parse(first) + 4 * DAY_MS).toISOString().slice(0, 10)
          : grain === 'month'
            ? new Date(Date.UTC(+first.slice(0, 4), +first.slice(5, 7), 0)).toISOString().slice(0, 10)
            : `${first.slice(0, 4)}-12-31`;
    const out: string[] = [];
    for (let ms = Date.parse(first); ms <= Date.parse(end); ms += DAY_MS)
      out.push(new Date(ms).toISOString().slice(0, 10));
    return out;
  };

  it('reads a year back as one yearly row, a month and a few pentads and days, not twelve months', () => {
    const parts = coverDays({ from: '2025-11-22', to: TODAY }, TODAY);
    expect(parts.filter((p) => p.grain === 'year')).toEqual([
      { grain: 'year', from: '2026-01-01', to: '2026-01-01', sign: 1 },
    ]);
    // The pentad 21–25 November 2025 minus its 21st, the pentad 26–30 November, December 2025 and the year 2026
    // (by days and months: 9 days and 12 months).
    expect(rowsOf(parts)).toBe(5);
  });

  it('reads today as its daily row and buckets after today not at all', () => {
    expect(coverDays({ from: TODAY, to: TODAY }, TODAY)).toEqual([{ grain: 'day', from: TODAY, to: TODAY, sign: 1 }]);
    expect(coverDays({ from: addDays(TODAY, 5), to: addDays(TODAY, 30) }, TODAY)).toEqual([]);
  });

  it('covers every range of two years exactly, the edge of a month in at most 5 rows of a listing', () => {
    // Fixed seed: 3 000 ranges between 1 January 2025 and 31 December 2026, «today» among them.
    let seed = 20261126;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const start = Date.parse('2025-01-01');
    const day = (n: number) => new Date(start + n * DAY_MS).toISOString().slice(0, 10);
    const problems: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const a = rand(730);
      const b = a + rand(Math.min(366, 730 - a));
      const [from, to, today] = [day(a), day(b), day(rand(730))];
      const parts = coverDays({ from, to }, today);
      // Each day up to today counted once inside the range, never outside; days after today have no rows yet (a
      // range reaching today may take them in whole buckets), and buckets that start after today are never read.
      const count = new Map<string, number>();
      for (const p of parts) {
        if (p.to > today) problems.push(`${from}…${to} (today ${today}): reads ${p.grain} ${p.to}`);
        for (const first of bucketsIn(p))
          for (const d of daysOf(p.grain, first)) if (d <= today) count.set(d, (count.get(d) ?? 0) + p.sign);
      }
      const last = to < today ? to : today;
      const wrong = [...count].filter(([d, n]) => n !== (d >= from && d <= last ? 1 : 0));
      const days = from > last ? 0 : Math.round((Date.parse(last) - Date.parse(from)) / DAY_MS) + 1;
      const counted = [...count.values()].filter((n) => n === 1).length;
      if (wrong.length || counted !== days) problems.push(`${from}…${to} (today ${today}): ${JSON.stringify(wrong)}`);
      if (coverRows(parts) !== rowsOf(parts))
        problems.push(`${from}…${to}: coverRows ${coverRows(parts)}, counted ${rowsOf(parts)}`);
      // Inside one month: at most 8 rows (pentads and days; by days alone up to 31), and at most 5 for a month's
      // edge — a range from its first day or to its last, as the edges of a long range are (by days up to 16).
      if (from.slice(0, 7) === last.slice(0, 7)) {
        const edge = from.endsWith('-01') || addDays(last, 1).endsWith('-01');
        if (rowsOf(parts) > (edge ? 5 : 8)) problems.push(`${from}…${to}: ${rowsOf(parts)} rows`);
      }
    }
    expect(problems).toEqual([]);
  });
});
