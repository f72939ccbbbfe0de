/**
 * What each side is told along the order path: one ship-by rule (`shipByDeadline`, the contract's
 * `BUYER_PROTECTION.shipWithinDays`) in the order's `ship_by`, the seller's «Продано» notice and SMS, each notice
 * opening that order's page; the buyer is not told «Вещь из избранного продана» about what they just bought (others
 * keeping it are); the seller hears nothing of a buyer's declined card, nor of an unpaid order the buyer cancelled or
 * let run out (they never saw it).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER_PROTECTION } from '@vitrina/contract/orders';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { notifications, orders, payments, smsOutbox, users } from '../../src/db/schema/index.js';
import { formatMoscowDate, SHIP_WITHIN_DAYS, shipByDeadline } from '../../src/lib/moscow-time.js';

describe.runIf(dbAvailable())('order path notices', () => {
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

  const noticesOf = (u: TestUser, type: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.id), eq(notifications.type, type)));
  /** Orders one piece as `buyer` and pays with `card` at the test bank; the jobs run. */
  const buy = async (slug: string, card = '4111 1111 1111 1111') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug, size: 'M', count: 1 }], delivery_point: point },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().order.id as number;
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.orderId, id));
    await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${pay!.providerPaymentId}/pay`,
      payload: { number: card, exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    await t.app.jobs.runDue();
    return (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  };

  it('states one ship-by day in the order, the «Продано» notice and the SMS, and the notice opens that order', async () => {
    expect(SHIP_WITHIN_DAYS).toBe(BUYER_PROTECTION.shipWithinDays);
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 3000, count: 1 }], 'Берет');
    const o = await buy(l.slug);
    expect(o.status).toBe('paid');
    const deadline = shipByDeadline(o.paidAt!);
    const day = formatMoscowDate(deadline);
    const seen = (await t.app.inject({ url: `/v1/sales/orders/${o.id}/`, headers: seller.auth })).json();
    expect(seen).toMatchObject({ status_label: 'Ждёт отправки', ship_by: deadline.toISOString() });
    const [sold] = (await noticesOf(seller, 'order_paid')).filter((n) => n.text.includes(o.number));
    expect(sold).toMatchObject({ title: `Продано: Берет — отправьте до ${day}`, link: `/account/sales?order=${o.id}` });
    const [paid] = (await noticesOf(buyer, 'payment_succeeded')).filter((n) => n.text.includes(o.number));
    expect(paid!.text).toContain(`Продавец отправит его до ${day}`);
    expect(paid!.link).toBe(`/account/history?order=${o.id}`);
    const [s] = await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, seller.id));
    const sms = await t.app.db.select().from(smsOutbox).where(eq(smsOutbox.phone, s!.phone!));
    expect(sms.some((m) => m.text.includes(o.number) && m.text.includes(`до ${day}`))).toBe(true);
  });

  it('tells those who keep a sold listing in favorites, but not its buyer', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 2000, count: 1 }], 'Сумка');
    const fan = await makeUser(t.app, 'Ольга');
    for (const u of [buyer, fan]) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/v1/favorites/${l.id}/add-to-favorites/`,
        headers: u.auth,
      });
      expect(r.statusCode, r.body).toBeLessThan(300);
    }
    expect((await buy(l.slug)).status).toBe('paid');
    await t.app.jobs.runDue();
    expect((await noticesOf(fan, 'favorite_sold')).map((n) => n.title)).toEqual(['Вещь из избранного продана: Сумка']);
    expect(await noticesOf(buyer, 'favorite_sold')).toEqual([]);
  });

  it('tells the buyer, not the seller, that the bank declined the card', async () => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1500, count: 1 }], 'Перчатки');
    const o = await buy(l.slug, '4000 0000 0000 0002');
    expect(o).toMatchObject({ status: 'cancelled', cancelledBy: 'payment' });
    await t.app.jobs.runDue();
    expect((await noticesOf(buyer, 'payment_failed')).some((n) => n.text.includes(o.number))).toBe(true);
    const sellerHeard = (await t.app.db.select().from(notifications).where(eq(notifications.userId, seller.id))).filter(
      (n) => n.text.includes(o.number),
    );
    expect(sellerHeard).toEqual([]);
  });

  it('tells the seller nothing of an unpaid order the buyer cancelled or let run out', async () => {
    const order = async (title: string) => {
      const l = await makeListing(t.app, seller.id, [{ size: 'M', price: 1200, count: 1 }], title);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/sales/order/',
        headers: buyer.auth,
        payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().order as { id: number; number: string };
    };
    const cancelled = await order('Шарф');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${cancelled.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const expired = await order('Ремень');
    const clock = await t.app.inject({ method: 'POST', url: '/v1/dev/clock/', payload: { advance_seconds: 3600 } });
    expect(clock.statusCode, clock.body).toBe(200);
    await t.app.jobs.runDue();
    const rows = await t.app.db.select().from(orders);
    expect(rows.find((o) => o.id === cancelled.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer' });
    expect(rows.find((o) => o.id === expired.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'expiry' });
    const sellerHeard = (await t.app.db.select().from(notifications).where(eq(notifications.userId, seller.id))).filter(
      (n) => n.text.includes(cancelled.number) || n.text.includes(expired.number),
    );
    expect(sellerHeard).toEqual([]);
  });
});
