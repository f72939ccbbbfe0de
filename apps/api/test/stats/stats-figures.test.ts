/**
 * Seller statistics through HTTP: views counted by the browser (dedupe per visitor per Moscow day, bots and the seller's
 * own views ignored), favorites and paid/refunded orders rolled up from their events, sums against hand-computed
 * fixtures, the Moscow-midnight boundary, the Monday week start, `previous_totals`, custom ranges, owner-only figures,
 * the CSV export, the service level and the pruning of view visitors — one story on one clock, each test on the figures
 * and orders of the ones before. The shop: stats-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { weeklyStatisticsAnswerSchema } from '@vitrina/contract/sales';
import { eq } from 'drizzle-orm';
import { listingViewVisitors, orders } from '../../src/db/schema/index.js';
import { VIEW_LIMIT_PER_MINUTE } from '../../src/modules/stats/routes.js';
import { dbAvailable, randomIp } from '../helpers.js';
import { makeUser } from '../buy-fixtures.js';
import { CHROME, H, useStatsShop } from './stats-world.js';

describe.runIf(dbAvailable())('statistics', () => {
  const s = useStatsShop();
  const { view, stats, favorite, buy } = s;

  it('counts one view per visitor per listing per day, not bots nor the seller', async () => {
    // 2026-11-22 12:00 UTC = 15:00 in Moscow (a Sunday).
    expect((await view(s.a.slug, 'visitor-0001')).statusCode).toBe(204);
    expect((await view(s.a.slug, 'visitor-0001')).statusCode).toBe(204);
    expect((await view(s.a.slug, 'visitor-0002')).statusCode).toBe(204);
    expect((await view(s.b.slug, 'visitor-0001')).statusCode).toBe(204);
    const bot = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';
    expect((await view(s.a.slug, 'visitor-bot1', { 'user-agent': bot })).statusCode).toBe(204);
    expect((await view(s.a.slug, 'visitor-noua', {})).statusCode).toBe(204);
    expect((await view(s.a.slug, 'visitor-self', { 'user-agent': CHROME, ...s.seller.auth })).statusCode).toBe(204);
    // Another seller's listing is seen, but never counts for this seller.
    expect((await view(s.foreign.slug, 'visitor-0001')).statusCode).toBe(204);

    const day = await stats('period=day');
    expect(day.points).toHaveLength(24);
    expect(day.points[15]).toMatchObject({ date: '2026-11-22T15:00', views: 3 });
    expect(day.totals).toMatchObject({ views: 3, favorites: 0, orders: 0, revenue: 0, conversion: 0 });
    const byId = new Map(day.top_listings.map((l) => [l.id, l]));
    expect(byId.get(s.a.id)).toMatchObject({ views: 2, slug: s.a.slug, price: 4990, status: 'active' });
    expect(byId.get(s.b.id)).toMatchObject({ views: 1 });
    expect(byId.has(s.foreign.id)).toBe(false);
    expect(day.top_listings[0]!.id).toBe(s.a.id);
    expect((await stats('period=day', s.other)).totals.views).toBe(1);
  });

  it('refuses bad views: unknown listing 404, bad visitor id 400', async () => {
    const unknown = await view('net-takogo-tovara', 'visitor-0001');
    expect(unknown.statusCode).toBe(404);
    const bad = await view(s.a.slug, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('visitor_id');
  });

  it('puts 20:59 UTC on the Moscow day that ends and 21:00 UTC on the next', async () => {
    s.t.clock.advance(8 * H + 59 * 60_000); // 2026-11-22T20:59Z = 23:59 MSK
    expect((await view(s.a.slug, 'visitor-late')).statusCode).toBe(204);
    s.t.clock.advance(60_000); // 21:00Z = 00:00 on the 23rd in Moscow
    expect((await view(s.a.slug, 'visitor-late')).statusCode).toBe(204); // a new day: counted again
    const week = await stats('period=custom&date_from=2026-11-22&date_to=2026-11-23');
    expect(week.points.map((p) => [p.date, p.views])).toEqual([
      ['2026-11-22', 4],
      ['2026-11-23', 1],
    ]);
    const today = await stats('period=day');
    expect(today.date_from).toBe('2026-11-23');
    expect(today.points[0]).toMatchObject({ date: '2026-11-23T00:00', views: 1 });
    // Yesterday up to the same hour (00:00–00:59 of the 22nd) had no views.
    expect(today.previous_totals.views).toBe(0);
  });

  it('rolls up paid orders (item prices, before the fee) and refunds', async () => {
    const o1 = await buy(s.a.slug); // 4 990 ₽
    const o2 = await buy(s.b.slug); // 12 990,50 ₽
    const day = await stats('period=day');
    expect(day.totals).toMatchObject({ orders: 2, revenue: 17980.5, views: 1 });
    expect(day.totals.conversion).toBe(1);
    // A refund of a paid order takes its items back out of the revenue, at the refund's time.
    const now = s.t.clock.now();
    await s.t.app.db.transaction(async (tx) => {
      await tx.update(orders).set({ refundedAmount: o1.row.amount, refundedAt: now }).where(eq(orders.id, o1.order.id));
      await s.t.app.events.emit(tx, 'order.refunded', { orderId: o1.order.id });
    });
    await s.t.app.jobs.runDue();
    const after = await stats('period=day');
    expect(after.totals).toMatchObject({ orders: 2, revenue: 12990.5 });
    const la = after.top_listings.find((l) => l.id === s.a.id)!;
    expect(la).toMatchObject({ orders: 1, revenue: 0, views: 1, conversion: 1 });
    expect(o2.order.id).toBeGreaterThan(0);
    expect((await stats('period=day', s.other)).totals.orders).toBe(0);
  });

  it('counts favorites from favorite.added at their time; week starts on Monday; previous_totals is the like span', async () => {
    // Now: Wednesday 2026-11-25, 12:00 in Moscow.
    s.t.clock.advance(2 * 24 * H + 9 * H);
    const fav = (at: string) => favorite(s.a.id, s.seller.id, at);
    await fav('2026-11-16T07:00:00Z'); // Mon of last week — previous span
    await fav('2026-11-18T20:59:00Z'); // Wed 23:59 MSK — previous span
    await fav('2026-11-18T21:00:00Z'); // Thu 00:00 MSK — after the like span
    await fav('2026-11-22T10:00:00Z'); // Sun — after the like span
    await fav('2026-11-23T10:00:00Z'); // Mon of this week
    await fav('2026-11-24T20:59:00Z'); // Tue 23:59 MSK
    await fav('2026-11-24T21:00:00Z'); // Wed 00:00 MSK
    await favorite(s.a.id, s.seller.id, '2026-11-25T08:00:00Z', s.seller.id); // the seller's own heart: not counted
    await favorite(s.foreign.id, s.other.id, '2026-11-25T08:00:00Z'); // another seller's listing

    const week = await stats('period=week');
    expect(week.date_from).toBe('2026-11-23');
    expect(week.date_to).toBe('2026-11-29');
    expect(week.points.map((p) => p.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(week.points.map((p) => p.favorites)).toEqual([1, 1, 1, 0, 0, 0, 0]);
    // This week: views Mon 1 (00:00 on the 23rd); orders 2 paid on Monday; revenue 17 980,50 − 4 990.
    expect(week.totals).toMatchObject({ views: 1, favorites: 3, orders: 2, revenue: 12990.5 });
    // Mon–Wed of last week: 2 favorites (the Thursday and Sunday ones are outside); no views (Sun 22 is outside).
    expect(week.previous_totals).toMatchObject({ views: 0, favorites: 2, orders: 0, revenue: 0, conversion: 0 });

    const weekly = await s.t.app.inject({ method: 'GET', url: '/v1/sales/weekly-statistics/', headers: s.seller.auth });
    expect(weekly.statusCode).toBe(200);
    const w = weeklyStatisticsAnswerSchema.parse(weekly.json()).data;
    expect(w.days.map((d) => d.date)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    expect(w.days[3]).toEqual({ date: '2026-11-22', views: 4, favorites: 1, orders: 0, revenue: 0 });
    // The Thursday-00:00 favorite (18th 21:00 UTC) is on the 19th, inside these 7 days.
    expect(w.totals).toMatchObject({ views: 5, favorites: 5, orders: 2, revenue: 12990.5 });
  });

  it('month, year and custom periods', async () => {
    const month = await stats('period=month');
    expect([month.date_from, month.date_to, month.points.length]).toEqual(['2026-11-01', '2026-11-30', 30]);
    expect(month.totals).toMatchObject({ views: 5, favorites: 7, orders: 2, revenue: 12990.5 });
    // October 1–25: nothing.
    expect(month.previous_totals.favorites).toBe(0);
    const year = await stats('period=year');
    expect(year.points.map((p) => p.date)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(year.points[10]).toMatchObject({ views: 5, favorites: 7, orders: 2, revenue: 12990.5 });
    const { date: _november, ...november } = year.points[10]!;
    expect(year.totals).toEqual(november);
    // A year back (366 days, both ends): whole months from the monthly roll-up plus the ends.
    const long = await stats('period=custom&date_from=2025-11-25&date_to=2026-11-25');
    expect(long.points).toHaveLength(366);
    expect(long.totals).toMatchObject({ views: 5, favorites: 7, orders: 2, revenue: 12990.5 });
    expect(long.top_listings.find((l) => l.id === s.a.id)).toMatchObject({ views: 4, favorites: 7, orders: 1 });
    const mid = await stats('period=custom&date_from=2026-11-17&date_to=2026-11-22');
    expect(mid.totals).toMatchObject({ views: 4, favorites: 3 });
    // The like span before: 11–16 November.
    expect(mid.previous_totals.favorites).toBe(1);
    // Most of November: read as the month minus the days outside (1–2 and 25–30).
    const most = await stats('period=custom&date_from=2026-11-03&date_to=2026-11-24');
    expect(most.totals).toMatchObject({ views: 5, favorites: 6, orders: 2, revenue: 12990.5 });
    expect(most.top_listings.find((l) => l.id === s.a.id)).toMatchObject({ views: 4, favorites: 6, orders: 1 });
    // A range in the past with a month mostly outside it, and one ending in the future.
    const edge = await stats('period=custom&date_from=2026-10-20&date_to=2026-11-18');
    expect(edge.top_listings.find((l) => l.id === s.a.id)).toMatchObject({ views: 0, favorites: 2 });
    const ahead = await stats('period=custom&date_from=2026-11-20&date_to=2027-01-10');
    expect(ahead.top_listings.find((l) => l.id === s.a.id)).toMatchObject({ views: 4, favorites: 4, orders: 1 });
  });

  it('exports the period as CSV that Excel opens in Russian', async () => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: '/v1/sales/statistics/export/?period=custom&date_from=2026-11-22&date_to=2026-11-23',
      headers: s.seller.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="statistika-2026-11-22_2026-11-23.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Дата;Просмотры;Добавили в избранное;Заказы;Выручка, ₽;Конверсия, %');
    expect(lines[1]).toBe('22.11.2026;4;1;0;0,00;0,00');
    expect(lines[2]).toBe('23.11.2026;1;1;2;12990,50;100,00');
    expect(lines[3]).toBe('Итого;5;2;2;12990,50;40,00');
    expect(lines).toContain(
      'Товар;Ссылка;Статус;Цена, ₽;Просмотры;Добавили в избранное;Заказы;Выручка, ₽;Конверсия, %',
    );
    expect(lines.some((l) => l.startsWith(`Пальто «Б»;`) && l.includes(';В продаже;12990,50;'))).toBe(true);
  });

  it('service level: orders shipped in time over decided ones, with the explanation', async () => {
    const fresh = await makeUser(s.t.app, 'Новый');
    const empty = await s.t.app.inject({ method: 'GET', url: '/v1/sales/service-level/', headers: fresh.auth });
    expect(empty.json()).toEqual({
      success: true,
      data: {
        level: null,
        orders: 0,
        shipped_in_time: 0,
        cancelled_by_seller: 0,
        explanation: 'За 30 дней заказов не было — уровень появится после первой продажи.',
      },
    });
    // The seller's two orders were paid on Monday 23rd (00:00 MSK); ship one now, within 5 days.
    const mine = await s.t.app.db.select().from(orders).where(eq(orders.sellerId, s.seller.id));
    expect(mine).toHaveLength(2);
    const ship = await s.t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${mine[0]!.id}/ship/`,
      headers: s.seller.auth,
      payload: { tracking_number: '1234567890' },
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const level = async () =>
      (await s.t.app.inject({ method: 'GET', url: '/v1/sales/service-level/', headers: s.seller.auth })).json() as {
        data: { level: number | null; explanation: string; orders: number; shipped_in_time: number };
      };
    expect((await level()).data).toMatchObject({
      level: 100,
      orders: 2,
      shipped_in_time: 1,
      explanation: '1 из 1 заказа отправлен вовремя, 1 ждёт отправки, срок ещё не вышел — за 30 дней',
    });
    // The other's deadline is the end of the 28th (Moscow); on the 29th it is late.
    s.t.clock.advance(4 * 24 * H);
    expect((await level()).data).toMatchObject({
      level: 50,
      explanation: '1 из 2 заказов отправлен вовремя — за 30 дней',
    });
  });

  it('prunes the view visitors of days before yesterday; limits views per address', async () => {
    // Now 2026-11-29 (Moscow). The visitors of the 22nd and 23rd go; today's stays and still dedupes.
    expect((await view(s.a.slug, 'visitor-0001')).statusCode).toBe(204);
    await s.t.app.jobs.ensureRecurring();
    await s.t.app.jobs.runDue();
    const left = await s.t.app.db.select().from(listingViewVisitors);
    expect(left.map((r) => [r.day, r.visitorId])).toEqual([['2026-11-29', 'visitor-0001']]);
    expect((await view(s.a.slug, 'visitor-0001')).statusCode).toBe(204);
    expect((await stats('period=day')).totals.views).toBe(1);

    const ip = randomIp();
    const once = () =>
      s.t.app.inject({
        method: 'POST',
        url: '/v1/public/products/net-takogo/view/',
        headers: { 'user-agent': CHROME },
        payload: { visitor_id: 'visitor-flood' },
        remoteAddress: ip,
      });
    for (let i = 0; i < VIEW_LIMIT_PER_MINUTE; i++) expect((await once()).statusCode).toBe(404);
    const limited = await once();
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toMatch(/[а-я]/);
  });
});
