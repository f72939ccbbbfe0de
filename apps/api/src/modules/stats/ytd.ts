/**
 * Year-to-date packs (statistics of a seller with 1 000 listings over any range up to 366 days in p99
 * < 50 ms). A long range's table of listings read from the roll-ups costs up to 13 rows a listing — 13 000 rows for
 * such a seller, ~4 ms of PostgreSQL CPU an answer. A pack (`stats_ytd`) holds every listing's figures from
 * 1 January through one closed Moscow day, so the closed days of any range are `C(end) − C(start − 1)` within a
 * year: one or two packs unnested, a row per listing each, whatever the shape of the range's days in that year;
 * today, still being written, is read from its daily rows. Each calendar year of a range is read from its packs or
 * from the roll-ups, whichever reads fewer rows ({@link listingRowsRead}). The sums stay in PostgreSQL (the packs
 * are arrays, not bytes for Node to decode): on two cores the one Node thread is what limits the answers a second,
 * so the work saved must not move there.
 *
 * - Built by the recurring job {@link YTD_JOB} for sellers with at least `minListings` listings with figures in the
 *   year (smaller sellers read rows cheaply), for every day from 1 January through the last day that ended
 *   {@link YTD_DELAY_MS} ago, each pack the day before's plus its day's rows, a run of days a statement.
 * - Kept exact: a write that lands on a day already over (an event handled after midnight) deletes the seller's
 *   packs from that day to the end of its year ({@link dropStalePacks}), and the job builds them again. The job
 *   holds an exclusive advisory lock, such writers a shared one, so a pack is never built from a snapshot that
 *   misses a write which then fails to delete it. A write of a day still running must commit within
 *   {@link YTD_DELAY_MS} after the day ends (request and job transactions last seconds).
 * - Read only when all packs of a range are present; otherwise the same query sums the rows ({@link listingRowsOrPacks}).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { moscowDay } from '../../lib/moscow-time.js';
import { coverDays, coverRows } from './cover.js';
import { HAS_FIGURES, listingRowsOverDays } from './rollup-sql.js';
import { addDays, type DayRange } from './time.js';

/** The recurring job that builds the packs. */
export const YTD_JOB = 'stats.build-ytd-packs';
/** How often it runs, ms. */
export const YTD_EVERY_MS = 10 * 60_000;
/** How long after a Moscow day ends its pack may be built, ms. */
export const YTD_DELAY_MS = 10 * 60_000;
/** Default least number of listings with figures in a year for a seller's packs (`STATS_YTD_MIN_LISTINGS`). */
export const YTD_MIN_LISTINGS = 100;
/** Packs one run builds at most (a pack of 1 000 listings costs ~5 ms of PostgreSQL). */
export const YTD_PER_RUN = 400;

/**
 * The advisory lock (class, key) between the builder (exclusive) and writers of past days (shared); the job queue's
 * own class is 171717.
 */
const LOCK = sql`${171718}, ${1}`;

/** The last day whose pack may be built at `now`: it ended {@link YTD_DELAY_MS} ago or earlier. */
export const lastPackableDay = (now: Date) => addDays(moscowDay(new Date(now.getTime() - YTD_DELAY_MS)), -1);

/** Days a pack statement builds at most: k days read the run's daily rows ~k/2 times each (one statement, not k). */
const RUN_DAYS = 14;

