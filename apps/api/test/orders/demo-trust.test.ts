/**
 * The demo's trust signals: demo sellers have reviews (a rating and a count on their public card), and the service
 * level «Отправляет вовремя» of the demo sellers nobody plays is not dragged down when the clock moves past the
 * ship-by deadlines: only the README's seller (DEMO_SELLER_PHONE), whom a person plays and who may ship them, has
 * paid orders waiting to ship.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { orders, reviews, users } from '../../src/db/schema/index.js';
import { serviceLevel } from '../../src/modules/stats/service-level.js';

describe.runIf(dbAvailable())('demo trust signals', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gives demo sellers reviews and a rating on their public card', async () => {
    const all = await t.app.db.select().from(reviews);
    expect(all.length).toBeGreaterThan(0);
    const [first] = all;
    const card = (await t.app.inject({ url: `/v1/public/sellers/${first!.targetId}/` })).json();
    expect(card.reviews_count).toBeGreaterThan(0);
    expect(card.rating).toBeGreaterThanOrEqual(1);
    expect(card.rating).toBeLessThanOrEqual(5);
  });

  it('keeps the service level of the demo sellers nobody plays when the deadlines pass', async () => {
    // Paid orders waiting to ship belong to the seller a person plays (DEMO_SELLER_PHONE) only.
    const waiting = await t.app.db
      .select({ sellerId: orders.sellerId, phone: users.phone, paidAt: orders.paidAt })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.sellerId))
      .where(and(eq(orders.status, 'paid'), isNull(orders.shippedAt)));
    expect(waiting.length, 'the played seller has orders to ship').toBeGreaterThan(0);
    expect(waiting.every((o) => o.phone !== null)).toBe(true);

    const sellers = (
      await t.app.db
        .selectDistinct({ id: orders.sellerId })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.sellerId))
        .where(isNull(users.phone))
    ).map((r) => r.id);
    expect(sellers.length).toBeGreaterThan(0);
    const before = new Map<number, number | null>();
    for (const s of sellers) before.set(s, (await serviceLevel(t.app, s)).level);
    await t.app.jobs.ensureRecurring();
    // Past every ship-by deadline of the demo: two weeks after its last payment (the template is seeded at the test
    // clock's start, test-clock.ts; taken from the data, so the test holds wherever the seed's dates fall).
    const lastPaid = Math.max(...waiting.map((o) => o.paidAt!.getTime()));
    const advance = Math.ceil((lastPaid + 14 * 86_400_000 - t.clock.now().getTime()) / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/dev/clock/',
      payload: { advance_seconds: Math.max(advance, 14 * 86_400) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.db.select().from(orders).where(eq(orders.cancelledBy, 'deadline'))).not.toEqual([]);
    const dropped = [];
    for (const s of sellers) {
      const after = (await serviceLevel(t.app, s)).level;
      if ((after ?? 100) < (before.get(s) ?? 100)) dropped.push([s, before.get(s), after]);
    }
    expect(dropped).toEqual([]);
  });
});
