/**
 * The shop of the seller statistics tests (stats-figures and stats-periods in this folder): a seller with two
 * listings, another seller with one, a buyer with a pickup point and a card; and the calls that view, read the
 * statistics, add a favorite and buy.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { statisticsAnswerSchema } from '@vitrina/contract/sales';
import { createTestApp, randomIp, type TestContext } from '../helpers.js';
import {
  makeCard,
  makeListing,
  makePoint,
  makeUser,
  placeOrder,
  chargedAtTestBank,
  testgatewaySuccessNotice,
  type TestUser,
} from '../buy-fixtures.js';

/** A desktop Chrome's User-Agent (a person, not a bot). */
export const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** An hour, ms. */
export const H = 3_600_000;

/** The figures of a point or a total. */
export type Figures = { views: number; favorites: number; orders: number; revenue: number; conversion?: number };
/** A statistics answer. */
export interface Stats {
  period: string;
  date_from: string;
  date_to: string;
  points: (Figures & { date: string })[];
  totals: Figures;
  previous_totals: Figures;
  top_listings: (Figures & { id: number; slug: string; title: string; price: number; status: string })[];
}

/**
 * Registers the hooks that make the shop before the file's tests (set from the first test on) and close its app after
 * them.
 */
export function useStatsShop() {
  const s = {} as {
    t: TestContext;
    seller: TestUser;
    other: TestUser;
    buyer: TestUser;
    point: number;
    a: { id: number; slug: string };
    b: { id: number; slug: string };
    foreign: { id: number; slug: string };
  };

  const view = (slug: string, visitor: string, headers: Record<string, string> = { 'user-agent': CHROME }) =>
    s.t.app.inject({
      method: 'POST',
      url: `/v1/public/products/${slug}/view/`,
      headers,
      payload: { visitor_id: visitor },
      remoteAddress: randomIp(),
    });
  const stats = async (qs: string, who: TestUser = s.seller) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/v1/sales/statistics/?${qs}`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    // served without a zod pass (plainJson): the answer itself must hold to the contract
    return statisticsAnswerSchema.parse(res.json()).data as Stats;
  };
  const favorite = async (productId: number, sellerId: number, at: string, userId = s.buyer.id) => {
    await s.t.app.db.transaction((tx) =>
      s.t.app.events.emit(tx, 'favorite.added', { userId, listingId: productId, sellerId, at }),
    );
    await s.t.app.jobs.runDue();
  };
  const buy = async (slug: string) => {
    const o = await placeOrder(s.t.app, s.buyer, slug, s.point);
    await chargedAtTestBank(s.t.app, o.gatewayId);
    const res = await testgatewaySuccessNotice(s.t.app, o.gatewayId, o.row.amount);
    expect(res.statusCode).toBe(200);
    await s.t.app.jobs.runDue();
    return o;
  };

  beforeAll(async () => {
    s.t = await createTestApp();
    s.seller = await makeUser(s.t.app, 'Продавец');
    s.other = await makeUser(s.t.app, 'Другой');
    s.buyer = await makeUser(s.t.app, 'Покупатель');
    s.point = await makePoint(s.t.app, s.buyer);
    await makeCard(s.t.app, s.buyer);
    s.a = await makeListing(s.t.app, s.seller.id, [{ size: 'M', price: 4990, count: 5 }], 'Тренч «А»');
    s.b = await makeListing(s.t.app, s.seller.id, [{ size: 'M', price: 12990.5, count: 5 }], 'Пальто «Б»');
    s.foreign = await makeListing(s.t.app, s.other.id, [{ size: 'M', price: 1000, count: 5 }], 'Чужой');
  });
  afterAll(async () => s.t?.close());
  return Object.assign(s, { view, stats, favorite, buy });
}