/** Sorted ISO days split into runs of consecutive days, each at most {@link RUN_DAYS} long. */
function consecutiveRuns(days: string[]): string[][] {
  const runs: string[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.length < RUN_DAYS && addDays(run.at(-1)!, 1) === day) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/**
 * One statement building the packs of a run of consecutive days `run` of the year starting `year` (its 1 January):
 * each day's pack is the pack of the day before the run plus the run's daily rows through that day. The day before
 * the run has its pack: every day between 1 January and the last packable day that is not missing is packed, and
 * missing days are built oldest first. A run starting on 1 January starts from nothing.
 */
function packRunSql(sellerId: number, year: string, run: string[]): SQL {
  const first = run[0]!;
  const last = run.at(-1)!;
  const before = addDays(first, -1);
  // A run from 1 January adds its daily rows to nothing.
  const base =
    first === year
      ? sql`select 0 as product_id, 0 as views, 0 as favorites, 0 as orders, 0::float8 as revenue where false`
      : sql`select unnest(product_ids) as product_id, unnest(views) as views, unnest(favorites) as favorites,
            unnest(orders) as orders, unnest(revenue)::float8 as revenue
          from stats_ytd where seller_id = ${sellerId} and day = ${before}`;
  return sql`with days as (select d::date as day from generate_series(${first}::date, ${last}::date, interval '1 day') d),
    src as (
      select ${before}::date as day, b.* from (${base}) b
      union all
      select day, product_id, views, favorites, orders, revenue::float8 from stats_daily
        where seller_id = ${sellerId} and day between ${first} and ${last} and product_id <> 0
    ),
    packs as (
      select days.day, s.product_id, sum(s.views)::int as views, sum(s.favorites)::int as favorites,
        sum(s.orders)::int as orders, sum(s.revenue)::bigint as revenue
      from days join src s on s.day <= days.day group by days.day, s.product_id having ${HAS_FIGURES}
    )
    insert into stats_ytd (seller_id, day, product_ids, views, favorites, orders, revenue)
    select ${sellerId}, days.day, coalesce(array_agg(p.product_id) filter (where p.product_id is not null), '{}'),
      coalesce(array_agg(p.views) filter (where p.product_id is not null), '{}'),
      coalesce(array_agg(p.favorites) filter (where p.product_id is not null), '{}'),
      coalesce(array_agg(p.orders) filter (where p.product_id is not null), '{}'),
      coalesce(array_agg(p.revenue) filter (where p.product_id is not null), '{}')
    from days left join packs p on p.day = days.day group by days.day on conflict do nothing`;
}

/**
 * Builds missing packs, oldest first: for each seller with at least `minListings` listings with figures in the year of
 * the last packable day or the year before, every day of that year through the last packable day.
 * Runs in the caller's transaction (the advisory lock lasts until it ends).
 * @param opts.sellerId only this seller (the bench); `limit` packs at most (default {@link YTD_PER_RUN})
 * @returns how many packs were built
 */
export async function buildYtdPacks(
  tx: Tx,
  now: Date,
  opts: { minListings: number; limit?: number; sellerId?: number },
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK})`);
  const limit = opts.limit ?? YTD_PER_RUN;
  const last = lastPackableDay(now);
  const year = Number(last.slice(0, 4));
  const sellers = await queryRows<{ seller_id: number; year: string }>(
    tx,
    sql`select seller_id, year::text as year from stats_yearly
        where year in (${`${year - 1}-01-01`}, ${`${year}-01-01`}) and product_id <> 0
          ${opts.sellerId === undefined ? sql`` : sql`and seller_id = ${opts.sellerId}`}
        group by seller_id, year having count(*) >= ${opts.minListings} order by year, seller_id`,
  );
  // Packs of years before the last are never read (a range is at most 366 days up to today).
  await tx.execute(sql`delete from stats_ytd where day < ${`${year - 1}-01-01`}`);
  let built = 0;
  for (const s of sellers) {
    const sellerId = Number(s.seller_id);
    const yearEnd = `${s.year.slice(0, 4)}-12-31`;
    const to = last < yearEnd ? last : yearEnd;
    const missing = await queryRows<{ day: string }>(
      tx,
      sql`select d::date::text as day from generate_series(${s.year}::date, ${to}::date, interval '1 day') d
          where not exists (select 1 from stats_ytd y where y.seller_id = ${sellerId} and y.day = d::date)
          order by 1 limit ${limit - built}`,
    );
    for (const run of consecutiveRuns(missing.map((m) => m.day))) {
      await tx.execute(packRunSql(sellerId, s.year, run));
      built += run.length;
    }
    if (built >= limit) break;
  }
  return built;
}

/**
 * Deletes a seller's packs that a write to a past day makes stale: from that day to the end of its year. Call it
 * in the writing transaction whenever the written day is before today (Moscow, by the app's clock): the shared
 * lock it takes lasts until that transaction ends — outside one it is released at once and guards nothing.
 */
export async function dropStalePacks(tx: Tx | Db, sellerId: number, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCK})`);
  await tx.execute(
    sql`delete from stats_ytd where seller_id = ${sellerId} and day between ${day} and ${`${day.slice(0, 4)}-12-31`}`,
  );
}

/** A pack a range's sum takes, added or subtracted. */
export interface PackTerm {
  day: string;
  sign: 1 | -1;
}

/** A range's days split at the new year: one range per calendar year it touches. */
function yearParts(r: DayRange): DayRange[] {
  const parts: DayRange[] = [];
  for (let y = Number(r.from.slice(0, 4)); y <= Number(r.to.slice(0, 4)); y++) {
    const first = `${y}-01-01`;
    const last = `${y}-12-31`;
    parts.push({ from: r.from > first ? r.from : first, to: r.to < last ? r.to : last });
  }
  return parts;
}

