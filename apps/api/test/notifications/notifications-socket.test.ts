/**
 * A notification socket's life, on PGlite and PostgreSQL: 4401 for a missing, malformed, unknown or revoked token;
 * signing out (one device, from the devices list, everywhere) closes that token's sockets; the 11th socket closes the
 * oldest; the keep-alive closes a socket that missed two pongs; client messages are ignored and a frame over 64 KB
 * closes the socket.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable, signIn } from '../helpers.js';
import { makeUser } from '../buy-fixtures.js';
import { newOf, type TestSocket } from '../ws-client.js';
import { useNotificationsWorld } from './notifications-world.js';

describe.runIf(dbAvailable())('notification sockets: tokens, sign-out, limits, keep-alive', () => {
  const w = useNotificationsWorld();

  it('closes with 4401 for a missing, malformed, unknown or revoked token', async () => {
    const revoked = await signIn(w.t.app);
    const out = await w.t.app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: revoked.auth });
    expect(out.statusCode).toBe(200);
    for (const q of [undefined, 'token=', 'token=abc', `token=${'0'.repeat(40)}`, `token=${revoked.token}`]) {
      const s = w.open(q);
      expect((await s.closedWithin()).code, q).toBe(4401);
      expect(s.messages).toEqual([]);
    }
  });

  it('signing out closes the sockets of that token only', async () => {
    const first = await signIn(w.t.app);
    const phone = first.phone;
    w.t.clock.advance(61_000);
    const second = await signIn(w.t.app, phone);
    const userId = (await w.t.app.inject({ url: '/v1/self/', headers: first.auth })).json().info.id as number;
    const s1 = (await w.connect({ id: userId, auth: first.auth })).s;
    const s2 = (await w.connect({ id: userId, auth: second.auth })).s;
    const out = await w.t.app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: first.auth });
    expect(out.statusCode).toBe(200);
    expect(await s1.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
    await w.send(userId, { title: 'После выхода' });
    expect(newOf(await s2.next()).title).toBe('После выхода');
    expect(s2.ws.readyState).toBe(s2.ws.OPEN);
  });

  it('signing a device out from the devices list (or everywhere) closes that device’s sockets', async () => {
    const first = await signIn(w.t.app);
    w.t.clock.advance(61_000);
    const second = await signIn(w.t.app, first.phone);
    const userId = (await w.t.app.inject({ url: '/v1/self/', headers: first.auth })).json().info.id as number;
    const s1 = (await w.connect({ id: userId, auth: first.auth })).s;
    const s2 = (await w.connect({ id: userId, auth: second.auth })).s;
    const list = (await w.t.app.inject({ url: '/v1/auth/sessions/', headers: second.auth })).json().results as {
      id: number;
      current: boolean;
    }[];
    const other = list.find((x) => !x.current)!;
    const out = await w.t.app.inject({ method: 'DELETE', url: `/v1/auth/sessions/${other.id}/`, headers: second.auth });
    expect(out.statusCode).toBe(200);
    expect(await s1.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
    expect(s2.ws.readyState).toBe(s2.ws.OPEN);
    await w.t.app.inject({ method: 'POST', url: '/v1/auth/logout-all/', headers: second.auth });
    expect(await s2.closedWithin()).toEqual({ code: 4401, reason: 'signed out' });
  });

  it('keeps at most 10 sockets per user: the 11th closes the oldest', async () => {
    const u = await makeUser(w.t.app);
    const conns: TestSocket[] = [];
    for (let i = 0; i < 11; i += 1) conns.push((await w.connect(u)).s);
    expect(await conns[0]!.closedWithin()).toEqual({ code: 4429, reason: 'too many sockets' });
    await w.send(u.id, { title: 'Всем' });
    for (const c of conns.slice(1)) expect(newOf(await c.next()).title).toBe('Всем');
    expect(w.t.app.notificationHub.sockets(u.id)).toHaveLength(10);
  });

  it('pings and closes a socket that missed two pongs', async () => {
    const u = await makeUser(w.t.app);
    const deaf = (await w.connect(u, { autoPong: false })).s;
    const alive = (await w.connect(u)).s;
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
      w.t.app.notificationHub.heartbeat();
      await pinged;
      await roundTrip();
    }
    expect(await deaf.closedWithin()).toEqual({ code: 4408, reason: 'no pong' });
    expect(pings).toBe(2);
    await w.send(u.id, { title: 'Живой' });
    expect(newOf(await alive.next()).title).toBe('Живой');
  });

  it('ignores client messages and closes a socket that sends a frame over 64 KB', async () => {
    const u = await makeUser(w.t.app);
    const { s } = await w.connect(u);
    s.ws.send('привет');
    s.ws.send(JSON.stringify({ type: 'read_all' }));
    s.ws.send(Buffer.from([0, 1, 2]));
    await w.send(u.id, { title: 'Всё ещё здесь' });
    expect(newOf(await s.next()).title).toBe('Всё ещё здесь');
    s.ws.send('x'.repeat(64 * 1024 + 1));
    expect((await s.closedWithin()).code).toBe(1009);
  });
});
