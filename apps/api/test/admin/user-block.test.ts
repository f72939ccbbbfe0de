/**
 * Staff block and unblock an account: 401/403 before the body is read (an empty body included); the reason is
 * required; the account's tokens stop working and its socket on the other process closes; sign-in is refused
 * naming the reason; its unpaid orders (either side) are cancelled, its paid sales not yet shipped are cancelled
 * with the buyer's money returned, its shipped sale and its own paid purchase go on; its listings leave the public
 * shop on both processes at once; audit rows `user.block` / `user.unblock`; the unblock brings back exactly the
 * listings the block hid. The staff list finds the account by phone and by name and shows its orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications, orders, payments, products } from '../../src/db/schema/index.js';
import {
  createTestApp,
  dbAvailable,
  REAL_TIME_MS,
  randomIp,
  secondProcess,
  signIn,
  type TestContext,
} from '../helpers.js';
import { makeListing, makePoint, makeUser, placeOrder, placePaidOrder, type TestUser } from '../buy-fixtures.js';
import { openSocket, type TestSocket } from '../ws-client.js';
import { get, makeStaff, post } from './fixtures.js';

describe.runIf(dbAvailable())('blocking an account', () => {
  let t: TestContext;
  let other: Awaited<ReturnType<typeof secondProcess>>;
  let baseOther: string;
  let staff: TestUser;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_CACHE_MS: '3000', JOBS_POLL_MS: '0' });
    other = await secondProcess(t);
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    baseOther = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`;
    staff = await makeStaff(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await other?.close();
    await t?.close();
  });

  const publicStatus = async (app: FastifyInstance, slug: string) =>
    (await get(app, `/v1/public/products/${slug}/`)).statusCode;
  /** The public answers of `slugs` on both processes once all are `code`, within REAL_TIME_MS (real time: the fan-out). */
  const everywhere = async (slugs: string[], code: number) => {
    const until = Date.now() + REAL_TIME_MS;
    for (;;) {
      const got: number[] = [];
      for (const s of slugs) got.push(await publicStatus(t.app, s), await publicStatus(other.app, s));
      if (got.every((c) => c === code) || Date.now() > until) return [...new Set(got)];
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const orderStatus = async (id: number) =>
    (await t.app.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
  const verify = async (phone: string) => {
    t.clock.advance(61_000);
    await t.app.inject({ method: 'POST', url: '/v1/auth/send-code/', payload: { phone }, remoteAddress: randomIp() });
    const sms = (await get(t.app, `/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results[0];
    return t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-code/',
      payload: { phone, code: sms.code },
      remoteAddress: randomIp(),
    });
  };

  it('signs them out everywhere, refuses sign-in, settles their orders, hides their listings; unblock restores', async () => {
    const s = await signIn(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: s.auth,
      payload: { first_name: 'Игорь', last_name: 'Жуликов', city: 'Москва', about: '' },
    });
    const seller: TestUser = { id: (await get(t.app, '/v1/self/', s.auth)).json().info.id, auth: s.auth };
    const buyer = await makeUser(t.app, 'Анна');
    const payer = await makeUser(t.app, 'Борис');
    const shipped = await makeUser(t.app, 'Вера');
    const otherSeller = await makeUser(t.app, 'Галина');

    const unpaidL = await makeListing(t.app, seller.id, undefined, 'Сумка Kelly');
    const paidL = await makeListing(t.app, seller.id, undefined, 'Платок');
    const shownL = await makeListing(t.app, seller.id, undefined, 'Ремень');
    const shippedL = await makeListing(t.app, seller.id, undefined, 'Кошелёк');
    const draftL = await makeListing(t.app, seller.id, undefined, 'Шарф');
    await t.app.db.update(products).set({ status: 'draft' }).where(eq(products.id, draftL.id));
    const boughtL = await makeListing(t.app, otherSeller.id, undefined, 'Пальто');

    const unpaid = await placeOrder(t.app, buyer, unpaidL.slug, await makePoint(t.app, buyer));
    const paid = await placePaidOrder(t.app, payer, paidL.slug, await makePoint(t.app, payer));
    const sent = await placePaidOrder(t.app, shipped, shippedL.slug, await makePoint(t.app, shipped));
    const ship = await post(t.app, `/v1/sales/orders/${sent.order.id}/ship/`, seller.auth, {
      tracking_number: '1234567890',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const own = await placePaidOrder(t.app, seller, boughtL.slug, await makePoint(t.app, seller));
    await t.app.jobs.runDue();
    // Both processes keep the public answers in their micro-cache.
    expect(await everywhere([shownL.slug], 200)).toEqual([200]);
    const socket = openSocket(baseOther, `token=${s.token}`);
    sockets.push(socket);
    await socket.next((m) => m.type === 'initial_notifications');

    const url = `/v1/admin/users/${seller.id}/block/`;
    for (const u of [
      url,
      `/v1/admin/users/${seller.id}/unblock/`,
      '/v1/admin/users/',
      `/v1/admin/users/${seller.id}/`,
    ]) {
      const method = u.endsWith('block/') ? 'POST' : 'GET';
      const anon = await t.app.inject({ method, url: u });
      expect([anon.statusCode, anon.json().detail], u).toEqual([401, expect.any(String)]);
      const user = await t.app.inject({ method, url: u, headers: buyer.auth });
      expect([user.statusCode, user.json().detail], u).toEqual([403, expect.any(String)]);
    }
    const noReason = await post(t.app, url, staff.auth, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().reason[0]).toBe('Укажите причину блокировки.');
    expect((await post(t.app, '/v1/admin/users/999999/block/', staff.auth, { reason: 'x' })).statusCode).toBe(404);
    expect((await post(t.app, `/v1/admin/users/${staff.id}/block/`, staff.auth, { reason: 'x' })).statusCode).toBe(400);

    const blocked = await post(t.app, url, staff.auth, { reason: 'Продаёт подделки' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ id: seller.id, blocked: true, block_reason: 'Продаёт подделки' });
    expect(blocked.json().effects.cancelled_orders).toEqual([unpaid.order.id]);
    expect(blocked.json().effects.refunded_orders).toEqual([paid.order.id]);
    expect([...blocked.json().effects.listings].sort()).toEqual([unpaidL.id, paidL.id, shownL.id].sort());
    expect((await post(t.app, url, staff.auth, { reason: 'ещё раз' })).statusCode).toBe(409);

    // Signed out on every process: the socket on the other one closes, the token no longer works.
    expect(await socket.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
    expect((await get(t.app, '/v1/self/', seller.auth)).statusCode).toBe(401);
    const refused = await verify(s.phone);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      'Аккаунт заблокирован модератором: Продаёт подделки. Если это ошибка, напишите в поддержку.',
    );

    // Orders: unpaid cancelled, the paid sale refunded to the buyer, the shipped sale and their own purchase go on.
    await t.app.jobs.runDue();
    expect(await orderStatus(unpaid.order.id)).toBe('cancelled');
    expect(await orderStatus(paid.order.id)).toBe('cancelled');
    const [pay] = await t.app.db.select().from(payments).where(eq(payments.id, paid.payment.id));
    expect(pay!.status).toBe('refunded');
    expect(await orderStatus(sent.order.id)).toBe('shipped');
    expect(await orderStatus(own.order.id)).toBe('paid');
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, payer.id), eq(notifications.type, 'order_cancelled')));
    expect(told[0]?.text).toMatch(/Аккаунт продавца заблокирован модератором/);

    // The public shop: every listing that was on sale is gone on both processes at once; the draft stays.
    expect(await everywhere([unpaidL.slug, paidL.slug, shownL.slug], 404)).toEqual([404]);
    const seen = (await get(t.app, `/v1/admin/users/${seller.id}/`, staff.auth)).json();
    expect(seen).toMatchObject({
      name: 'Игорь Жуликов',
      block_reason: 'Продаёт подделки',
      active_listings: 0,
      listings_by_status: { blocked: 3, draft: 1, sold: 1 },
    });
    expect(seen.orders.map((o: { id: number; role: string }) => [o.id, o.role])).toEqual([
      [own.order.id, 'buyer'],
      [sent.order.id, 'seller'],
      [paid.order.id, 'seller'],
      [unpaid.order.id, 'seller'],
    ]);
    const audit = (await get(t.app, `/v1/admin/audit/?action=user.block&object_id=${seller.id}`, staff.auth)).json();
    expect(audit.results[0]).toMatchObject({ object_type: 'user', reason: 'Продаёт подделки' });
    expect(audit.results[0].details).toMatchObject({ refunded_orders: [paid.order.id], tokens: 1 });

    // Unblock: the hidden listings come back, the draft stays a draft, sign-in works.
    const back = await post(t.app, `/v1/admin/users/${seller.id}/unblock/`, staff.auth, { reason: 'Разобрались' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ blocked: false, block_reason: null });
    expect(await everywhere([unpaidL.slug, paidL.slug, shownL.slug], 200)).toEqual([200]);
    const [d] = await t.app.db.select({ s: products.status }).from(products).where(eq(products.id, draftL.id));
    expect(d!.s).toBe('draft');
    expect((await verify(s.phone)).statusCode).toBe(200);
    expect((await post(t.app, `/v1/admin/users/${seller.id}/unblock/`, staff.auth)).statusCode).toBe(409);
    const un = (await get(t.app, `/v1/admin/audit/?action=user.unblock`, staff.auth)).json();
    expect(un.results[0]).toMatchObject({ object_id: String(seller.id), reason: 'Разобрались' });
  });

  it('finds accounts by phone digits and by name', async () => {
    const s = await signIn(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: s.auth,
      payload: { first_name: 'Зинаида', last_name: 'Поисковая', city: 'Тверь', about: '' },
    });
    const byPhone = (await get(t.app, `/v1/admin/users/?q=${s.phone.slice(-7)}`, staff.auth)).json();
    expect(byPhone.results.map((u: { phone: string }) => u.phone)).toEqual([s.phone]);
    const with8 = (await get(t.app, `/v1/admin/users/?q=8${s.phone.slice(2)}`, staff.auth)).json();
    expect(with8.count).toBe(1);
    const byName = (await get(t.app, `/v1/admin/users/?q=${encodeURIComponent('зинаида поиск')}`, staff.auth)).json();
    expect(byName.results).toHaveLength(1);
    expect(byName.results[0]).toMatchObject({ name: 'Зинаида Поисковая', city: 'Тверь', blocked_at: null });
    expect((await get(t.app, `/v1/admin/users/?q=${encodeURIComponent('%')}`, staff.auth)).json().count).toBe(0);
    expect((await get(t.app, '/v1/admin/users/abc/', staff.auth)).statusCode).toBe(400);
    expect((await get(t.app, '/v1/admin/users/999999/', staff.auth)).statusCode).toBe(404);
  });
});
