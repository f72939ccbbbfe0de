/**
 * A listing ordered while it is being deleted ends either ordered or deleted, never both.
 * PostgreSQL only (PGlite runs one query at a time, so nothing races there): the seller's DELETE and a buyer's
 * order of the last piece are sent together, the DELETE a little later each round (0 … 19 ms) so the two meet
 * at every point of their paths, 20 rounds with the same data.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, orderItems, orders, products } from '../../src/db/schema/index.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { createTestApp, dbAvailable, onPostgres, type TestContext } from '../helpers.js';

const ROUNDS = 20;

describe.runIf(onPostgres() && dbAvailable())('deleting a listing while it is ordered (PostgreSQL)', () => {
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

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** The listing's status, stock and the orders still holding or having bought it. */
  const endState = async (productId: number) => {
    const [p] = await t.app.db.select().from(products).where(eq(products.id, productId));
    const [o] = await t.app.db.select().from(offers).where(eq(offers.productId, productId));
    const live = await t.app.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.productId, productId));
    return {
      status: p!.status,
      stock: o!.count,
      live: live.filter((x) => ['awaiting_payment', 'paid'].includes(x.status)).length,
    };
  };

  it(`ends ordered or deleted, never both (${ROUNDS} rounds)`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 5000, count: 1 }], 'Пальто шерстяное');
      const [placed, removed] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/v1/sales/order/',
          headers: buyer.auth,
          payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
        }),
        sleep(round).then(() => t.app.inject({ method: 'DELETE', url: `/v1/products/${l.id}/`, headers: seller.auth })),
      ]);
      const state = await endState(l.id);
      const label = `round ${round}: order ${placed.statusCode} ${placed.body.slice(0, 120)}, delete ${removed.statusCode}`;
      if (removed.statusCode === 204) {
        // Deleted: the order was refused and rolled back — nothing reserved, nothing held.
        expect(placed.statusCode, label).toBe(400);
        expect(placed.json().items?.[0], label).toMatch(/не найден или снят с продажи/);
        expect(state, label).toEqual({ status: 'deleted', stock: 1, live: 0 });
        outcomes.push('deleted');
      } else {
        // Ordered: the delete was refused because a buyer holds the listing.
        expect(placed.statusCode, label).toBe(201);
        expect(removed.statusCode, label).toBe(400);
        expect(removed.json().detail, label).toMatch(/забронирован/);
        expect(state, label).toEqual({ status: 'reserved', stock: 0, live: 1 });
        outcomes.push('ordered');
      }
    }
    console.info(
      `delete vs order: ${outcomes.filter((o) => o === 'ordered').length} ordered, ${outcomes.filter((o) => o === 'deleted').length} deleted`,
    );
  });
});
