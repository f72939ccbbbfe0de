/**
 * 90 days of believable sales history for the demo sellers, so the sales center is alive on a fresh
 * `npm start`: real orders (buyers among the other demo users, a succeeded test-bank payment each) — the sale
 * of every `sold` listing's last piece, a paid order holding every `reserved` listing (its stock then 0), and
 * earlier sales of pieces of active listings — plus views and favorites per listing per day, written straight
 * into the statistics roll-ups (daily, pentad, monthly and yearly for the whole history, hourly for yesterday and today, the
 * only hours a period reads). Views follow the listing's `view_count` from its publication on (a day curve by
 * Moscow hour, more at weekends); each order is counted at its payment. Deterministic for a seed and `now`. The
 * writes (orders, payments, roll-ups) are in history-writes.ts.
 */
import { inArray } from 'drizzle-orm';
import { splitTotal } from '@vitrina/contract/money';
import type { Db, Tx } from '../db/client.js';
import { favorites, offers, type orders } from '../db/schema/index.js';
import { shipByDeadline } from '../lib/moscow-time.js';
import { Random } from './random.js';
import { seedLedger } from './ledger.js';
import { seedReviews } from './reviews.js';
import {
  bump,
  inChunks,
  insertOrders,
  insertRollups,
  type Buckets,
  type Counters,
  type HistoryItem,
} from './history-writes.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/**
 * Moscow is UTC+3 all year since 2014: the seed does its calendar by this offset (fast: tens of thousands of
 * dates), the stats module by the time zone database.
 */
const MSK = 3 * HOUR;
/** `YYYY-MM-DD` of the Moscow day of an instant. */
const mskDay = (t: number) => new Date(t + MSK).toISOString().slice(0, 10);
/** The instant the Moscow day of `t` starts. */
const mskMidnight = (t: number) => Math.floor((t + MSK) / DAY) * DAY - MSK;
/** Days of history. */
export const HISTORY_DAYS = 90;
/** Share of each Moscow hour in a day's views (night low, evenings high). */
const HOUR_CURVE = [2, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 6, 7, 7, 6, 6, 6, 7, 8, 9, 10, 9, 7, 4];
const CURVE_SUM = HOUR_CURVE.reduce((a, b) => a + b, 0);

/** A demo listing as written: what its history needs. */
export interface HistoryListing {
  id: number;
  sellerId: number;
  status: 'active' | 'sold' | 'reserved';
  publishedAt: Date;
  viewCount: number;
  slug: string;
  title: string;
  photo: string | null;
  offer: { id: number; size: string; price: number };
}

/**
 * Writes the history in the caller's transaction.
 * @param buyers ids of demo users who may buy (not the seller of the listing)
 * @param busySellerId the seller whose dashboard the README points to: most of their listings sold pieces
 * @returns the number of orders made
 */
