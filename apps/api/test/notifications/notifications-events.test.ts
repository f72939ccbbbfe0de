/**
 * The domain events that notify people, each caused through the API as a user would (orders, payments
 * at the test gateway, cancelling, expiry by the clock, shipping, receipt, subscriptions: the modules record the
 * events in their own transactions), then the jobs run: who gets what, with which words and links; the seller's
 * SMS with its daily limit and switch; a followed seller's listings aggregated per hour (same id, unread again,
 * sent again — the test fixtures write listings directly, so those events are emitted by the test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Notification } from '@vitrina/contract/notifications';
import { notifications, payments, productPhotos, products, subscriptions, users } from '../../src/db/schema/index.js';
import type { EventFacts } from '../../src/modules/jobs/index.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { newOf, openSocket } from '../ws-client.js';

describe.runIf(dbAvailable())('notifications of domain events', () => {
  let t: TestContext;
  let base: string;
  let seller: TestUser;
  let buyer: TestUser;
  let point: number;

  const emit = (payload: EventFacts<'listing.published'>) =>
    t.app.db.transaction((tx) => t.app.events.emit(tx, 'listing.published', payload));
  const emitAndRun = async (payload: EventFacts<'listing.published'>) => {
    await emit(payload);
    await t.app.jobs.runDue();
  };
  /** The user's notifications, newest first (through the REST call). */
  const listOf = async (u: TestUser): Promise<Notification[]> =>
    (await t.app.inject({ url: '/v1/notifications/?page_size=100', headers: u.auth })).json().results;
  const phoneOf = async (u: TestUser) =>
    (await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, u.id)))[0]!.phone!;
  const smsTo = async (u: TestUser) =>
    (await t.app.inject({ url: `/v1/dev/sms-outbox/?phone=${encodeURIComponent(await phoneOf(u))}` })).json()
      .results as { text: string }[];

  /** An order of one listing by `buyer`, through the API. */
  const order = async (title = 'Тренч из хлопка', price = 4990, photo?: string) => {
    const l = await makeListing(t.app, seller.id, [{ size: 'M', price, count: 1 }], title);
    if (photo) await t.app.db.insert(productPhotos).values({ productId: l.id, key: photo, width: 800, height: 1000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/sales/order/',
      headers: buyer.auth,
      payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
    });
    if (res.statusCode !== 201) throw new Error(`order ${res.statusCode}: ${res.body}`);
    const body = res.json() as { order: { id: number; number: string }; payment: { id: string } };
    return { id: body.order.id, number: body.order.number, paymentId: body.payment.id, listing: l };
  };
  /** Pays at the test gateway (the declined card fails). */
  const pay = async (paymentId: string, number = '4111 1111 1111 1111') => {
    const [row] = await t.app.db.select().from(payments).where(eq(payments.id, paymentId));
    const res = await t.app.inject({
      method: 'POST',
      url: `/testgateway/api/payments/${row!.providerPaymentId}/pay`,
      payload: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    return (res.json() as { status: string }).status;
  };

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0', FEE_PERCENT: '10', FEE_MIN_RUB: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    point = await makePoint(t.app, buyer);
  });
  afterAll(() => t?.close());

  it('order.paid: the seller hears «Продано … отправьте до» (site and SMS), the buyer «Оплата прошла»', async () => {
    const sellerSocket = openSocket(base, `token=${seller.auth.authorization.slice(6)}`);
    const buyerSocket = openSocket(base, `token=${buyer.auth.authorization.slice(6)}`);
    await sellerSocket.next((m) => m.type === 'initial_notifications');
    await buyerSocket.next((m) => m.type === 'initial_notifications');
    const o = await order('Тренч из хлопка', 4990, 'ab/cd/photo');
    expect(await pay(o.paymentId)).toBe('succeeded');
    // Paid 2026-11-22 15:00 Moscow: ship by the end of 27 November, Moscow time. The payment recorded order.paid.
    await t.app.jobs.runDue();

    const toSeller = newOf(await sellerSocket.next());
    expect(toSeller).toMatchObject({
      type: 'order_paid',
      title: 'Продано: Тренч из хлопка — отправьте до 27 ноября',
      text: `Заказ ${o.number} оплачен. Отправьте его до конца дня 27 ноября (по Москве) и укажите трек-номер.`,
      link: expect.stringMatching(/^\/account\/sales\?order=\d+$/),
      image: '/media/ab/cd/photo/320.webp',
      read: false,
    });
    const toBuyer = newOf(await buyerSocket.next());
    expect(toBuyer).toMatchObject({
      type: 'payment_succeeded',
      title: 'Оплата прошла',
      text: `Заказ ${o.number}: Тренч из хлопка, 4 990 ₽. Продавец отправит его до 27 ноября.`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
    expect((await smsTo(seller))[0]!.text).toBe(
      `Витрина: продано «Тренч из хлопка». Отправьте заказ ${o.number} до 27 ноября.`,
    );
    sellerSocket.close();
    buyerSocket.close();
  });

  it('sends the seller at most 3 SMS a day, none when switched off; the site notification comes anyway', async () => {
    const before = (await smsTo(seller)).length;
    for (let i = 0; i < 3; i += 1) {
      const o = await order(`Вещь ${i}`);
      await pay(o.paymentId);
      await t.app.jobs.runDue();
    }
    // The first test sent one: 3 in 24 hours.
    expect((await smsTo(seller)).length).toBe(before + 2);
    expect((await listOf(seller))[0]!.title).toMatch(/^Продано: Вещь 2 — отправьте до/);

    t.clock.advance(24 * 3_600_000);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: seller.auth,
      payload: { settings: [{ type: 'order_paid', sms: false }] },
    });
    expect(put.statusCode).toBe(200);
    const off = await order('Без SMS');
    await pay(off.paymentId);
    await t.app.jobs.runDue();
    expect((await smsTo(seller)).length).toBe(before + 2);
    expect((await listOf(seller))[0]!.title).toMatch(/^Продано: Без SMS/);

    await t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: seller.auth,
      payload: { settings: [{ type: 'order_paid', sms: true }] },
    });
    const on = await order('С SMS');
    await pay(on.paymentId);
    await t.app.jobs.runDue();
    expect((await smsTo(seller))[0]!.text).toMatch(/^Витрина: продано «С SMS»/);
  });

  it('order.payment_failed: the buyer hears it', async () => {
    const o = await order('Кеды');
    expect(await pay(o.paymentId, '4000 0000 0000 0002')).toBe('canceled');
    await t.app.jobs.runDue();
    expect((await listOf(buyer))[0]).toMatchObject({
      type: 'payment_failed',
      title: 'Оплата не прошла',
      text: `Банк отклонил оплату заказа ${o.number} (Кеды). Попробуйте оформить его ещё раз другой картой.`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
  });

  it('order.cancelled of an unpaid order: the buyer unless the buyer cancelled, never the seller', async () => {
    const o = await order('Свитер');
    const sellerBefore = (await listOf(seller)).length;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/cancel/`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode).toBe(200);
    const buyerBefore = (await listOf(buyer)).length;
    await t.app.jobs.runDue();
    expect((await listOf(buyer)).length).toBe(buyerBefore);

    const expired = await order('Шарф');
    t.clock.advance(16 * 60_000);
    const reason = 'Время на оплату истекло, товар снова в продаже.';
    await t.app.jobs.runDue(); // the order's expiry job cancels it and records order.cancelled; its handling runs next
    expect((await listOf(buyer))[0]).toMatchObject({
      type: 'order_cancelled',
      title: 'Заказ отменён: Шарф',
      text: `Заказ ${expired.number} отменён. ${reason}`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
    // The seller never saw either order.
    expect((await listOf(seller)).length).toBe(sellerBefore);
  });

  it('order.shipped: the buyer gets the tracking number; order.completed: the seller the payout', async () => {
    const o = await order('Пальто', 10_000);
    await pay(o.paymentId);
    const ship = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/ship/`,
      headers: seller.auth,
      payload: { tracking_number: '1234567890' },
    });
    expect(ship.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect((await listOf(buyer))[0]).toMatchObject({
      type: 'order_shipped',
      title: 'Заказ отправлен: Пальто',
      text: `Продавец отправил заказ ${o.number}. Трек-номер: 1234567890.`,
      link: expect.stringMatching(/^\/account\/history\?order=\d+$/),
    });
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${o.id}/confirm/`,
      headers: buyer.auth,
    });
    expect(confirm.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect((await listOf(seller))[0]).toMatchObject({
      type: 'order_completed',
      title: 'Сделка завершена: Пальто',
      text: `Покупатель подтвердил получение заказа ${o.number}. К выплате: 9 000 ₽.`,
      link: expect.stringMatching(/^\/account\/sales\?order=\d+$/),
    });
  });

  it('listing.published: followers get one notification per seller per hour, renewed with the same id', async () => {
    const owner = await makeUser(t.app, 'Анна');
    const fan = await makeUser(t.app, 'Борис');
    const quiet = await makeUser(t.app, 'Глеб');
    await makeListing(t.app, owner.id); // a seller page to subscribe to
    for (const f of [fan, quiet]) {
      await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${owner.id}/`, headers: f.auth });
    }
    await t.app.jobs.runDue();
    await t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: quiet.auth,
      payload: { settings: [{ type: 'new_listing', site: false }] },
    });
    const socket = openSocket(base, `token=${fan.auth.authorization.slice(6)}`);
    await socket.next((m) => m.type === 'initial_notifications');

    const publish = async (title: string, price: number) => {
      const l = await makeListing(t.app, owner.id, [{ size: 'M', price, count: 1 }], title);
      await emitAndRun({ listingId: l.id, ownerId: owner.id });
      return l;
    };
    const first = await publish('Платье', 2500);
    const n1 = newOf(await socket.next());
    expect(n1).toMatchObject({
      type: 'new_listing',
      title: 'Анна Тестова: новая вещь',
      text: 'Платье — 2 500 ₽',
      link: `/product/${first.slug}`,
      read: false,
    });
    await t.app.inject({ method: 'POST', url: `/v1/notifications/${n1.id}/read/`, headers: fan.auth });

    t.clock.advance(20 * 60_000);
    await publish('Юбка', 1800);
    await publish('Блузка', 1200);
    const n2 = newOf(await socket.next());
    const n3 = newOf(await socket.next());
    expect(n2.id).toBe(n1.id);
    expect(n3).toMatchObject({
      id: n1.id,
      title: 'Анна Тестова выставляет ещё 2 вещи',
      text: 'Новых вещей за час: 3. Последняя — Блузка, 1 200 ₽.',
      link: `/seller/${owner.id}`,
      read: false,
      created_at: t.clock.now().toISOString(),
    });
    let list = await listOf(fan);
    expect(list.filter((n) => n.type === 'new_listing')).toHaveLength(1);
    expect(list[0]!.id).toBe(n1.id);

    // An hour after the first: a new notification.
    t.clock.advance(41 * 60_000);
    await publish('Пиджак', 7000);
    const n4 = newOf(await socket.next());
    expect(n4.id).not.toBe(n1.id);
    expect(n4.title).toBe('Анна Тестова: новая вещь');
    list = await listOf(fan);
    expect(list.map((n) => n.id).slice(0, 2)).toEqual([n4.id, n1.id]);

    // A listing hidden before the job ran notifies nobody; nor does anything reach the follower who opted out.
    const hidden = await makeListing(t.app, owner.id, [{ size: 'M', price: 100, count: 1 }], 'Черновик');
    await emit({ listingId: hidden.id, ownerId: owner.id });
    await t.app.db.update(products).set({ status: 'draft' }).where(eq(products.id, hidden.id));
    await t.app.jobs.runDue();
    expect((await listOf(fan))[0]!.id).toBe(n4.id);
    const quietRows = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, quiet.id), eq(notifications.type, 'new_listing')));
    expect(quietRows).toEqual([]);
    socket.close();
  });

  it('listing.published: a seller with many followers is notified in chunks, each follower once', async () => {
    const owner = await makeUser(t.app, 'Ольга');
    const many = await t.app.db
      .insert(users)
      .values(Array.from({ length: 450 }, (_, i) => ({ firstName: `Подписчик ${i}` })))
      .returning({ id: users.id });
    await t.app.db
      .insert(subscriptions)
      .values(many.map((u) => ({ subscriberId: u.id, sellerId: owner.id, createdAt: t.clock.now() })));
    const l = await makeListing(t.app, owner.id, [{ size: 'M', price: 900, count: 1 }], 'Ремень');
    await emit({ listingId: l.id, ownerId: owner.id });
    // The event's job, then one job per 200 followers.
    expect(await t.app.jobs.runDue()).toBe(1 + 3);
    const made = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'new_listing'), eq(notifications.link, `/product/${l.slug}`)));
    expect(new Set(made.map((n) => n.userId)).size).toBe(450);
    expect(made).toHaveLength(450);
  });
});
