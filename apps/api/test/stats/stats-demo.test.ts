/**
 * The demo seed's sales history on the test template: the demo seller signs in with the README's
 * phone and sees orders, views and favorites; the roll-ups agree with the order rows and with each other;
 * sold and reserved listings have the orders their status implies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { DEMO_SELLER_PHONE } from '../../src/seed/people.js';
import { createTestApp, dbAvailable, signIn, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('demo sales history', () => {
  let t: TestContext;
  const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives the demo seller a dashboard that matches the orders', async () => {
    const [seller] = await q<{ id: number }>(sql`select id from users where phone = ${DEMO_SELLER_PHONE}`);
    expect(seller).toBeDefined();
    const [own] = await q<{ n: number; revenue: number; first: string; last: string }>(
      sql`select count(*)::int as n, coalesce(sum(i.price), 0)::float8 as revenue,
            to_char(min(o.paid_at at time zone 'Europe/Moscow'), 'YYYY-MM-DD') as first,
            to_char(max(o.paid_at at time zone 'Europe/Moscow'), 'YYYY-MM-DD') as last
          from orders o join order_items i on i.order_id = o.id where o.seller_id = ${seller!.id}`,
    );
    expect(own!.n).toBeGreaterThanOrEqual(3);
    const [range] = await q<{ first: string; last: string }>(
      sql`select min(day)::text as first, max(day)::text as last from stats_daily where seller_id = ${seller!.id}`,
    );
    const { auth } = await signIn(t.app, DEMO_SELLER_PHONE);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/sales/statistics/?period=custom&date_from=${range!.first}&date_to=${range!.last}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = (
      res.json() as {
        data: {
          totals: { views: number; favorites: number; orders: number; revenue: number };
          top_listings: { views: number }[];
        };
      }
    ).data;
    expect(data.totals.orders).toBe(own!.n);
    expect(data.totals.revenue).toBe(own!.revenue / 100);
    expect(data.totals.views).toBeGreaterThan(data.totals.orders * 5);
    expect(data.totals.favorites).toBeGreaterThan(0);
    expect(data.top_listings[0]!.views).toBeGreaterThan(0);
  });

  it('keeps the roll-ups consistent: seller totals = sum of listings, months = days, hours = days', async () => {
    const mismatch = await q<{ seller_id: number }>(sql`
      select seller_id from stats_daily group by seller_id, day
      having sum(views) filter (where product_id = 0) <> sum(views) filter (where product_id <> 0)
          or sum(revenue) filter (where product_id = 0) <> sum(revenue) filter (where product_id <> 0)`);
    expect(mismatch).toEqual([]);
    const months = await q<{ n: number }>(sql`
      select count(*)::int as n from (
        select seller_id, product_id, date_trunc('month', day)::date as m, sum(views) v, sum(orders) o from stats_daily group by 1, 2, 3
      ) d full join stats_monthly mo on mo.seller_id = d.seller_id and mo.product_id = d.product_id and mo.month = d.m
      where d.v is distinct from mo.views or d.o is distinct from mo.orders`);
    expect(months[0]!.n).toBe(0);
    const hours = await q<{ n: number }>(sql`
      select count(*)::int as n from (
        select seller_id, product_id, (hour at time zone 'Europe/Moscow')::date as d, sum(views) v, sum(favorites) f
        from stats_hourly group by 1, 2, 3) h
      join stats_daily dd on dd.seller_id = h.seller_id and dd.product_id = h.product_id and dd.day = h.d
      where h.v <> dd.views or h.f <> dd.favorites`);
    expect(hours[0]!.n).toBe(0);
  });

  it('sold listings have a paid-or-later order; reserved ones a paid order and no stock', async () => {
    const bad = await q<{ id: number; status: string }>(sql`
      select p.id, p.status from products p
      where p.status in ('sold', 'reserved') and (
        not exists (select 1 from order_items i join orders o on o.id = i.order_id where i.product_id = p.id
                    and o.status = any(case when p.status = 'reserved' then array['paid'] else array['paid', 'shipped', 'delivered', 'completed'] end))
        or exists (select 1 from offers f where f.product_id = p.id and f.count > 0))`);
    expect(bad).toEqual([]);
    const payments = await q<{ n: number }>(sql`
      select count(*)::int as n from orders o where o.paid_at is not null
        and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'succeeded' and p.amount = o.total)`);
    expect(payments[0]!.n).toBe(0);
  });
});
