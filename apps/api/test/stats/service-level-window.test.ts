/**
 * The service level over a thin window: with fewer than 10 decided orders in the last 30 days the seller's latest
 * decided orders before it count too, so one order cancelled by the ship-by deadline after a quiet month reads as
 * one late order among the seller's last ones (3 of 4, 75 %), not as 0 %.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, placePaidOrder } from '../buy-fixtures.js';

describe.runIf(dbAvailable())('the service level over a thin window', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('reaches back to the seller’s latest decided orders when the last 30 days hold too few', async () => {
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    const point = await makePoint(t.app, buyer);
    const advance = async (days: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/dev/clock/',
        payload: { advance_seconds: days * 86_400 },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const sell = async () => {
      const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2000, count: 1 }]);
      const placed = await placePaidOrder(t.app, buyer, l.slug, point);
      await t.app.jobs.runDue();
      return placed.order.id as number;
    };
    for (let i = 0; i < 3; i++) {
      const id = await sell();
      const ship = await t.app.inject({
        method: 'POST',
        url: `/v1/sales/orders/${id}/ship/`,
        headers: seller.auth,
        payload: { tracking_number: '1234567890' },
      });
      expect(ship.statusCode, ship.body).toBe(200);
    }
    // A quiet month, then one order nobody ships: the deadline cancels it.
    await advance(25);
    await sell();
    await advance(8);
    const res = await t.app.inject({ url: '/v1/sales/service-level/', headers: seller.auth });
    expect(res.json().data).toEqual({
      level: 75,
      orders: 4,
      shipped_in_time: 3,
      cancelled_by_seller: 1,
      explanation: '3 из 4 заказов отправлены вовремя, 1 отменён вами — по последним 4 заказам',
    });
    const card = await t.app.inject({ url: `/v1/public/sellers/${seller.id}/` });
    expect(card.json().service_level).toBe(75);
  });
});