/**
 * How to read a range of days from packs: the signed packs of its days before today — per calendar year, the pack of
 * its last day minus the pack of the day before its first (none when it starts on 1 January) — and whether it
 * also holds today (read from the daily rows). `null` when no day of it is over.
 */
export function packPlan(r: DayRange, today: string): { terms: PackTerm[]; today: boolean } | null {
  const end = r.to >= today ? addDays(today, -1) : r.to;
  if (end < r.from) return null;
  const terms: PackTerm[] = [];
  for (const part of yearParts({ from: r.from, to: end })) {
    terms.push({ day: part.to, sign: 1 });
    if (!part.from.endsWith('-01-01')) terms.push({ day: addDays(part.from, -1), sign: -1 });
  }
  return { terms, today: r.to >= today && r.from <= today };
}

/** {@link listingRowsRead} of a range inside one calendar year. */
function yearPartRowsRead(r: DayRange, today: string): { rows: number; packs: boolean } {
  const cover = coverRows(coverDays(r, today));
  const plan = packPlan(r, today);
  const packs = plan ? plan.terms.length + (plan.today ? 1 : 0) : Infinity;
  // A pack of 1 000 listings costs PostgreSQL about as much as 1.5 row sets of the roll-ups (unnesting its arrays),
  // so packs are read only when they save more than a row set.
  return cover > packs + 1 ? { rows: packs, packs: true } : { rows: cover, packs: false };
}

/**
 * How many rows a listing a range's table of listings reads, and whether any from packs (when all are there): per
 * calendar year of the range, its one or two packs (and today's row) when the roll-ups' cover (`coverRows`) of that
 * year's days would read more, else the cover — so a long range reads at most 3 rows a listing where by the cover
 * alone it read up to 5 (the edge of last year from packs, this year to today from its yearly row).
 */
export function listingRowsRead(r: DayRange, today: string): { rows: number; packs: boolean } {
  let rows = 0;
  let packs = false;
  for (const part of yearParts(r)) {
    const read = yearPartRowsRead(part, today);
    rows += read.rows;
    packs ||= read.packs;
  }
  return { rows, packs };
}

/**
 * Rows (`product_id, views, favorites, orders, revenue`) whose sums per listing are a range of days: each calendar
 * year of it as {@link listingRowsRead} chose — from packs (each term's pack unnested, signed, and today's daily
 * rows; that year's roll-up rows are summed instead only when one of its packs is missing, a condition PostgreSQL
 * evaluates once, before any scan), or from the roll-ups' cover (`listingRowsOverDays`).
 */
export function listingRowsOrPacks(sellerId: number, r: DayRange, today: string): SQL {
  return sql.join(
    yearParts(r).map((part) => yearPartRows(sellerId, part, today)),
    sql` union all `,
  );
}

/** {@link listingRowsOrPacks} of a range inside one calendar year. */
function yearPartRows(sellerId: number, r: DayRange, today: string): SQL {
  const rows = listingRowsOverDays(sellerId, r, today);
  const plan = packPlan(r, today);
  if (!plan || !yearPartRowsRead(r, today).packs) return rows;
  const days = sql.join(
    plan.terms.map((t) => sql`${t.day}::date`),
    sql`, `,
  );
  const present = sql`(select count(*) from stats_ytd where seller_id = ${sellerId} and day in (${days}))`;
  const n = plan.terms.length;
  const packs = plan.terms.map((t) => {
    const sign = t.sign === 1 ? sql`` : sql`-`;
    // unnest in the select list (a ProjectSet, streamed): ~0.2 ms for 1 000 listings, where unnest in FROM (a function
    // scan into a tuple store) took ~0.8 ms.
    return sql`select unnest(product_ids) as product_id, ${sign}unnest(views) as views,
        ${sign}unnest(favorites) as favorites, ${sign}unnest(orders) as orders, ${sign}unnest(revenue)::float8 as revenue
      from stats_ytd where seller_id = ${sellerId} and day = ${t.day} and ${present} = ${n}`;
  });
  if (plan.today)
    packs.push(sql`select product_id, views, favorites, orders, revenue::float8 as revenue from stats_daily
      where seller_id = ${sellerId} and day = ${today} and product_id <> 0 and ${present} = ${n}`);
  return sql`${sql.join(packs, sql` union all `)}
    union all select * from (${rows}) by_rows where ${present} < ${n}`;
}
