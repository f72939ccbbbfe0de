/**
 * Deleting an account while a buyer orders the person's listing, on PostgreSQL with real concurrency:
 * every round ends one way — the order lands first and the deletion is refused (409), or the deletion lands and
 * the order is refused — never an order for a withdrawn listing of a deleted seller, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderItems, products, users } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, onPostgres, randomIp, type TestContext } from '../helpers.js';
import { makeCard, makeListing, makePoint, makeUser } from '../buy-fixtures.js';

describe.runIf(onPostgres() && dbAvailable())('account deletion racing an order', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('ends every round as either an order or a deletion', async () => {
    const buyer = await makeUser(t.app, 'Вера');
    const point = await makePoint(t.app, buyer);
    await makeCard(t.app, buyer);
    const outcomes = { ordered: 0, deleted: 0 };
    for (let round = 0; round < 12; round++) {
      const seller = await makeUser(t.app, 'Олег');
      const item = await makeListing(t.app, seller.id);
      const [{ phone }] = (await t.app.db
        .select({ phone: users.phone })
        .from(users)
        .where(eq(users.id, seller.id))) as [{ phone: string }];
      const sent = await t.app.inject({
        method: 'POST',
        url: '/v1/users/me/delete/send-code/',
        headers: seller.auth,
        remoteAddress: randomIp(),
      });
      expect(sent.statusCode).toBe(200);
      const code = (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results[0]
        .code as string;
      // The order starts 0–165 ms after the deletion (the code check takes a scrypt's time first), so the rounds
      // sweep the window in which the two meet; each round's outcome is checked whichever way it went.
      const [order, del] = await Promise.all([
        new Promise((r) => setTimeout(r, round * 15)).then(() =>
          t.app.inject({
            method: 'POST',
            url: '/v1/sales/order/',
            headers: buyer.auth,
            payload: { items: [{ slug: item.slug, size: 'M', count: 1 }], delivery_point: point },
          }),
        ),
        t.app.inject({
          method: 'POST',
          url: '/v1/users/me/delete/',
          headers: seller.auth,
          payload: { code },
          remoteAddress: randomIp(),
        }),
      ]);
      const ordered = await t.app.db.select().from(orderItems).where(eq(orderItems.productId, item.id));
      const [listing] = await t.app.db.select().from(products).where(eq(products.id, item.id));
      if (order.statusCode === 201) {
        expect(del.statusCode, del.body).toBe(409);
        expect(ordered).toHaveLength(1);
        outcomes.ordered += 1;
      } else {
        expect(order.statusCode, order.body).toBeLessThan(500);
        expect(del.statusCode, del.body).toBe(200);
        expect(ordered).toHaveLength(0);
        expect(listing!.status).toBe('deleted');
        outcomes.deleted += 1;
      }
    }
    expect(outcomes.ordered + outcomes.deleted).toBe(12);
  });
});