export async function seedHistory(
  tx: Tx | Db,
  opts: { listings: HistoryListing[]; buyers: number[]; busySellerId: number; now: Date; seed: number },
): Promise<number> {
  const { now, listings, buyers } = opts;
  const rnd = new Random(opts.seed * 7919 + 13);
  const start = now.getTime() - HISTORY_DAYS * DAY;
  const today = mskDay(now.getTime());
  const yesterday = mskDay(now.getTime() - DAY);
  const hourly: Buckets = new Map();
  const daily: Buckets = new Map();
  const fee = { percent: 12, min: 0 };
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const itemRows: HistoryItem[] = [];
  /** Favorites added to each listing over the history (some of them are still kept: see keptFavorites). */
  const keptBy: { listing: HistoryListing; added: number }[] = [];
  /** Reserved listings: all their stock is held by the paid order. */
  const emptied: number[] = [];

  const count = (sellerId: number, productId: number, at: Date, c: Partial<Counters>, hour = true) => {
    const day = mskDay(at.getTime());
    const hourStart = new Date(Math.floor(at.getTime() / HOUR) * HOUR).toISOString();
    for (const p of [0, productId]) {
      bump(daily, `${sellerId}|${p}|${day}`, c);
      if (hour && (day === today || day === yesterday)) bump(hourly, `${sellerId}|${p}|${hourStart}`, c);
    }
  };

  for (const l of listings) {
    // Views and favorites, day by day since publication (today up to the current hour).
    const from = Math.max(start, l.publishedAt.getTime());
    const days: { at: number; w: number }[] = [];
    for (let t = mskMidnight(from); t <= now.getTime(); t += DAY) {
      const wd = new Date(t + MSK).getUTCDay();
      const elapsed = Math.min(1, Math.max(0, (now.getTime() - t) / DAY));
      days.push({ at: t, w: (0.55 + rnd.next() * 0.9) * (wd === 0 || wd === 6 ? 1.3 : 1) * elapsed });
    }
    const total = Math.round(l.viewCount * 0.7);
    const wsum = days.reduce((a, d) => a + d.w, 0) || 1;
    const favRate = 0.02 + rnd.next() * 0.05;
    let added = 0;
    for (const d of days) {
      const views = Math.floor((total * d.w) / wsum + rnd.next());
      if (!views) continue;
      const favorites = Math.floor(views * favRate + rnd.next());
      added += favorites;
      const day = mskDay(d.at);
      if (day !== today && day !== yesterday) {
        count(l.sellerId, l.id, new Date(d.at), { views, favorites }, false);
        continue;
      }
      // Recent days hour by hour, so the hourly and daily roll-ups agree.
      const hours = HOUR_CURVE.map((w, h) => ({ h, w })).filter(({ h }) => d.at + h * HOUR <= now.getTime());
      const hsum = hours.reduce((a, x) => a + x.w, 0) || CURVE_SUM;
      let leftViews = views;
      let leftFavs = favorites;
      hours.forEach(({ h, w }, i) => {
        const last = i === hours.length - 1;
        const v = last ? leftViews : Math.min(leftViews, Math.floor((views * w) / hsum + rnd.next()));
        const f = last ? leftFavs : Math.min(leftFavs, v, Math.floor((favorites * w) / hsum + rnd.next()));
        leftViews -= v;
        leftFavs -= f;
        if (v || f) count(l.sellerId, l.id, new Date(d.at + h * HOUR), { views: v, favorites: f });
      });
    }
    keptBy.push({ listing: l, added });

    // Sales: the last piece of a sold listing, the hold on a reserved one, earlier pieces of active ones. Drawn
    // from the listing's own stream: the views above take as many draws as hours have passed today, so a shared
    // stream gave the README's seller a different number of sales at each hour of the day.
    const sale = new Random(opts.seed * 104_729 + l.id);
    const age = now.getTime() - l.publishedAt.getTime();
    const busy = l.sellerId === opts.busySellerId;
    let paidAt: number | null = null;
    if (l.status === 'reserved') paidAt = now.getTime() - sale.next() * Math.min(age, 30 * HOUR);
    else if (l.status === 'sold')
      paidAt = Math.max(start, l.publishedAt.getTime()) + sale.next() * Math.min(age, HISTORY_DAYS * DAY) * 0.95;
    else if (age > 3 * DAY && sale.chance(busy ? 0.75 : 0.12))
      paidAt = Math.max(start, l.publishedAt.getTime()) + sale.next() * (Math.min(age, HISTORY_DAYS * DAY) - DAY);
    if (paidAt === null) continue;
    const paid = new Date(Math.floor(paidAt / 60_000) * 60_000);
    const since = now.getTime() - paid.getTime();
    // Most ship within two days; a few late (past the five days of the deadline) — before the deadline was
    // enforced: an order that would still wait unshipped past its deadline now ships in time instead (buyer
    // protection would have cancelled it: docs/architecture.md «Order deadlines»).
    const inTime = 4 * HOUR + sale.next() * 44 * HOUR;
    let shipAfter = sale.chance(0.08) ? 6 * DAY + sale.next() * DAY : inTime;
    if (since < shipAfter && now > shipByDeadline(paid)) shipAfter = inTime;
    // Nobody ships for the demo sellers a person does not play: their orders are shipped already (in time), so the
    // deadlines never cancel them and their «Отправляет вовремя» stays as the demo shows it.
    if (!busy && since < shipAfter) shipAfter = since / 2;
    const shippedAt = l.status === 'reserved' || since < shipAfter ? null : new Date(paid.getTime() + shipAfter);
    const deliveredAt = shippedAt && since > shipAfter + 3 * DAY ? new Date(shippedAt.getTime() + 3 * DAY) : null;
    const completedAt = deliveredAt && since > shipAfter + 4 * DAY ? new Date(deliveredAt.getTime() + DAY) : null;
    const status = completedAt ? 'completed' : deliveredAt ? 'delivered' : shippedAt ? 'shipped' : 'paid';
    let buyer = buyers[sale.int(0, buyers.length - 1)]!;
    if (buyer === l.sellerId) buyer = buyers.find((b) => b !== l.sellerId)!;
    const money = splitTotal(l.offer.price, fee);
    orderRows.push({
      number: `seed-${orderRows.length}`,
      buyerId: buyer,
      sellerId: l.sellerId,
      status,
      deliveryPoint: {
        id: 0,
        name: 'Пункт выдачи',
        address: 'г. Москва, ул. Тверская, д. 7',
        point_id: 'MSK001',
        delivery_service_type: 'cdek',
      },
      total: money.total,
      fee: money.fee,
      payout: money.payout,
      trackingNumber: shippedAt ? String(1_000_000_000 + sale.int(0, 8_999_999_999)) : null,
      createdAt: new Date(paid.getTime() - sale.int(1, 10) * 60_000),
      paidAt: paid,
      shippedAt,
      deliveredAt,
      completedAt,
    });
    itemRows.push({
      offerId: l.offer.id,
      productId: l.id,
      slug: l.slug,
      title: l.title,
      size: l.offer.size,
      price: l.offer.price,
      photo: l.photo,
    });
    if (l.status === 'reserved') emptied.push(l.id);
    count(l.sellerId, l.id, paid, { orders: 1, revenue: l.offer.price });
  }

  const ids = await insertOrders(tx, orderRows, itemRows);
  if (emptied.length) await tx.update(offers).set({ count: 0 }).where(inArray(offers.productId, emptied));
  await seedLedger(tx, ids, now);
  await seedReviews(
    tx,
    orderRows.flatMap((o, i) =>
      o.completedAt ? [{ id: ids[i]!, buyerId: o.buyerId, sellerId: o.sellerId, completedAt: o.completedAt }] : [],
    ),
    now,
    opts.seed,
  );
  await keptFavorites(tx, keptBy, buyers, now, opts.seed);

  await insertRollups(tx, daily, hourly);
  return orderRows.length;
}

