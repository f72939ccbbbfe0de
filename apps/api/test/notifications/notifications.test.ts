/**
 * Notifications through real sockets (`ws` against the listening app) and HTTP, on PGlite and
 * PostgreSQL: the initial list and new notifications, the REST list and read marks, 4401 for a missing, bad or
 * revoked token, sign-out closing the socket, nothing reaching the wrong user, the 11th socket closing the
 * oldest, the keep-alive, oversized frames and ignored client messages, settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Notification, NotificationsSocketMessage } from '@vitrina/contract/notifications';
import { notifications } from '../../src/db/schema/index.js';
import { notify, type NotificationInput } from '../../src/modules/notifications/index.js';
import { sendInitial } from '../../src/modules/notifications/socket.js';
import { createTestApp, dbAvailable, signIn, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { newOf, openSocket, type TestSocket } from '../ws-client.js';

const tokenOf = (u: TestUser) => u.auth.authorization.slice('Token '.length);

describe.runIf(dbAvailable())('notifications socket and REST', () => {
  let t: TestContext;
  let base: string;
  const sockets: TestSocket[] = [];
  const open = (query?: string, opts?: { autoPong?: boolean }) => {
    const s = openSocket(base, query, opts);
    sockets.push(s);
    return s;
  };
  const connect = async (u: TestUser, opts?: { autoPong?: boolean }) => {
    const s = open(`token=${tokenOf(u)}`, opts);
    const first = await s.next();
    expect(first.type).toBe('initial_notifications');
    return { s, initial: first.type === 'initial_notifications' ? first.notifications : [] };
  };
  /** Makes a notification in its own transaction (as an event handler would). */
  const send = (userId: number, input: Partial<NotificationInput> = {}) =>
    t.app.db.transaction((tx) =>
      notify(t.app, tx, userId, {
        type: 'new_subscriber',
        title: 'У вас новый подписчик',
        text: 'Проверка',
        link: '/account',
        ...input,
      }),
    );

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t?.close();
  });

  it('closes with 4401 for a missing, malformed, unknown or revoked token', async () => {
    const revoked = await signIn(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: revoked.auth });
    expect(out.statusCode).toBe(200);
    for (const q of [undefined, 'token=', 'token=abc', `token=${'0'.repeat(40)}`, `token=${revoked.token}`]) {
      const s = open(q);
      expect((await s.closedWithin()).code, q).toBe(4401);
      expect(s.messages).toEqual([]);
    }
  });

  it('sends the latest 50 newest first on connect, then each new one', async () => {
    const u = await makeUser(t.app);
    for (let i = 1; i <= 55; i += 1) {
      t.clock.advance(1000);
      await send(u.id, { title: `№${i}`, image: i === 55 ? '/media/x/320.webp' : null });
    }
    const { s, initial } = await connect(u);
    expect(initial).toHaveLength(50);
    expect(initial.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `№${55 - i}`));
    expect(initial[0]).toEqual({
      id: expect.any(Number),
      type: 'new_subscriber',
      title: '№55',
      text: 'Проверка',
      link: '/account',
      image: '/media/x/320.webp',
      created_at: t.clock.now().toISOString(),
      read: false,
    });
    expect(initial[1]!.image).toBeNull();

    const id = await send(u.id, { title: 'Свежее' });
    const got = newOf(await s.next());
    expect(got).toMatchObject({ id, title: 'Свежее', read: false });
  });

  it('does not send again a notification of the initial list when its fan-out message comes late', async () => {
    const u = await makeUser(t.app);
    const early = await send(u.id, { title: 'Раннее' });
    const { s, initial } = await connect(u);
    expect(initial.map((n) => n.id)).toEqual([early]);
    // The late message of the one already listed, as the fan-out of another process may bring it.
    t.app.notificationHub.deliver(u.id, initial[0]!);
    const id = await send(u.id, { title: 'Следом' });
    expect(newOf(await s.next())).toMatchObject({ id, title: 'Следом' });
    expect(s.messages.map((m) => m.type)).toEqual(['initial_notifications', 'new_notification']);
  });

  it('delivers nothing to another user, not even on the same process', async () => {
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const sa = (await connect(a)).s;
    const sb = (await connect(b)).s;
    await send(a.id, { title: 'Для А' });
    expect(newOf(await sa.next()).title).toBe('Для А');
    // B's next message is B's own, sent after A's: A's never reached B.
    await send(b.id, { title: 'Для Б' });
    expect(newOf(await sb.next()).title).toBe('Для Б');
    expect(sb.messages.map((m) => m.type)).toEqual(['initial_notifications', 'new_notification']);
  });

  it('notifies the target of a subscription made through the API, after the job ran', async () => {
    const fan = await makeUser(t.app, 'Борис');
    const star = await makeUser(t.app, 'Вера');
    await makeListing(t.app, star.id); // a seller page to subscribe to
    const { s } = await connect(star);
    const res = await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    expect(res.statusCode).toBe(200);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(newOf(await s.next())).toMatchObject({
      type: 'new_subscriber',
      title: 'У вас новый подписчик',
      text: 'Борис Тестова теперь следит за вашими вещами.',
      // Борис never published: no seller page of his, so the link opens the star's list of subscribers
      link: '/account/sales-center',
      image: null,
    });
    // Subscribing again is no new fact; unsubscribing and subscribing again the same day notifies nobody.
    await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    await t.app.inject({ method: 'POST', url: `/v1/social/unsubscribe/${star.id}/`, headers: fan.auth });
    await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    await t.app.jobs.runDue();
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, star.id));
    expect(rows).toHaveLength(1);
    // Someone without a name in the profile.
    const nameless = await signIn(t.app);
    await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: nameless.auth });
    await t.app.jobs.runDue();
    expect(newOf(await s.next()).text).toBe('Теперь за вашими вещами следит ещё один человек.');
  });

  it('lists pages of 20 newest first with unread_count; marks one and all read; only the owner', async () => {
    const u = await makeUser(t.app);
    const other = await makeUser(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      t.clock.advance(1000);
      ids.push((await send(u.id, { title: `П${i}` }))!);
    }
    const page1 = await t.app.inject({ url: '/v1/notifications/', headers: u.auth });
    expect(page1.statusCode).toBe(200);
    const p1 = page1.json();
    expect(p1).toMatchObject({ count: 23, next: '/v1/notifications/?page=2', previous: null, unread_count: 23 });
    expect(p1.results).toHaveLength(20);
    expect(p1.results[0].id).toBe(ids[22]);
    const p2 = (await t.app.inject({ url: '/v1/notifications/?page=2', headers: u.auth })).json();
    expect(p2.results.map((n: Notification) => n.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await t.app.inject({ url: '/v1/notifications/?page=3', headers: u.auth })).statusCode).toBe(404);

    const read = await t.app.inject({ method: 'POST', url: `/v1/notifications/${ids[5]}/read/`, headers: u.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ success: true, notification: { id: ids[5], read: true }, unread_count: 22 });
    // Someone else's notification, or none at all: 404; a bad id: 400 in Russian.
    for (const [who, id] of [
      [other, ids[6]],
      [u, 2_000_000_000],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/notifications/${id}/read/`, headers: who.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Уведомление не найдено.' });
    }
    const bad = await t.app.inject({ method: 'POST', url: '/v1/notifications/abc/read/', headers: u.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: [expect.stringMatching(/[а-я]/)] });
    expect((await t.app.inject({ url: '/v1/notifications/', headers: other.auth })).json()).toMatchObject({
      count: 0,
      unread_count: 0,
    });

    const all = await t.app.inject({ method: 'POST', url: '/v1/notifications/read-all/', headers: u.auth });
    expect(all.json()).toEqual({ success: true, marked: 22, unread_count: 0 });
    const after = (await t.app.inject({ url: '/v1/notifications/', headers: u.auth })).json();
    expect(after.unread_count).toBe(0);
    expect(after.results.every((n: Notification) => n.read)).toBe(true);
    for (const url of ['/v1/notifications/', '/v1/notifications/settings/']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/v1/notifications/read-all/' })).statusCode).toBe(401);
  });

  it('signing out closes the sockets of that token only', async () => {
    const first = await signIn(t.app);
    const phone = first.phone;
    t.clock.advance(61_000);
    const second = await signIn(t.app, phone);
    const userId = (await t.app.inject({ url: '/v1/self/', headers: first.auth })).json().info.id as number;
    const s1 = (await connect({ id: userId, auth: first.auth })).s;
    const s2 = (await connect({ id: userId, auth: second.auth })).s;
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: first.auth });
    expect(out.statusCode).toBe(200);
    expect(await s1.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
    await send(userId, { title: 'После выхода' });
    expect(newOf(await s2.next()).title).toBe('После выхода');
    expect(s2.ws.readyState).toBe(s2.ws.OPEN);
  });

  it('signing a device out from the devices list (or everywhere) closes that device’s sockets', async () => {
    const first = await signIn(t.app);
    t.clock.advance(61_000);
    const second = await signIn(t.app, first.phone);
    const userId = (await t.app.inject({ url: '/v1/self/', headers: first.auth })).json().info.id as number;
    const s1 = (await connect({ id: userId, auth: first.auth })).s;
    const s2 = (await connect({ id: userId, auth: second.auth })).s;
    const list = (await t.app.inject({ url: '/v1/auth/sessions/', headers: second.auth })).json().results as {
      id: number;
      current: boolean;
    }[];
    const other = list.find((x) => !x.current)!;
    const out = await t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${other.id}/`, headers: second.auth });
    expect(out.statusCode).toBe(200);
    expect(await s1.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
    expect(s2.ws.readyState).toBe(s2.ws.OPEN);
    await t.app.inject({ method: 'POST', url: '/v1/auth/logout-all/', headers: second.auth });
    expect(await s2.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
  });

  it('keeps at most 10 sockets per user: the 11th closes the oldest', async () => {
    const u = await makeUser(t.app);
    const conns: TestSocket[] = [];
    for (let i = 0; i < 11; i += 1) conns.push((await connect(u)).s);
    expect(await conns[0]!.closedWithin()).toEqual({ code: 4429, reason: 'too many sockets' });
    await send(u.id, { title: 'Всем' });
    for (const c of conns.slice(1)) expect(newOf(await c.next()).title).toBe('Всем');
    expect(t.app.notificationHub.sockets(u.id)).toHaveLength(10);
  });

  it('pings and closes a socket that missed two pongs', async () => {
    const u = await makeUser(t.app);
    const deaf = (await connect(u, { autoPong: false })).s;
    const alive = (await connect(u)).s;
    let pings = 0;
    deaf.ws.on('ping', () => (pings += 1));
    /** Our ping's pong comes after the server read everything we sent before it (our pongs included). */
    const roundTrip = () => {
      const pong = new Promise((r) => alive.ws.once('pong', r));
      alive.ws.ping();
      return pong;
    };
    for (let beat = 0; beat < 3; beat += 1) {
      const pinged = new Promise((r) => alive.ws.once('ping', r));
      t.app.notificationHub.heartbeat();
      await pinged;
      await roundTrip();
    }
    expect(await deaf.closedWithin()).toEqual({ code: 4408, reason: 'no pong' });
    expect(pings).toBe(2);
    await send(u.id, { title: 'Живой' });
    expect(newOf(await alive.next()).title).toBe('Живой');
  });

  it('ignores client messages and closes a socket that sends a frame over 64 KB', async () => {
    const u = await makeUser(t.app);
    const { s } = await connect(u);
    s.ws.send('привет');
    s.ws.send(JSON.stringify({ type: 'read_all' }));
    s.ws.send(Buffer.from([0, 1, 2]));
    await send(u.id, { title: 'Всё ещё здесь' });
    expect(newOf(await s.next()).title).toBe('Всё ещё здесь');
    s.ws.send('x'.repeat(64 * 1024 + 1));
    expect((await s.closedWithin()).code).toBe(1009);
  });

  it('holds what arrives while a socket is connecting and sends after the initial list what that list lacks', async () => {
    const u = await makeUser(t.app);
    const sent: NotificationsSocketMessage[] = [];
    const socket = {
      readyState: 1,
      bufferedAmount: 0,
      send: (data: string) => sent.push(JSON.parse(data) as NotificationsSocketMessage),
      close: () => undefined,
    } as unknown as WebSocket;
    const conn = { socket, userId: u.id, tokenId: 0, missed: 0, held: [] as Notification[] };
    t.app.notificationHub.add(conn);
    const early = await send(u.id, { title: 'Во время подключения' });
    await expect.poll(() => conn.held.length).toBe(1);
    expect(sent).toEqual([]);
    // A renewal committed after the list was read: held as well, and the list will not have it.
    const renewed = { ...conn.held[0]!, title: 'Обновлено', created_at: new Date(Date.now() + 60_000).toISOString() };
    t.app.notificationHub.deliver(u.id, renewed);
    await sendInitial(t.app, conn);
    expect(sent.map((m) => m.type)).toEqual(['initial_notifications', 'new_notification']);
    const initial = sent[0]!.type === 'initial_notifications' ? sent[0]!.notifications : [];
    expect(initial.map((n) => [n.id, n.title])).toEqual([[early, 'Во время подключения']]);
    expect(newOf(sent[1]!)).toEqual(renewed);
    const later = await send(u.id, { title: 'После' });
    await expect.poll(() => sent.length).toBe(3);
    expect(newOf(sent[2]!).id).toBe(later);
    t.app.notificationHub.remove(conn);
  });

  it('reads and changes the settings; a type turned off is not made', async () => {
    const u = await makeUser(t.app);
    const get = await t.app.inject({ url: '/v1/notifications/settings/', headers: u.auth });
    expect(get.statusCode).toBe(200);
    const settings = get.json().settings as { type: string; site: boolean; sms: boolean | null; label: string }[];
    expect(settings.find((s) => s.type === 'order_paid')).toEqual({
      type: 'order_paid',
      label: expect.any(String),
      site: true,
      sms: true,
    });
    expect(settings.find((s) => s.type === 'new_listing')).toMatchObject({ site: true, sms: null });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: u.auth,
      payload: {
        settings: [
          { type: 'new_subscriber', site: false },
          { type: 'order_paid', sms: false },
          { type: 'new_listing', sms: true },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const after = put.json().settings as { type: string; site: boolean; sms: boolean | null }[];
    expect(after.find((s) => s.type === 'new_subscriber')).toMatchObject({ site: false });
    expect(after.find((s) => s.type === 'order_paid')).toMatchObject({ site: true, sms: false });
    expect(after.find((s) => s.type === 'new_listing')).toMatchObject({ site: true, sms: null });
    expect(await send(u.id)).toBeNull();
    expect(await send(u.id, { type: 'order_completed' })).toBeTypeOf('number');

    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: u.auth,
      payload: { settings: [{ type: 'spam', site: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())[0]).toMatch(/^settings/);
  });

  it('documents the calls in the OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/v1/docs/json' })).json() as { paths: Record<string, object> };
    for (const p of [
      '/v1/notifications/',
      '/v1/notifications/{id}/read/',
      '/v1/notifications/read-all/',
      '/v1/notifications/settings/',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    // @fastify/websocket hides socket routes from the OpenAPI: the list call describes the socket.
    expect(JSON.stringify(doc.paths['/v1/notifications/'])).toContain('/ws/notifications/?token=');
  });
});
