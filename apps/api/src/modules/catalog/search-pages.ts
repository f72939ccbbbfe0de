/**
 * How search reads one page of its matches (issue «The shop runs»: «Search understands Russian»;
 * architecture §3: `GET /v1/public/search/`): ranked with the count in one pass when the match set is
 * small, newest first through the date index when it is broad, otherwise by the listing pages' rule
 * (listing.ts: walk a sorted index or sort the matches). Every page is its ids first (from indexes where
 * they suffice), then only the page's own cards (cards.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { cardRows, type FullCardRow } from './cards.js';
import { countListings, peekCount, rememberCount } from './counts.js';
import { isSmallMatch, orderBy } from './listing.js';

/** Largest match set ranked by relevance; broader ones (e.g. just «кроссовки») list the newest first. */
export const RANK_ALL_MAX = 1500;

/** A page of matches: how many there are in all, and the page's card rows (prices in kopecks). */
export interface PageOfMatches {
  count: number;
  rows: FullCardRow[];
}

/**
 * A ranked page and the number of matches in one pass, for a match set whose size is not known yet: at
 * most {@link RANK_ALL_MAX} + 1 matches are read, ranked and counted (`count(*) over ()` is taken before
 * the page is cut), so a small set — most searches — needs no separate count query.
 * @param where every condition, text included
 * @param rank the relevance expression over `products p`
 * @returns the page and its count (0 when nothing matches); `null` when the set is broader than
 *   {@link RANK_ALL_MAX} (then it is listed newest first) or a later page is empty (past the end: the
 *   count is then read on its own)
 */
async function rankedCounting(
  db: Db,
  where: SQL[],
  rank: SQL,
  limit: number,
  offset: number,
): Promise<PageOfMatches | null> {
  const page = await queryRows<{ id: number; total: number }>(
    db,
    sql`select m.id, count(*) over ()::int as total from (
          select p.id, p.published_at, ${rank} as rank from products p
          where ${sql.join(where, sql` and `)} limit ${RANK_ALL_MAX + 1}
        ) m order by m.rank desc, m.published_at desc, m.id desc limit ${limit} offset ${offset}`,
  );
  // No row on the first page: nothing matches. On a later page: past the end (its count tells how far).
  if (!page.length) return offset === 0 ? { count: 0, rows: [] } : null;
  const total = page[0]!.total;
  if (total > RANK_ALL_MAX) return null;
  rememberCount(db, where, total);
  const ids = page.map((r) => r.id);
  return { count: total, rows: await cardRows(db, ids) };
}

/** Most index entries the date-index walk of {@link newestThroughDateIndex} may read for one page. */
const DATE_WALK_MAX = 4000;
/** How many times more entries than the expected walk the window holds (matches are not spread evenly). */
const DATE_WALK_MARGIN = 2;

/**
 * A page of a broad text match, newest first, read by walking the date index instead of fetching every
 * match. The GIN index finds all matches (thousands of wide rows for «кросовки», «сумка через плечо») just
 * to keep 24; walking the listings newest first and testing each one's `search_vector` reads about
 * (page end) × (active listings / matches) rows. The walk is bounded by a window of that many rows (times
 * {@link DATE_WALK_MARGIN}); the window is explicit (an inner `limit`), so the plan does not depend on the
 * planner's guess of how common the words are.
 * @param where the filters (without the text condition)
 * @param match the text condition on `p.search_vector`
 * @param count how many listings match `where` and `match` (known before the page is read)
 * @returns the page's card rows, or `null` when the walk would be long or the window held too few matches
 *   (matches clustered among older listings) — the caller then reads the page through the GIN index
 */
async function newestThroughDateIndex(
  db: Db,
  where: SQL[],
  match: SQL,
  count: number,
  limit: number,
  offset: number,
): Promise<FullCardRow[] | null> {
  const active = await countListings(db, [sql`p.status = 'active'`]);
  const window = Math.ceil(((offset + limit) * Math.max(active, count) * DATE_WALK_MARGIN) / count);
  if (window > DATE_WALK_MAX) return null;
  const page = await queryRows<{ id: number }>(
    db,
    sql`select p.id from (
          select p.id, p.published_at, p.search_vector from products p where ${sql.join(where, sql` and `)}
          order by p.published_at desc, p.id desc limit ${window}
        ) p where ${match} order by p.published_at desc, p.id desc limit ${limit} offset ${offset}`,
  );
  if (page.length < Math.min(limit, count - offset)) return null;
  const ids = page.map((r) => r.id);
  return cardRows(db, ids);
}

/** What one search pass matches and how it orders them. */
export interface MatchSet {
  /** The filters (without the text condition). */
  where: SQL[];
  /** The relevance expression over `products p` (used when `by` is `relevance`). */
  rank: SQL;
  /** The sort: `relevance`, `new`, or a listing sort (`price_asc`, `price_desc`, `popular`). */
  by: string;
  /** The full-text condition on `p.search_vector`, when the pass has one (stage 1). */
  match?: SQL;
}

/**
 * A page of a match set with its count. Count first: past the end nothing more is read; a broad match
 * (thousands of listings) is ordered by date through the index instead of ranking every match.
 * @param page.limit page size, `page.offset` listings skipped; `perRowLookup` as in filters.ts
 */
export async function pageOfMatches(
  db: Db,
  m: MatchSet,
  page: { limit: number; offset: number; perRowLookup: boolean },
): Promise<PageOfMatches> {
  const { where, rank, by, match } = m;
  const { limit, offset } = page;
  const all = match ? [...where, match] : where;
  if (by === 'relevance' && peekCount(db, all) === undefined) {
    const ranked = await rankedCounting(db, all, rank, limit, offset);
    if (ranked) return ranked;
  }
  const count = await countListings(db, all);
  if (count === 0 || offset >= count) return { count, rows: [] };
  const ranked = by === 'relevance' && count <= RANK_ALL_MAX;
  const newest = by === 'new' || (by === 'relevance' && !ranked);
  if (match && newest) {
    const rows = await newestThroughDateIndex(db, where, match, count, limit, offset);
    if (rows) return { count, rows };
  }
  const small =
    by !== 'relevance' && (await isSmallMatch(db, count, { pageEnd: offset + limit, perRowLookup: page.perRowLookup }));
  const order =
    by !== 'relevance'
      ? orderBy(by, small)
      : ranked
        ? sql`${rank} desc, p.published_at desc, p.id desc`
        : orderBy('new');
  // The page's ids first (from indexes where they suffice); then only the page's own cards.
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where ${sql.join(all, sql` and `)}
          order by ${order} limit ${limit} offset ${offset}`,
  );
  return {
    count,
    rows: await cardRows(
      db,
      ids.map((r) => r.id),
    ),
  };
}