/**
 * The favorites still kept today: about a third of each listing's adds (people remove some), by distinct demo
 * buyers other than the seller, added within the last month — so «В избранном у N» and a buyer's favorites page
 * agree with the statistics. Its own random stream: the rest of the history stays as it was for a seed.
 */
async function keptFavorites(
  tx: Tx | Db,
  keptBy: { listing: HistoryListing; added: number }[],
  buyers: number[],
  now: Date,
  seed: number,
) {
  const rnd = new Random(seed * 7919 + 29);
  const rows: (typeof favorites.$inferInsert)[] = [];
  for (const { listing, added } of keptBy) {
    const who = buyers.filter((b) => b !== listing.sellerId);
    const kept = Math.min(who.length, Math.round(added / 3));
    for (let i = 0; i < kept; i += 1) {
      const j = rnd.int(i, who.length - 1);
      [who[i], who[j]] = [who[j]!, who[i]!];
      const age = Math.min(now.getTime() - listing.publishedAt.getTime(), 30 * DAY);
      rows.push({ userId: who[i]!, productId: listing.id, createdAt: new Date(now.getTime() - rnd.next() * age) });
    }
  }
  await inChunks(rows, 1000, (chunk) => tx.insert(favorites).values(chunk).onConflictDoNothing());
}
