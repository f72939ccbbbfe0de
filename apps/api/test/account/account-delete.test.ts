/**
 * «Удалить аккаунт» (152-ФЗ) through the real HTTP layer and a real notifications socket: the SMS code,
 * the erasure in one transaction, open orders blocking it, and the same phone signing up again as a new account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, or } from 'drizzle-orm';
import {
  authTokens,
  cards,
  deliveryPoints,
  events,
  favorites,
  notifications,
  orders,
  products,
  smsCodes,
  subscriptions,
  users,
} from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, randomIp, signIn, type TestContext } from '../helpers.js';
import { makeCard, makeListing, makePoint, makeUser, placeOrder, type TestUser } from '../buy-fixtures.js';
import { openSocket, type TestSocket } from '../ws-client.js';

describe.runIf(dbAvailable())('account deletion', () => {
  let t: TestContext;
  let base: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t?.close();
  });

  /** A user signed in through the real code flow (so they have a phone that gets SMS). */
  const person = async (firstName: string) => {
    const s = await signIn(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: s.auth,
      payload: { first_name: firstName, last_name: 'Смирнова', city: 'Москва', about: 'Люблю винтаж' },
    });
    const id = (await t.app.inject({ url: '/v1/self/', headers: s.auth })).json().info.id as number;
    return { id, auth: s.auth, phone: s.phone } as TestUser & { phone: string };
  };
  /** Asks for a deletion code (after the 60 s resend pause of the sign-in code). */
  const sendCode = (u: TestUser) => {
    t.clock.advance(61_000);
    return t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/send-code/',
      headers: u.auth,
      remoteAddress: randomIp(),
    });
  };
  const confirm = (u: TestUser, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/',
      headers: u.auth,
      payload: { code },
      remoteAddress: randomIp(),
    });
  const lastSms = async (phone: string) =>
    (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results[0] as {
      code: string;
      text: string;
    };
  const wrong = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

  it('erases the person in one go: data, listings, subscriptions, tokens and sockets; orders stay anonymised', async () => {
    const anna = await person('Анна');
    const seller = await makeUser(t.app, 'Олег');
    const fan = await makeUser(t.app, 'Вера');
    // Anna sells (an active listing and a draft), buys (a finished order), follows and is followed.
    const mine = await makeListing(t.app, anna.id);
    await t.app.db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.id, (await makeListing(t.app, anna.id)).id));
    const theirs = await makeListing(t.app, seller.id);
    const point = await makePoint(t.app, anna);
    await makeCard(t.app, anna);
    const bought = await placeOrder(t.app, anna, theirs.slug, point);
    await t.app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, bought.order.id));
    await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${seller.id}/`, headers: anna.auth });
    await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${anna.id}/`, headers: fan.auth });
    await t.app.db.insert(favorites).values({ userId: fan.id, productId: mine.id });
    await t.app.db.insert(favorites).values({ userId: anna.id, productId: theirs.id });
    await t.app.jobs.runDue();
    const named = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.groupKey, `subscriber:${anna.id}`));
    expect(named.map((n) => n.text)).toEqual(['Анна Смирнова теперь следит за вашими вещами.']);
    // Anna has published listings: her seller page is linked. The fan never has: Anna's list of subscribers is.
    expect(named[0]!.link).toBe(`/seller/${anna.id}`);
    const [fromFan] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.groupKey, `subscriber:${fan.id}`));
    expect(fromFan!.link).toBe('/account/sales-center');
    await t.app.db.insert(notifications).values({ userId: anna.id, type: 'new_subscriber', title: 'Т', text: '' });
    const token = anna.auth.authorization.slice('Token '.length);
    const socket = openSocket(base, `token=${token}`);
    sockets.push(socket);
    expect((await socket.next()).type).toBe('initial_notifications');

    const sent = await sendCode(anna);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, retry_after: 60, code_length: 6 });
    expect(sent.json().phone).toBe(`+7 ${anna.phone.slice(2, 5)} ***-**-${anna.phone.slice(-2)}`);
    const sms = await lastSms(anna.phone);
    expect(sms.text).toContain(`Код для удаления аккаунта в Витрине: ${sms.code}. Действует 5 минут.`);

    // A wrong code changes nothing.
    const bad = await confirm(anna, wrong(sms.code));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: ['Неверный код. Осталось попыток: 4.'] });
    expect((await t.app.inject({ url: '/v1/self/', headers: anna.auth })).statusCode).toBe(200);

    const ok = await confirm(anna, sms.code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true });

    // Signed out everywhere, the socket closed.
    expect((await t.app.inject({ url: '/v1/self/', headers: anna.auth })).statusCode).toBe(401);
    expect(await socket.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
    expect(await t.app.db.select().from(authTokens).where(eq(authTokens.userId, anna.id))).toEqual([]);
    // Personal data gone, the row anonymised for the orders.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, anna.id));
    expect(row).toMatchObject({
      phone: null,
      firstName: 'Удалённый',
      lastName: 'пользователь',
      avatar: null,
      city: '',
      about: '',
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    for (const table of [deliveryPoints, cards, notifications] as const) {
      expect(
        await t.app.db.select().from(table).where(eq(table.userId, anna.id)),
        table === cards ? 'cards' : '',
      ).toEqual([]);
    }
    expect(await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, anna.phone))).toEqual([]);
    // The seller's «Анна теперь следит за вашими вещами» went too (it named her).
    expect(
      await t.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.groupKey, `subscriber:${anna.id}`)),
    ).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(subscriptions)
        .where(or(eq(subscriptions.subscriberId, anna.id), eq(subscriptions.sellerId, anna.id))),
    ).toEqual([]);
    expect(await t.app.db.select().from(favorites).where(eq(favorites.userId, anna.id))).toEqual([]);
    // Listings withdrawn: not shown, not buyable; the fan's cart sees it unavailable.
    const statuses = await t.app.db.select({ s: products.status }).from(products).where(eq(products.ownerId, anna.id));
    expect(statuses.map((r) => r.s)).toEqual(['deleted', 'deleted']);
    expect((await t.app.inject(`/v1/public/products/${mine.slug}/`)).statusCode).toBe(404);
    const cart = await t.app.inject({
      method: 'POST',
      url: '/v1/product/check-availability/',
      payload: [{ slug: mine.slug, size: 'M', count: 1 }],
    });
    expect(cart.json()).toEqual({ success: true, unavailable_items: [{ slug: mine.slug, size: 'M' }] });
    // No public page, no new subscriptions.
    expect((await t.app.inject(`/v1/public/sellers/${anna.id}/`)).statusCode).toBe(404);
    const follow = await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${anna.id}/`, headers: fan.auth });
    expect(follow.statusCode).toBe(404);
    // The seller's order still there, the buyer anonymised.
    const view = await t.app.inject({ url: `/v1/sales/orders/${bought.order.id}/`, headers: seller.auth });
    expect(view.statusCode).toBe(200);
    expect(view.json().buyer).toMatchObject({
      id: anna.id,
      first_name: 'Удалённый',
      last_name: 'пользователь',
      avatar: null,
    });
    // The event, in the same transaction.
    const evs = await t.app.db.select().from(events).where(eq(events.type, 'user.deleted'));
    expect(evs.map((e) => e.payload)).toContainEqual({ userId: anna.id });

    // The same phone signs up again: a new, empty account.
    t.clock.advance(61_000);
    const again = await signIn(t.app, anna.phone);
    const info = (await t.app.inject({ url: '/v1/self/', headers: again.auth })).json().info;
    expect(info.id).not.toBe(anna.id);
    expect(info).toMatchObject({ phone: anna.phone, first_name: '', city: '', delivery_points: [] });
    expect((await t.app.inject({ url: '/v1/sales/orders/', headers: again.auth })).json().count).toBe(0);
  });

  it('is blocked by open orders on either side with a Russian 409 naming them', async () => {
    const buyer = await person('Ира');
    const seller = await person('Пётр');
    const item = await makeListing(t.app, seller.id);
    const point = await makePoint(t.app, buyer);
    await makeCard(t.app, buyer);
    const placed = await placeOrder(t.app, buyer, item.slug, point);
    const orderId = placed.order.id;

    const asBuyer = await sendCode(buyer);
    expect(asBuyer.statusCode).toBe(409);
    const body = asBuyer.json();
    expect(body.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        role: 'buyer',
        status: 'awaiting_payment',
        status_label: expect.any(String),
      }),
    ]);
    expect(body.detail).toMatch(/^Удалить аккаунт пока нельзя: не завершён заказ V-/);
    expect(body.detail).toContain('по покупкам — оплатите или отмените');
    expect(await lastSms(buyer.phone)).toMatchObject({ text: expect.not.stringContaining('удаления') });

    await t.app.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, orderId));
    const asSeller = await sendCode(seller);
    expect(asSeller.statusCode).toBe(409);
    expect(asSeller.json().orders).toEqual([expect.objectContaining({ role: 'seller', status: 'shipped' })]);
    expect(asSeller.json().detail).toContain('по продажам — отправьте оплаченные заказы');

    // A code sent before the order still cannot delete while it is open; once finished, it can.
    await t.app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
    expect((await sendCode(seller)).statusCode).toBe(200);
    const code = (await lastSms(seller.phone)).code;
    await t.app.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderId));
    const blocked = await confirm(seller, code);
    expect(blocked.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/v1/self/', headers: seller.auth })).statusCode).toBe(200);
    await t.app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
    expect((await confirm(seller, code)).statusCode).toBe(200);
    const [sold] = await t.app.db.select().from(products).where(eq(products.id, item.id));
    expect(sold!.status).toBe('deleted');
  });

  it('keeps sign-in codes and deletion codes apart, and needs a token', async () => {
    const u = await person('Лена');
    // The sign-in code that created the session cannot delete the account.
    const loginCode = (await lastSms(u.phone)).code;
    const res = await confirm(u, loginCode);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['Сначала запросите код.'] });
    // A deletion code cannot sign anyone in.
    t.clock.advance(61_000);
    await sendCode(u);
    const delCode = (await lastSms(u.phone)).code;
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-code/',
      payload: { phone: u.phone, code: delCode },
      remoteAddress: randomIp(),
    });
    expect(login.statusCode).toBe(400);
    expect(
      (
        await t.app.db
          .select()
          .from(smsCodes)
          .where(and(eq(smsCodes.phone, u.phone), eq(smsCodes.purpose, 'delete')))
      ).length,
    ).toBe(1);
    // Anonymous calls and bad bodies.
    expect((await t.app.inject({ method: 'POST', url: '/v1/users/me/delete/send-code/' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/users/me/delete/', payload: { code: delCode } })).statusCode,
    ).toBe(401);
    const letters = await confirm(u, 'abc');
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toEqual({ code: ['Код из SMS — 6 цифр.'] });
    // A number outside SMS_COUNTRIES (the list changed since sign-up) or none at all: a Russian 400, no code.
    const abroad = await makeUser(t.app, 'Джон');
    await t.app.db.update(users).set({ phone: '+447911123456' }).where(eq(users.id, abroad.id));
    const far = await sendCode(abroad);
    expect(far.statusCode).toBe(400);
    expect(far.json()).toEqual({
      detail:
        'Коды входа приходят только на номера страны: Россия. Подтвердить удаление по SMS нельзя — напишите в поддержку.',
    });
    await t.app.db.update(users).set({ phone: null }).where(eq(users.id, abroad.id));
    expect((await sendCode(abroad)).json()).toEqual({
      detail: 'У аккаунта нет номера телефона: код подтверждения отправить некуда.',
    });
    const none = await t.app.inject({ method: 'POST', url: '/v1/users/me/delete/', headers: u.auth, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ code: ['Введите код из SMS.'] });
  });
});
