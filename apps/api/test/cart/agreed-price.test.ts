/**
 * The account's cart shows the price an order would charge now: a price agreed in the messenger while it holds
 * (24 h after acceptance), then the listing's price again — never an expired agreed price the order would not
 * charge. Everyone else's cart shows the listing's price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { answer, offered, openChat } from '../chats/fixtures.js';

describe.runIf(dbAvailable())('the cart at the agreed price', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const put = (u: TestUser, slug: string, price: number) =>
    t.app.inject({ method: 'PUT', url: '/v1/cart/', headers: u.auth, payload: [{ slug, size: 'M', count: 1, price }] });
  const cartPrice = async (u: TestUser) => {
    const res = await t.app.inject({ url: '/v1/cart/', headers: u.auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { price: number }[])[0]!.price;
  };

  it('shows the agreed price while it holds and the listing’s price after it expired', async () => {
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    const other = await makeUser(t.app, 'Глеб');
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 5000, count: 1 }]);
    const chat = await openChat(t.app, buyer, l.id);
    const o = await offered(t.app, buyer, chat.id, { price: 4000, size: 'M' });
    const ok = await answer(t.app, seller, o.id, 'accept');
    expect(ok.statusCode, ok.body).toBe(200);

    // The offer card puts the line in at the agreed price; the server answers with what an order charges.
    const saved = await put(buyer, l.slug, 4000);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().items[0].price).toBe(4000);
    expect(await cartPrice(buyer)).toBe(4000);
    // Another buyer who claims the same price in their cart sees the listing's.
    expect((await put(other, l.slug, 4000)).json().items[0].price).toBe(5000);

    const clock = await t.app.inject({
      method: 'POST',
      url: '/v1/dev/clock/',
      payload: { advance_seconds: 25 * 3600 },
    });
    expect(clock.statusCode, clock.body).toBe(200);
    expect(await cartPrice(buyer)).toBe(5000);
  });
});
