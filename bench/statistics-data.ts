/**
 * The data `bench/statistics.ts` measures on: the bench seller with 1 000 listings and a year of roll-ups written
 * straight into the tables (made once per database), and the custom range that reads the most rows.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/api/src/db/client.js';
import { users } from '../apps/api/src/db/schema/index.js';
import { listingRowsRead } from '../apps/api/src/modules/stats/ytd.js';

/** The bench seller's phone: the seller is found by it on a later run. */
const SELLER_PHONE = '+79009990001';
/** How many listings the bench seller has. */
export const LISTINGS = 1000;

/** Today's date in Moscow, as SQL. */
export const MSK_TODAY = sql.raw(`(now() at time zone 'Europe/Moscow')::date`);

/** The bench seller with 1 000 listings and a year of roll-ups (made once). @returns the seller's id */
export async function prepareSeller(db: Db): Promise<number> {
  const [found] = await queryRows<{ id: number }>(db, sql`select id from users where phone = ${SELLER_PHONE}`);
  if (found) return found.id;
  console.log('[bench] продавец: 1 000 товаров и год истории…');
  const [u] = await db
    .insert(users)
    .values({ phone: SELLER_PHONE, firstName: 'Статистика', lastName: 'Бенчева', city: 'Москва' })
    .returning({ id: users.id });
  const s = u!.id;
  await db.execute(sql`
    insert into products (slug, owner_id, title, description, brand_id, category_id, type, condition, color, status,
                          view_count, min_price, search_text, created_at, updated_at, published_at)
    select p.slug || '-stat', ${s}, p.title, p.description, p.brand_id, p.category_id, p.type, p.condition, p.color,
           'active', p.view_count, p.min_price, p.search_text, now() - interval '400 days', now(), now() - interval '400 days'
    from (select * from products where status = 'active' order by id limit ${LISTINGS}) p`);
  await db.execute(sql`
    insert into offers (product_id, size, size_id, price, count)
    select n.id, o.size, o.size_id, o.price, o.count from products n
    join products p on n.slug = p.slug || '-stat' join offers o on o.product_id = p.id where n.owner_id = ${s}`);
  await db.execute(sql`
    insert into product_photos (product_id, key, width, height, position)
    select n.id, ph.key, ph.width, ph.height, ph.position from products n
    join products p on n.slug = p.slug || '-stat' join product_photos ph on ph.product_id = p.id where n.owner_id = ${s}`);
  // Daily rows: most days of the last 366 (Moscow).
  await db.execute(sql`
    insert into stats_daily (seller_id, product_id, day, views, favorites, orders, revenue)
    select ${s}, id, d, v, (v * random() * 0.08)::int, o, o * min_price from (
      select p.id, p.min_price, d::date as d, (random() * 30)::int as v, (random() < 0.015)::int as o
      from products p cross join generate_series(${MSK_TODAY} - 365, ${MSK_TODAY}, interval '1 day') d
      where p.owner_id = ${s}) x
    where v > 0 or o > 0`);
  // Hourly rows: a third of the hours of the last 30 days.
  await db.execute(sql`
    insert into stats_hourly (seller_id, product_id, hour, views, favorites, orders, revenue)
    select ${s}, id, h, v, (random() < 0.05)::int, o, o * min_price from (
      select p.id, p.min_price, h, 1 + (random() * 3)::int as v, (random() < 0.001)::int as o
      from products p cross join generate_series(date_trunc('hour', now()) - interval '30 days', date_trunc('hour', now()),
                                                   interval '1 hour') h
      where p.owner_id = ${s} and random() < 0.33) x`);
  // Other sellers' listings, so the tables hold more than this seller.
  await db.execute(sql`
    insert into stats_daily (seller_id, product_id, day, views, favorites, orders, revenue)
    select owner_id, id, d::date, 1 + (random() * 20)::int, (random() < 0.2)::int, 0, 0
    from (select id, owner_id from products where owner_id <> ${s} and status = 'active' order by id desc limit 5000) p
    cross join generate_series(${MSK_TODAY} - 365, ${MSK_TODAY}, interval '1 day') d where random() < 0.3`);
  // The seller's totals and the months, summed from the listings' rows.
  await db.execute(sql`
    insert into stats_daily (seller_id, product_id, day, views, favorites, orders, revenue)
    select seller_id, 0, day, sum(views), sum(favorites), sum(orders), sum(revenue) from stats_daily
    where product_id <> 0 group by seller_id, day`);
  await db.execute(sql`
    insert into stats_hourly (seller_id, product_id, hour, views, favorites, orders, revenue)
    select seller_id, 0, hour, sum(views), sum(favorites), sum(orders), sum(revenue) from stats_hourly
    where product_id <> 0 group by seller_id, hour`);
  await db.execute(sql`
    insert into stats_monthly (seller_id, product_id, month, views, favorites, orders, revenue)
    select seller_id, product_id, date_trunc('month', day)::date, sum(views), sum(favorites), sum(orders), sum(revenue)
    from stats_daily group by 1, 2, 3`);
  await db.execute(sql`
    insert into stats_pentad (seller_id, product_id, pentad, views, favorites, orders, revenue)
    select seller_id, product_id, date_trunc('month', day)::date + least((extract(day from day)::int - 1) / 5, 5) * 5,
           sum(views), sum(favorites), sum(orders), sum(revenue)
    from stats_daily group by 1, 2, 3`);
  // 3 000 orders over the year (service level): most shipped within two days, some late, a few cancelled.
  await db.execute(sql`
    insert into orders (number, buyer_id, seller_id, status, delivery_point, total, fee, payout, created_at, paid_at,
                        shipped_at, completed_at, cancelled_at)
    select 'B-STAT-' || g, (select min(id) from users), ${s},
           case when r < 0.03 then 'cancelled' else 'completed' end,
           '{"id":0,"name":"ПВЗ","address":"Москва","point_id":"MSK001","delivery_service_type":"cdek"}'::jsonb,
           500000, 60000, 440000, t, t, case when r >= 0.03 then t + (case when r < 0.1 then 7 else 1 end) * interval '1 day' end,
           case when r >= 0.03 then t + interval '10 days' end, case when r < 0.03 then t + interval '1 day' end
    from (select g, random() as r, now() - random() * interval '365 days' as t from generate_series(1, 3000) g) x`);
  return s;
}

/**
 * The range inside the seeded year that reads the most rows per listing (`listingRowsRead`: the roll-ups' cover, or
 * year-to-date packs when they are cheaper): how long a range costs depends on where its ends fall in the calendar,
 * so the bench measures the worst shape too — ranges from the first 70 days of the year to its last 70, today included.
 */
export function worstRange(first: string, today: string): { from: string; to: string; rows: number; packs: boolean } {
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  let worst = { from: first, to: today, rows: 0, packs: false };
  for (let a = Date.parse(first); a < Date.parse(first) + 70 * 86_400_000; a += 86_400_000)
    for (let b = Date.parse(today) - 70 * 86_400_000; b <= Date.parse(today); b += 86_400_000) {
      const read = listingRowsRead({ from: day(a), to: day(b) }, today);
      if (read.rows > worst.rows) worst = { from: day(a), to: day(b), ...read };
    }
  return worst;
}
