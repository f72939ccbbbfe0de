/**
 * A buyer who left the bank page and presses «Оплатить» again: `POST /v1/sales/order/` answers 409 with their own
 * unpaid order (`pending_order`: number, bank page, reserved until) — never «сейчас оформляет другой покупатель»,
 * which only somebody else is told; once that order is cancelled, ordering again works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';

describe.runIf(dbAvailable())('own unpaid order on checkout', () => {
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

  const order = (who: TestUser, slug: string, pointId = point) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: who.auth,
      payload: { items: [{ slug, size: 'M', count: 1 }], delivery_point: pointId },
    });

  it('sends the buyer back to their own unpaid order; another buyer hears the item is being bought', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 1 }], 'Шарф');
    const first = await order(buyer, l.slug);
    expect(first.statusCode, first.body).toBe(201);
    const placed = first.json().order as { id: number; number: string; reserved_until: string };

    const again = await order(buyer, l.slug);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(new RegExp(`У вас есть неоплаченный заказ ${placed.number}`));
    expect(again.json().detail).not.toMatch(/другой покупатель/);
    expect(again.json().pending_order).toEqual({
      id: placed.id,
      number: placed.number,
      confirmation_url: first.json().payment.confirmation_url,
      reserved_until: placed.reserved_until,
    });

    const rival = await makeUser(t.app, 'Ольга');
    const theirs = await order(rival, l.slug, await makePoint(t.app, rival));
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().detail).toMatch(/сейчас оформляет другой покупатель/);
    expect(theirs.json().pending_order).toBeUndefined();

    // Cancelled: the buyer may order it again.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${placed.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await order(buyer, l.slug)).statusCode).toBe(201);
  });

  it('a listing with stock left still continues the unpaid order rather than doubling it', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2500, count: 3 }]);
    expect((await order(buyer, l.slug)).statusCode).toBe(201);
    const again = await order(buyer, l.slug);
    expect(again.statusCode).toBe(409);
    expect(again.json().pending_order.number).toMatch(/^V-/);
  });
});
