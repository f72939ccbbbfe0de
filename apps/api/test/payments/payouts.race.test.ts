/**
 * A payout card saved while the payout job finds none: the payout must not be left waiting for a card
 * the seller already has. A race test (PostgreSQL only, `*.race.test.ts`): each round a seller without a card gets
 * an order completed, then the payout job and «add card» run at the same moment; afterwards every payout is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import {
  makeCard,
  makeListing,
  makePoint,
  makeUser,
  placePaidOrder,
  shipAndConfirm,
  type TestUser,
} from '../buy-fixtures.js';
import { payouts } from '../../src/db/schema/index.js';
import { checkLedger } from '../../src/modules/ledger/index.js';

const ROUNDS = 12;

describe.runIf(dbAvailable())('payout job vs the seller adding a payout card', () => {
  let t: TestContext;
  let buyer: TestUser;
  let point: number;
  beforeAll(async () => {
    t = await createTestApp();
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  const completed = async (seller: TestUser) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1000, count: 1 }]);
    const { order } = await placePaidOrder(t.app, buyer, l.slug, point);
    await shipAndConfirm(t.app, seller, buyer, order.id);
    return order.id;
  };

  it(`${ROUNDS} rounds: every payout is sent, none left waiting for a card`, async () => {
    const ids: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const seller = await makeUser(t.app, 'Вера');
      const id = await completed(seller);
      ids.push(id);
      // The completion's subscriber makes the payout and queues its job, which races the new card.
      // Two workers: one runs the payout, the other the card's `card.added` as soon as the card is saved.
      await Promise.all([t.app.jobs.runDue(), makeCard(t.app, seller).then(() => t.app.jobs.runDue())]);
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
    }
    const rows = await t.app.db.select().from(payouts);
    const mine = rows.filter((p) => ids.includes(p.orderId));
    expect(mine.map((p) => p.status)).toEqual(ids.map(() => 'sent'));
    expect((await checkLedger(t.app.db)).mismatches).toEqual([]);
  }, 120_000);
});
