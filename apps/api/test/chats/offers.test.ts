/**
 * Price offers in the messenger through the real HTTP layer: the limits (below the size's price, at least 70 %, three
 * per buyer and listing, one pending), who may answer (the other side; the author and strangers get 404), counters,
 * expiry after 24 h (a timed job), death when the listing sells out, and the accepted price charged by
 * `POST /v1/sales/order/` for that buyer alone (fee on it), everyone else paying the list price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@vitrina/contract/chats';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, placeOrder, placePaidOrder, type TestUser } from '../buy-fixtures.js';
import { answer, offer, offered, openChat, thread } from './fixtures.js';

const HOUR = 3_600_000;

describe.runIf(dbAvailable())('price offers', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10' });
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    other = await makeUser(t.app, 'Глеб');
    stranger = await makeUser(t.app, 'Борис');
  });
  afterAll(() => t?.close());

  it('checks the price and the size: below the list price, at least 70 %, a size that exists and is in stock', async () => {
    const l = await makeListing(t.app, seller.id, [
      { size: 'S', price: 10_000, count: 1 },
      { size: 'M', price: 12_000, count: 0 },
    ]);
    const c = await openChat(t.app, buyer, l.id);
    const high = await offer(t.app, buyer, c.id, { price: 10_000 });
    expect(high.statusCode).toBe(400);
    expect(high.json().price[0]).toBe('Предложите цену ниже цены объявления — 10 000 ₽.');
    const low = await offer(t.app, buyer, c.id, { price: 6_999 });
    expect(low.statusCode).toBe(400);
    expect(low.json().price[0]).toBe('Цена — не меньше 70 % от цены объявления: от 7 000 ₽.');
    expect((await offer(t.app, buyer, c.id, { price: 9_000, size: 'XL' })).json().size[0]).toMatch(/Размера «XL» нет/);
    expect((await offer(t.app, buyer, c.id, { price: 9_000, size: 'M' })).json().size[0]).toBe('Размер M уже купили.');
    expect((await offer(t.app, buyer, c.id, { price: 'много' })).statusCode).toBe(400);
    const bySeller = await offer(t.app, seller, c.id, { price: 9_000 });
    expect(bySeller.statusCode).toBe(400);
    expect(bySeller.json().offer[0]).toMatch(/только покупатель/);
    expect((await offer(t.app, stranger, c.id, { price: 9_000 })).statusCode).toBe(404);

    // One size in stock: the size may be left out.
    const made = await offered(t.app, buyer, c.id, { price: 7_000 });
    expect(made).toMatchObject({ price: 7_000, list_price: 10_000, size: 'S', status: 'pending', by: 'buyer' });
    expect(Date.parse(made.expires_at) - t.clock.now().getTime()).toBe(24 * HOUR);
    const again = await offer(t.app, buyer, c.id, { price: 8_000 });
    expect(again.statusCode).toBe(400);
    expect(again.json().offer[0]).toMatch(/одновременно может быть только одно/);
    const last = (await thread(t.app, seller, c.id)).results[0]!;
    expect(last).toMatchObject({ kind: 'offer', author: buyer.id, offer: { id: made.id, status: 'pending' } });
    expect(last.text).toBe('Предлагаю 7 000 ₽ за размер S (цена в объявлении 10 000 ₽).');
  });

  it('lets only the other side answer; three offers per listing at most; declined and countered states', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 5_000, count: 1 }]);
    const c = await openChat(t.app, buyer, l.id);
    const first = await offered(t.app, buyer, c.id, { price: 4_000, size: 'm' });
    for (const u of [buyer, stranger]) {
      const res = await answer(t.app, u, first.id, 'accept');
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Предложение не найдено.');
    }
    const declined = await answer(t.app, seller, first.id, 'decline');
    expect(declined.json()).toMatchObject({ id: first.id, status: 'declined' });
    expect((await answer(t.app, seller, first.id, 'accept')).statusCode).toBe(400);

    const second = await offered(t.app, buyer, c.id, { price: 4_100 });
    const low = await answer(t.app, seller, second.id, 'counter', { price: 4_000 });
    expect(low.statusCode).toBe(400);
    expect(low.json().price[0]).toMatch(/выше предложенной — 4 100 ₽/);
    const counter = await answer(t.app, seller, second.id, 'counter', { price: 4_600 });
    expect(counter.statusCode, counter.body).toBe(201);
    expect(counter.json()).toMatchObject({ price: 4_600, by: 'seller', status: 'pending', size: 'M' });
    // The seller made the counter: only the buyer answers it.
    expect((await answer(t.app, seller, counter.json().id, 'accept')).statusCode).toBe(404);
    const msgs = (await thread(t.app, buyer, c.id)).results;
    expect(msgs.find((m) => m.offer?.id === second.id)!.offer!.status).toBe('countered');
    expect((await answer(t.app, buyer, counter.json().id, 'decline')).json().status).toBe('declined');

    await offered(t.app, buyer, c.id, { price: 4_200 }).then((o) => answer(t.app, seller, o.id, 'decline'));
    const fourth = await offer(t.app, buyer, c.id, { price: 4_300 });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().offer[0]).toBe('Не больше 3 предложений цены по одному объявлению.');
  });

  it('expires a pending offer after 24 hours, with a line in the thread', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 3_000, count: 1 }]);
    const c = await openChat(t.app, buyer, l.id);
    const o = await offered(t.app, buyer, c.id, { price: 2_500 });
    t.clock.advance(24 * HOUR + 1000);
    await t.app.jobs.runDue();
    const page = (await thread(t.app, seller, c.id)).results;
    expect(page[0]).toMatchObject({ kind: 'system', author: null });
    expect(page[0]!.text).toMatch(/^Срок предложения 2 500 ₽ истёк/);
    expect(page.find((m) => m.offer?.id === o.id)!.offer!.status).toBe('expired');
    const late = await answer(t.app, seller, o.id, 'accept');
    expect(late.statusCode).toBe(400);
    // An expired offer frees the buyer to offer again.
    expect((await offer(t.app, buyer, c.id, { price: 2_600 })).statusCode).toBe(201);
  });

  it('charges the accepted price to that buyer alone for 24 h, the fee on it; others pay the list price', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 4_990, count: 3 }]);
    const c = await openChat(t.app, buyer, l.id);
    const o = await offered(t.app, buyer, c.id, { price: 4_000 });
    const acc = await answer(t.app, seller, o.id, 'accept');
    expect(acc.statusCode, acc.body).toBe(200);
    expect(acc.json()).toMatchObject({ status: 'accepted' });
    expect(Date.parse(acc.json().valid_until) - t.clock.now().getTime()).toBe(24 * HOUR);
    const line = (await thread(t.app, buyer, c.id)).results[0] as ChatMessage;
    expect(line).toMatchObject({ kind: 'offer', author: seller.id, offer: { id: o.id, status: 'accepted' } });

    const agreed = await t.app.inject({ url: '/v1/offers/agreed/', headers: buyer.auth });
    expect(agreed.json().results).toEqual([
      expect.objectContaining({ offer: o.id, product: l.id, slug: l.slug, size: 'M', price: 4_000, list_price: 4_990 }),
    ]);
    expect((await t.app.inject({ url: '/v1/offers/agreed/', headers: other.auth })).json().results).toEqual([]);

    const mine = await placePaidOrder(t.app, buyer, l.slug, await makePoint(t.app, buyer));
    expect(mine.order.total).toBe(4_000);
    const read = await t.app.inject({ url: `/v1/sales/orders/${mine.order.id}/`, headers: seller.auth });
    expect(read.json()).toMatchObject({ total: 4_000, fee: 400, payout: 3_600 });

    const theirs = await placeOrder(t.app, other, l.slug, await makePoint(t.app, other));
    expect(theirs.order.total).toBe(4_990);

    t.clock.advance(24 * HOUR + 1000);
    const later = await placeOrder(t.app, buyer, l.slug, await makePoint(t.app, buyer));
    expect(later.order.total).toBe(4_990);
  });

  it('kills the offers of a listing that sold out, and refuses to accept one whose size is gone', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 6_000, count: 1 }]);
    const c = await openChat(t.app, buyer, l.id);
    const o = await offered(t.app, buyer, c.id, { price: 5_000 });
    await placePaidOrder(t.app, other, l.slug, await makePoint(t.app, other));
    await t.app.jobs.runDue();
    const page = (await thread(t.app, buyer, c.id)).results;
    expect(page.find((m) => m.offer?.id === o.id)!.offer!.status).toBe('cancelled');
    expect(page.some((m) => m.kind === 'system' && /Вещь продана/.test(m.text))).toBe(true);
    const res = await answer(t.app, seller, o.id, 'accept');
    expect(res.statusCode).toBe(400);

    // A size sold out without the event (another size left): accepting marks the offer dead.
    const two = await makeListing(t.app, seller.id, [
      { size: 'S', price: 6_000, count: 1 },
      { size: 'M', price: 6_000, count: 1 },
    ]);
    const c2 = await openChat(t.app, buyer, two.id);
    const o2 = await offered(t.app, buyer, c2.id, { price: 5_000, size: 'M' });
    await placePaidOrder(t.app, other, two.slug, await makePoint(t.app, other));
    const dead = await answer(t.app, seller, o2.id, 'accept');
    expect(dead.statusCode).toBe(400);
    expect(dead.json().offer[0]).toMatch(/уже продана или снята с продажи/);
  });
});
