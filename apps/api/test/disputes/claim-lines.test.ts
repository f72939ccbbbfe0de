/**
 * A dispute as both sides meet it outside the claim screen: its steps as system lines in the order's conversation
 * (opened, a partial offer, escalated, decided — no «покупатель подтвердил получение» for a dispute's end), its
 * notices opening that order's page, and a full refund putting the item back on sale.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '@vitrina/contract/chats';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makePoint, makeUser } from '../buy-fixtures.js';
import { notifications, offers, orderItems, products } from '../../src/db/schema/index.js';
import { deliveredOrder, expectLedgerOk, postClaim, postReply, type Sides } from '../orders/claim-fixtures.js';
import { open, thread } from '../chats/fixtures.js';

describe.runIf(dbAvailable())('a dispute in the conversation, the notices and the stock', () => {
  let t: TestContext;
  let s: Sides;
  beforeAll(async () => {
    t = await createTestApp({ FEE_PERCENT: '10', FEE_MIN_RUB: '50' });
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    s = { app: t.app, seller, buyer, point: await makePoint(t.app, buyer) };
  });
  afterAll(() => t?.close());

  /** The order's conversation lines, oldest first, as the buyer reads them. */
  const lines = async (orderId: number) => {
    const res = await open(t.app, s.buyer, { order: orderId });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const page = await thread(t.app, s.buyer, (res.json() as Chat).id);
    return page.results.map((m) => m.text).reverse();
  };

  it('writes the claim, the partial offer and the agreed end in the order’s conversation; notices open the order', async () => {
    const o = await deliveredOrder(s, 3000);
    expect((await postClaim(t.app, s.buyer, o.id)).statusCode).toBe(201);
    const offer = await postReply(t.app, s.seller, o.id, { action: 'offer_partial', amount: '1000', text: 'Скидка' });
    expect(offer.statusCode, offer.body).toBe(200);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/claim/accept-offer/`,
      headers: s.buyer.auth,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await t.app.jobs.runDue();
    const text = await lines(o.id);
    const claimAt = text.findIndex((l) => l.startsWith('Покупатель открыл спор'));
    expect(claimAt).toBeGreaterThan(text.findIndex((l) => /доставлен/.test(l)));
    expect(text.slice(claimAt)).toEqual([
      expect.stringMatching(
        /^Покупатель открыл спор по заказу V-\d{4}-\d{6}: «Вещь не соответствует описанию»\. Продавец отвечает до \d+ \S+;/,
      ),
      expect.stringMatching(/^Продавец предлагает вернуть 1 000 ₽ по заказу V-\d{4}-\d{6}\. Покупатель отвечает до /),
      expect.stringMatching(
        /^Спор по заказу V-\d{4}-\d{6} закрыт по согласию сторон: покупателю возвращается 1 000 ₽, продавцу к выплате 1 800 ₽\.$/,
      ),
    ]);
    expect(text.some((l) => l.includes('покупатель подтвердил получение'))).toBe(false);

    const links = async (userId: number) =>
      (await t.app.db.select().from(notifications).where(eq(notifications.userId, userId)))
        .filter((n) => n.type.startsWith('claim_'))
        .map((n) => n.link);
    const sellerLinks = await links(s.seller.id);
    const buyerLinks = await links(s.buyer.id);
    expect(sellerLinks.length).toBeGreaterThan(0);
    expect(buyerLinks.length).toBeGreaterThan(0);
    expect(new Set(sellerLinks)).toEqual(new Set([`/account/sales?order=${o.id}`]));
    expect(new Set(buyerLinks)).toEqual(new Set([`/account/history?order=${o.id}`]));
  });

  it('a contest goes to staff with a line saying why', async () => {
    const o = await deliveredOrder(s, 2000);
    expect((await postClaim(t.app, s.buyer, o.id)).statusCode).toBe(201);
    expect((await postReply(t.app, s.seller, o.id, { action: 'contest', text: 'Всё было в порядке' })).statusCode).toBe(
      200,
    );
    await t.app.jobs.runDue();
    expect((await lines(o.id)).at(-1)).toMatch(
      /^Спор по заказу V-\d{4}-\d{6} передан Витрине: продавец не согласен с претензией\.$/,
    );
  });

  it('a full refund by the seller puts the item back on sale (a sold listing is active again)', async () => {
    const o = await deliveredOrder(s, 2700);
    const [item] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, o.id));
    const productOf = async () => (await t.app.db.select().from(products).where(eq(products.id, item!.productId)))[0]!;
    expect((await productOf()).status).toBe('sold');
    expect((await postClaim(t.app, s.buyer, o.id, { reason: 'damaged', text: '' })).statusCode).toBe(201);
    const acc = await postReply(t.app, s.seller, o.id, { action: 'accept', text: 'Извините' });
    expect(acc.statusCode, acc.body).toBe(200);
    await t.app.jobs.runDue();
    expect((await productOf()).status).toBe('active');
    const [size] = await t.app.db
      .select()
      .from(offers)
      .where(and(eq(offers.productId, item!.productId), eq(offers.id, item!.offerId)));
    expect(size!.count).toBe(1);
    expect((await lines(o.id)).at(-1)).toMatch(
      /^Спор по заказу V-\d{4}-\d{6} закрыт по согласию сторон: покупателю возвращается 2 700 ₽\.$/,
    );
    await expectLedgerOk(t.app);
  });
});
