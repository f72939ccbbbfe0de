/**
 * Notifications through real sockets (`ws` against the listening app) and HTTP, on PGlite and PostgreSQL: the initial
 * list and new notifications, nothing reaching the wrong user, a subscription's notification after its job, the REST
 * list and read marks, what arrives while a socket connects, settings. The socket's own life (tokens, sign-out,
 * limits, keep-alive, frames): notifications-socket.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Notification, NotificationsSocketMessage } from '@vitrina/contract/notifications';
import { notifications } from '../../src/db/schema/index.js';
import { sendInitial } from '../../src/modules/notifications/socket.js';
import { dbAvailable, signIn } from '../helpers.js';
import { makeListing, makeUser } from '../buy-fixtures.js';
import { newOf } from '../ws-client.js';
import { useNotificationsWorld } from './notifications-world.js';

describe.runIf(dbAvailable())('notifications socket and REST', () => {
  const w = useNotificationsWorld();

  it('sends the latest 50 newest first on connect, then each new one', async () => {
    const u = await makeUser(w.t.app);
    for (let i = 1; i <= 55; i += 1) {
      w.t.clock.advance(1000);
      await w.send(u.id, { title: `№${i}`, image: i === 55 ? '/media/x/320.webp' : null });
    }
    const { s, initial } = await w.connect(u);
    expect(initial).toHaveLength(50);
    expect(initial.map((n) => n.title)).toEqual(Array.from({ length: 50 }, (_, i) => `№${55 - i}`));
    expect(initial[0]).toEqual({
      id: expect.any(Number),
      type: 'new_subscriber',
      title: '№55',
      text: 'Проверка',
      link: '/account',
      image: '/media/x/320.webp',
      created_at: w.t.clock.now().toISOString(),
      read: false,
    });
    expect(initial[1]!.image).toBeNull();

    const id = await w.send(u.id, { title: 'Свежее' });
    const got = newOf(await s.next());
    expect(got).toMatchObject({ id, title: 'Свежее', read: false });
  });

  it('does not send again a notification of the initial list when its fan-out message comes late', async () => {
    const u = await makeUser(w.t.app);
    const early = await w.send(u.id, { title: 'Раннее' });
    const { s, initial } = await w.connect(u);
    expect(initial.map((n) => n.id)).toEqual([early]);
    // The late message of the one already listed, as the fan-out of another process may bring it.
    w.t.app.notificationHub.deliver(u.id, initial[0]!);
    const id = await w.send(u.id, { title: 'Следом' });
    expect(newOf(await s.next())).toMatchObject({ id, title: 'Следом' });
    expect(s.messages.map((m) => m.type)).toEqual(['initial_notifications', 'new_notification']);
  });

  it('delivers nothing to another user, not even on the same process', async () => {
    const a = await makeUser(w.t.app);
    const b = await makeUser(w.t.app);
    const sa = (await w.connect(a)).s;
    const sb = (await w.connect(b)).s;
    await w.send(a.id, { title: 'Для А' });
    expect(newOf(await sa.next()).title).toBe('Для А');
    // B's next message is B's own, sent after A's: A's never reached B.
    await w.send(b.id, { title: 'Для Б' });
    expect(newOf(await sb.next()).title).toBe('Для Б');
    expect(sb.messages.map((m) => m.type)).toEqual(['initial_notifications', 'new_notification']);
  });

  it('notifies the target of a subscription made through the API, after the job ran', async () => {
    const fan = await makeUser(w.t.app, 'Борис');
    const star = await makeUser(w.t.app, 'Вера');
    await makeListing(w.t.app, star.id); // a seller page to subscribe to
    const { s } = await w.connect(star);
    const res = await w.t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    expect(res.statusCode).toBe(200);
    expect(await w.t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(newOf(await s.next())).toMatchObject({
      type: 'new_subscriber',
      title: 'У вас новый подписчик',
      text: 'Борис Тестова теперь следит за вашими вещами.',
      // Борис never published: no seller page of his, so the link opens the star's list of subscribers
      link: '/account/sales-center',
      image: null,
    });
    // Subscribing again is no new fact; unsubscribing and subscribing again the same day notifies nobody.
    await w.t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    await w.t.app.inject({ method: 'POST', url: `/v1/social/unsubscribe/${star.id}/`, headers: fan.auth });
    await w.t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    await w.t.app.jobs.runDue();
    const rows = await w.t.app.db.select().from(notifications).where(eq(notifications.userId, star.id));
    expect(rows).toHaveLength(1);
    // Someone without a name in the profile.
    const nameless = await signIn(w.t.app);
    await w.t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: nameless.auth });
    await w.t.app.jobs.runDue();
    expect(newOf(await s.next()).text).toBe('Теперь за вашими вещами следит ещё один человек.');
  });

  it('lists pages of 20 newest first with unread_count; marks one and all read; only the owner', async () => {
    const u = await makeUser(w.t.app);
    const other = await makeUser(w.t.app);
    const ids: number[] = [];
    for (let i = 0; i < 23; i += 1) {
      w.t.clock.advance(1000);
      ids.push((await w.send(u.id, { title: `П${i}` }))!);
    }
    const page1 = await w.t.app.inject({ url: '/v1/notifications/', headers: u.auth });
    expect(page1.statusCode).toBe(200);
    const p1 = page1.json();
    expect(p1).toMatchObject({ count: 23, next: '/v1/notifications/?page=2', previous: null, unread_count: 23 });
    expect(p1.results).toHaveLength(20);
    expect(p1.results[0].id).toBe(ids[22]);
    const p2 = (await w.t.app.inject({ url: '/v1/notifications/?page=2', headers: u.auth })).json();
    expect(p2.results.map((n: Notification) => n.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await w.t.app.inject({ url: '/v1/notifications/?page=3', headers: u.auth })).statusCode).toBe(404);

    const read = await w.t.app.inject({ method: 'POST', url: `/v1/notifications/${ids[5]}/read/`, headers: u.auth });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ success: true, notification: { id: ids[5], read: true }, unread_count: 22 });
    // Someone else's notification, or none at all: 404; a bad id: 400 in Russian.
    for (const [who, id] of [
      [other, ids[6]],
      [u, 2_000_000_000],
    ] as const) {
      const res = await w.t.app.inject({ method: 'POST', url: `/v1/notifications/${id}/read/`, headers: who.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Уведомление не найдено.' });
    }
    const bad = await w.t.app.inject({ method: 'POST', url: '/v1/notifications/abc/read/', headers: u.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ id: [expect.stringMatching(/[а-я]/)] });
    expect((await w.t.app.inject({ url: '/v1/notifications/', headers: other.auth })).json()).toMatchObject({
      count: 0,
      unread_count: 0,
    });

    const all = await w.t.app.inject({ method: 'POST', url: '/v1/notifications/read-all/', headers: u.auth });
    expect(all.json()).toEqual({ success: true, marked: 22, unread_count: 0 });
    const after = (await w.t.app.inject({ url: '/v1/notifications/', headers: u.auth })).json();
    expect(after.unread_count).toBe(0);
    expect(after.results.every((n: Notification) => n.read)).toBe(true);
    for (const url of ['/v1/notifications/', '/v1/notifications/settings/']) {
      expect((await w.t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await w.t.app.inject({ method: 'POST', url: '/v1/notifications/read-all/' })).statusCode).toBe(401);
  });

  it('holds what arrives while a socket is connecting and sends after the initial list what that list lacks', async () => {
    const u = await makeUser(w.t.app);
    const sent: NotificationsSocketMessage[] = [];
    const socket = {
      readyState: 1,
      bufferedAmount: 0,
      send: (data: string) => sent.push(JSON.parse(data) as NotificationsSocketMessage),
      close: () => undefined,
    } as unknown as WebSocket;
    const conn = { socket, userId: u.id, tokenId: 0, missed: 0, held: [] as Notification[] };
    w.t.app.notificationHub.add(conn);
    const early = await w.send(u.id, { title: 'Во время подключения' });
    await expect.poll(() => conn.held.length).toBe(1);
    expect(sent).toEqual([]);
    // A renewal committed after the list was read: held as well, and the list will not have it.
    const renewed = { ...conn.held[0]!, title: 'Обновлено', created_at: new Date(Date.now() + 60_000).toISOString() };
    w.t.app.notificationHub.deliver(u.id, renewed);
    await sendInitial(w.t.app, conn);
    expect(sent.map((m) => m.type)).toEqual(['initial_notifications', 'new_notification']);
    const initial = sent[0]!.type === 'initial_notifications' ? sent[0]!.notifications : [];
    expect(initial.map((n) => [n.id, n.title])).toEqual([[early, 'Во время подключения']]);
    expect(newOf(sent[1]!)).toEqual(renewed);
    const later = await w.send(u.id, { title: 'После' });
    await expect.poll(() => sent.length).toBe(3);
    expect(newOf(sent[2]!).id).toBe(later);
    w.t.app.notificationHub.remove(conn);
  });

  it('reads and changes the settings; a type turned off is not made', async () => {
    const u = await makeUser(w.t.app);
    const get = await w.t.app.inject({ url: '/v1/notifications/settings/', headers: u.auth });
    expect(get.statusCode).toBe(200);
    const settings = get.json().settings as { type: string; site: boolean; sms: boolean | null; label: string }[];
    expect(settings.find((s) => s.type === 'order_paid')).toEqual({
      type: 'order_paid',
      label: expect.any(String),
      site: true,
      sms: true,
    });
    expect(settings.find((s) => s.type === 'new_listing')).toMatchObject({ site: true, sms: null });
    const put = await w.t.app.inject({
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
    expect(await w.send(u.id)).toBeNull();
    expect(await w.send(u.id, { type: 'order_completed' })).toBeTypeOf('number');

    const bad = await w.t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: u.auth,
      payload: { settings: [{ type: 'spam', site: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())[0]).toMatch(/^settings/);
  });

  it('documents the calls in the OpenAPI', async () => {
    const doc = (await w.t.app.inject({ url: '/v1/docs/json' })).json() as { paths: Record<string, object> };
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
