/**
 * An order's `history`: its steps with times, oldest first, for both sides — paid, shipped (carrier and tracking
 * number), delivered, completed; a seller's cancel with the reason and the refund; steps another module registers
 * (`onOrderHistory`, as the claims module does) merged by time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, placePaidOrder, type TestUser } from '../buy-fixtures.js';
import { onOrderHistory } from '../../src/modules/orders/index.js';

describe.runIf(dbAvailable())('order history', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const get = async (who: TestUser, id: number) => {
    const res = await t.app.inject({ url: `/v1/sales/orders/${id}/`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      history: { event: string; at: string; by: string | null; title: string; note: string | null }[];
    };
  };
  const post = async (who: TestUser | null, url: string, payload?: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: who?.auth ?? {}, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const advance = (seconds: number) => post(null, '/v1/dev/clock/', { advance_seconds: seconds });

  it('lists each step with its time, the carrier and tracking number, the same for both sides', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 3000, count: 1 }]);
    const { order } = await placePaidOrder(t.app, buyer, l.slug, point);
    await advance(3600);
    await post(seller, `/v1/sales/orders/${order.id}/ship/`, { tracking_number: '1234567890' });
    await advance(86_400);
    await post(null, `/v1/dev/carrier/deliver/${order.id}/`);
    await advance(3600);
    await post(buyer, `/v1/sales/orders/${order.id}/confirm/`);

    const { history } = await get(buyer, order.id);
    expect(history.map((s) => s.event)).toEqual(['created', 'paid', 'shipped', 'delivered', 'completed']);
    expect(history.find((s) => s.event === 'shipped')).toMatchObject({
      by: 'seller',
      title: 'Отправлен',
      note: 'СДЭК, трек-номер 1234567890',
    });
    expect(history.find((s) => s.event === 'paid')).toMatchObject({ note: '3 000 ₽' });
    const times = history.map((s) => Date.parse(s.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(3600_000);
    // The seller sees the same steps (and, once sent, the payout).
    await t.app.jobs.runDue();
    const theirs = (await get(seller, order.id)).history.map((s) => s.event);
    expect(theirs.slice(0, 5)).toEqual(['created', 'paid', 'shipped', 'delivered', 'completed']);
  });

  it("shows the seller's cancel with its reason, then the refund", async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2000, count: 1 }]);
    const { order } = await placePaidOrder(t.app, buyer, l.slug, point);
    await post(seller, `/v1/sales/orders/${order.id}/cancel/`, { reason: 'Нет в наличии' });
    await t.app.jobs.runDue();
    const { history } = await get(buyer, order.id);
    expect(history.map((s) => s.event)).toEqual(['created', 'paid', 'cancelled', 'refunded']);
    expect(history[2]).toMatchObject({
      by: 'seller',
      title: 'Отменён продавцом',
      note: expect.stringContaining('Нет в наличии'),
    });
    expect(history[3]).toMatchObject({ title: 'Деньги возвращены покупателю', note: '2 000 ₽' });
  });

  it("merges another module's steps by time", async () => {
    const l = await makeListing(t.app, seller.id);
    const { order } = await placePaidOrder(t.app, buyer, l.slug, point);
    const paidAt = Date.parse((await get(buyer, order.id)).history[1]!.at);
    onOrderHistory(t.app, async (_app, ids, viewerId) => {
      const steps = new Map<
        number,
        { event: string; at: string; by: string | null; title: string; note: string | null }[]
      >();
      if (ids.includes(order.id) && viewerId === buyer.id)
        steps.set(order.id, [
          {
            event: 'claim_opened',
            at: new Date(paidAt + 1000).toISOString(),
            by: 'buyer',
            title: 'Открыт спор',
            note: null,
          },
        ]);
      return steps;
    });
    await advance(60);
    await post(seller, `/v1/sales/orders/${order.id}/ship/`, { tracking_number: '1234567891' });
    expect((await get(buyer, order.id)).history.map((s) => s.event)).toEqual([
      'created',
      'paid',
      'claim_opened',
      'shipped',
    ]);
    expect((await get(seller, order.id)).history.map((s) => s.event)).toEqual(['created', 'paid', 'shipped']);
  });
});
