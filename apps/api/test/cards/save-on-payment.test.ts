/**
 * «Сохранить карту» when paying with a new card: an order created with `save_card` and paid at the test bank with
 * typed card fields leaves that card in the buyer's cards (the first one the default, so also the payout card);
 * without `save_card` no card is kept, and a declined payment keeps none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';

describe.runIf(dbAvailable())('saving the card paid with', () => {
  let t: TestContext;
  let seller: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    seller = await makeUser(t.app, 'Вера');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Orders one item with a new card and pays it at the bank with `number`; runs the jobs; returns the cards. */
  async function buyWithNewCard(buyer: TestUser, saveCard: boolean | undefined, number = '4111 1111 1111 1111') {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1290, count: 1 }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: {
        items: [{ slug: l.slug, size: 'M', count: 1 }],
        delivery_point: await makePoint(t.app, buyer),
        card: null,
        ...(saveCard === undefined ? {} : { save_card: saveCard }),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const gatewayId = new URL(created.json().payment.confirmation_url, 'http://x').pathname.split('/').pop();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${gatewayId}/pay`,
      payload: { number, exp_month: 12, exp_year: 2030, cvc: '321' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    while ((await t.app.jobs.runDue()) > 0) {
      /* until nothing is due */
    }
    return (await t.app.inject({ url: '/v1/self/cards/', headers: buyer.auth })).json() as {
      id: number;
      last4: string;
      is_default: boolean;
    }[];
  }

  it(
    'keeps the new card when asked, as the default; not when not asked, nor after a decline',
    { timeout: 60_000 },
    async () => {
      const anna = await makeUser(t.app, 'Анна');
      expect(await buyWithNewCard(anna, undefined)).toEqual([]);
      expect(await buyWithNewCard(anna, true, '4000 0000 0000 0002')).toEqual([]);
      const cards = await buyWithNewCard(anna, true);
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ last4: '1111', is_default: true });
    },
  );

  it('refuses a save_card that is not true or false, naming the field', async () => {
    const anna = await makeUser(t.app, 'Анна');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: anna.auth,
      payload: { items: [{ slug: 'x', size: 'M', count: 1 }], delivery_point: 1, save_card: 'да' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().save_card).toEqual(['Сохранить карту — true или false.']);
  });
});
