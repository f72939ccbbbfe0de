/**
 * The order events that notify people, each caused through the API as a user would (orders, payments at the test
 * gateway, cancelling, expiry by the clock, shipping, receipt: the modules record the events in their own
 * transactions), then the jobs run: who gets what, with which words and links; the seller's SMS with its daily limit
 * and switch. A followed seller's new listings: notifications-listings.test.ts; the world: notifications-events-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { newOf, openSocket } from '../ws-client.js';
import { useEventsWorld } from './notifications-events-world.js';

describe.runIf(dbAvailable())('notifications of domain events', () => {
  const w = useEventsWorld();
  const { listOf, smsTo, order, pay } = w;

  it('order.paid: the seller hears «Продано … отправьте до» (site and SMS), the buyer «Оплата прошла»', async () => {
    const sellerSocket = openSocket(w.base, `token=${w.seller.auth.authorization.slice(6)}`);
    const buyerSocket = openSocket(w.base, `token=${w.buyer.auth.authorization.slice(6)}`);
    await sellerSocket.next((m) => m.type === 'initial_notifications');
    await buyerSocket.next((m) => m.type === 'initial_notifications');
    const o = await order('Тренч из хлопка', 4990, 'ab/cd/photo');
    expect(await pay(o.paymentId)).toBe('succeeded');
    // Paid 2026-11-22 15:00 Moscow: ship by the end of 27 November, Moscow time. The payment recorded order.paid.
    await w.t.app.jobs.runDue();

    // The order's conversation gets its system message («Заказ … оплачен») from the same event, in its own job:
    // its `new_message` may come first on either socket.
    const notice = (m: { type: string }) => m.type === 'new_notification';
    const toSeller = newOf(await sellerSocket.next(notice));
    expect(toSeller).toMatchObject({
      type: 'order_paid',
      title: 'Продано: Тренч из хлопка — отправьте до 27 ноября',
      text: `Заказ ${o.number} оплачен. Отправьте его до конца дня 27 ноября (по Москве) и укажите трек-номер.`,
      link: expect.stringMatching(/^\/account\/sales\?order=\d+$/),
      image: '/media/ab/cd/photo/320.webp',
      read: false,
    });
    const toBuyer = newOf(await buyerSocket.next(notice));
    expect(toBuyer).toMatchObject({
      type: 'payment_succeeded',
      title: 'Оплата прошла',
      text: `Заказ ${o.number}: Тренч из хлопка, 4 990 ₽. Продавец отправит его до 27 ноября.`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
    expect((await smsTo(w.seller))[0]!.text).toBe(
      `Витрина: продано «Тренч из хлопка». Отправьте заказ ${o.number} до 27 ноября.`,
    );
    sellerSocket.close();
    buyerSocket.close();
  });

  it('sends the seller at most 3 SMS a day, none when switched off; the site notification comes anyway', async () => {
    const before = (await smsTo(w.seller)).length;
    for (let i = 0; i < 3; i += 1) {
      const o = await order(`Вещь ${i}`);
      await pay(o.paymentId);
      await w.t.app.jobs.runDue();
    }
    // The first test sent one: 3 in 24 hours.
    expect((await smsTo(w.seller)).length).toBe(before + 2);
    expect((await listOf(w.seller))[0]!.title).toMatch(/^Продано: Вещь 2 — отправьте до/);

    w.t.clock.advance(24 * 3_600_000);
    const put = await w.t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: w.seller.auth,
      payload: { settings: [{ type: 'order_paid', sms: false }] },
    });
    expect(put.statusCode).toBe(200);
    const off = await order('Без SMS');
    await pay(off.paymentId);
    await w.t.app.jobs.runDue();
    expect((await smsTo(w.seller)).length).toBe(before + 2);
    expect((await listOf(w.seller))[0]!.title).toMatch(/^Продано: Без SMS/);

    await w.t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: w.seller.auth,
      payload: { settings: [{ type: 'order_paid', sms: true }] },
    });
    const on = await order('С SMS');
    await pay(on.paymentId);
    await w.t.app.jobs.runDue();
    expect((await smsTo(w.seller))[0]!.text).toMatch(/^Витрина: продано «С SMS»/);
  });

  it('order.payment_failed: the buyer hears it', async () => {
    const o = await order('Кеды');
    expect(await pay(o.paymentId, '4000 0000 0000 0002')).toBe('canceled');
    await w.t.app.jobs.runDue();
    expect((await listOf(w.buyer))[0]).toMatchObject({
      type: 'payment_failed',
      title: 'Оплата не прошла',
      text: `Банк отклонил оплату заказа ${o.number} (Кеды). Попробуйте оформить его ещё раз другой картой.`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
  });

  it('order.cancelled of an unpaid order: the buyer unless the buyer cancelled, never the seller', async () => {
    const o = await order('Свитер');
    const sellerBefore = (await listOf(w.seller)).length;
    const cancel = await w.t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/cancel/`,
      headers: w.buyer.auth,
    });
    expect(cancel.statusCode).toBe(200);
    const buyerBefore = (await listOf(w.buyer)).length;
    await w.t.app.jobs.runDue();
    expect((await listOf(w.buyer)).length).toBe(buyerBefore);

    const expired = await order('Шарф');
    w.t.clock.advance(16 * 60_000);
    const reason = 'Время на оплату истекло, товар снова в продаже.';
    await w.t.app.jobs.runDue(); // the order's expiry job cancels it and records order.cancelled; its handling runs next
    expect((await listOf(w.buyer))[0]).toMatchObject({
      type: 'order_cancelled',
      title: 'Заказ отменён: Шарф',
      text: `Заказ ${expired.number} отменён. ${reason}`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
    // The seller never saw either order.
    expect((await listOf(w.seller)).length).toBe(sellerBefore);
  });

  it('order.shipped: the buyer gets the tracking number; order.completed: the seller the payout', async () => {
    const o = await order('Пальто', 10_000);
    await pay(o.paymentId);
    const ship = await w.t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/ship/`,
      headers: w.seller.auth,
      payload: { tracking_number: '1234567890' },
    });
    expect(ship.statusCode).toBe(200);
    await w.t.app.jobs.runDue();
    expect((await listOf(w.buyer))[0]).toMatchObject({
      type: 'order_shipped',
      title: 'Заказ отправлен: Пальто',
      text: `Продавец отправил заказ ${o.number}. Трек-номер: 1234567890.`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
    const confirm = await w.t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/confirm/`,
      headers: w.buyer.auth,
    });
    expect(confirm.statusCode).toBe(200);
    await w.t.app.jobs.runDue();
    expect((await listOf(w.seller))[0]).toMatchObject({
      type: 'order_completed',
      title: 'Сделка завершена: Пальто',
      text: `Покупатель подтвердил получение заказа ${o.number}. К выплате: 9 000 ₽.`,
      link: expect.stringMatching(/^\/account\/sales\?order=\d+$/),
    });
  });
});
