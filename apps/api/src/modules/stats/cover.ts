/**
 * The cover of a range of days: the fewest signed roll-up rows of a listing whose sum is the range — by the
 * calendar tree year › months › pentads › days, each bucket stored under its first day.
 */
import { LRUCache } from 'lru-cache';
import { addDays, eachDay, eachMonth, isoDay, monthOf, pentadOf, type DayRange } from './time.js';

/** The last day of the month of a day. */
const endOfMonth = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return isoDay(Date.UTC(y, m, 0));
};

/** A roll-up's grain; each bucket is stored under its first day (a year under 1 January). */
export type CoverGrain = 'day' | 'pentad' | 'month' | 'year';

/** A signed piece of a cover: buckets `from`…`to` (inclusive, as stored) of one roll-up, added or subtracted. */
export interface CoverPart {
  grain: CoverGrain;
  from: string;
  to: string;
  sign: 1 | -1;
}

/** A bucket of the calendar tree (year › months › pentads › days): its grain and its inclusive span of days. */
interface Bucket {
  grain: CoverGrain;
  from: string;
  to: string;
}

/** The buckets one grain finer that make up a bucket, in order. */
function childrenOf(b: Bucket): Bucket[] {
  switch (b.grain) {
    case 'year':
      return eachMonth(b).map((m) => ({ grain: 'month', from: m, to: endOfMonth(m) }));
    case 'month':
      return ['01', '06', '11', '16', '21', '26'].map((d, i) => {
        const from = `${b.from.slice(0, 8)}${d}`;
        return { grain: 'pentad', from, to: i === 5 ? b.to : addDays(from, 4) };
      });
    case 'pentad':
      return eachDay(b).map((d) => ({ grain: 'day', from: d, to: d }));
    case 'day':
      return [];
  }
}

type Signed = { bucket: Bucket; sign: 1 | -1 };

/** The days `from`…`to` of a bucket as its children's covers (nothing for an empty range). */
function byChildren(b: Bucket, from: string, to: string, today: string): Signed[] {
  if (from > to) return [];
  return childrenOf(b).flatMap((c) =>
    c.to < from || c.from > to ? [] : coverOf(c, from > c.from ? from : c.from, to < c.to ? to : c.to, today),
  );
}

/**
 * The fewest signed buckets whose sum is the days `from`…`to` inside bucket `b`: the bucket itself when the range
 * fills it; otherwise the cheaper of its children's covers, or the bucket minus its children's covers of the days
 * outside the range (a month mostly inside is its row minus a few pentads and days). A bucket that starts after
 * `today` has no rows yet: it costs nothing and is left out.
 */
function coverOf(b: Bucket, from: string, to: string, today: string): Signed[] {
  if (b.from > today) return [];
  if (from === b.from && to === b.to) return [{ bucket: b, sign: 1 }];
  const inside = byChildren(b, from, to, today);
  const outside = [...byChildren(b, b.from, addDays(from, -1), today), ...byChildren(b, addDays(to, 1), b.to, today)];
  if (1 + outside.length >= inside.length) return inside;
  return [
    { bucket: b, sign: 1 },
    ...outside.map((o) => ({ bucket: o.bucket, sign: o.sign === 1 ? (-1 as const) : (1 as const) })),
  ];
}

/**
 * Rows of a listing a cover reads (what its cost is counted in): each part's buckets from `from` to `to`.
 */
export function coverRows(parts: readonly CoverPart[]): number {
  let n = 0;
  for (const p of parts) for (let key = p.from; key <= p.to; key = nextKey(p.grain, key)) n++;
  return n;
}

/** The next bucket of a grain after one stored under `key`. */
const nextKey = (grain: CoverGrain, key: string) =>
  grain === 'day'
    ? addDays(key, 1)
    : grain === 'pentad'
      ? pentadOf(addDays(key, key.endsWith('26') ? 6 : 5))
      : grain === 'month'
        ? monthOf(addDays(key, 31))
        : `${Number(key.slice(0, 4)) + 1}-01-01`;

/**
 * How to read a range of days per listing with the fewest roll-up rows: per calendar year, the cheapest signed
 * buckets of the tree year › months › pentads › days ({@link coverOf}). Days after `today` are empty, so a range
 * reaching today may read its last year to the end, and buckets that start after today are never read (today alone
 * is its daily row, not the pentad it is in minus the days before). A partial month's edge is then 3 rows of a
 * listing on average and 5 at most (by days it was 8 and 16); the 366 days up to today are a year's row, a few months and such an edge.
 * Covers are remembered (a few hundred µs of date arithmetic for a long range; the same ranges recur): the result
 * is shared and must not be changed.
 * @returns the signed parts, runs of consecutive buckets of one grain and sign joined: the range's sum per listing
 *   is the sum of the parts' rows, each times its sign
 */
export function coverDays(r: DayRange, today: string): readonly CoverPart[] {
  const key = `${r.from}|${r.to}|${today}`;
  let parts = COVERS.get(key);
  if (!parts) COVERS.set(key, (parts = computeCover(r, today)));
  return parts;
}
const COVERS = new LRUCache<string, readonly CoverPart[]>({ max: 2000 });

function computeCover(r: DayRange, today: string): CoverPart[] {
  const to = r.to >= today ? `${r.to.slice(0, 4)}-12-31` : r.to;
  const parts: CoverPart[] = [];
  for (let y = Number(r.from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    const year: Bucket = { grain: 'year', from: `${y}-01-01`, to: `${y}-12-31` };
    const from = r.from > year.from ? r.from : year.from;
    const end = to < year.to ? to : year.to;
    for (const { bucket, sign } of coverOf(year, from, end, today)) {
      const last = parts[parts.length - 1];
      if (last && last.grain === bucket.grain && last.sign === sign && nextKey(last.grain, last.to) === bucket.from)
        last.to = bucket.from;
      else parts.push({ grain: bucket.grain, from: bucket.from, to: bucket.from, sign });
    }
  }
  return parts;
}
