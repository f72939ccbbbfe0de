/**
 * The messenger in real time across two server processes on one PostgreSQL: a message posted through process A
 * reaches the other participant's socket on process B at once (`new_message`, within `REAL_TIME_MS`), the read mark made on B reaches the
 * author's socket on A (`messages_read`), an accepted offer replaces its message on both sides, and nobody else's
 * socket hears any of it. PostgreSQL only (`*.race.test.ts`): PGlite is one process by nature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { NotificationsSocketMessage } from '@vitrina/contract/notifications';
import { createTestApp, dbAvailable, REAL_TIME_MS, onPostgres, secondProcess, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { openSocket, type TestSocket } from '../ws-client.js';
import { answer, offered, openChat, say } from './fixtures.js';

const tokenOf = (u: TestUser) => u.auth.authorization.slice('Token '.length);
const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

describe.runIf(onPostgres() && dbAvailable())('messenger sockets across two processes', () => {
  let t: TestContext;
  let b: { app: FastifyInstance; close(): Promise<void> };
  const sockets: TestSocket[] = [];

  const connect = async (app: FastifyInstance, u: TestUser) => {
    const s = openSocket(baseOf(app), `token=${tokenOf(u)}`);
    sockets.push(s);
    expect((await s.next()).type).toBe('initial_notifications');
    return s;
  };
  const isType = (type: NotificationsSocketMessage['type']) => (m: NotificationsSocketMessage) => m.type === type;

  beforeAll(async () => {
    t = await createTestApp();
    b = await secondProcess(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await b?.close();
    await t?.close();
  });

  it('a message posted through A reaches the seller’s socket on B at once; the read mark goes back to A', async () => {
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    const nosy = await makeUser(t.app, 'Борис');
    const l = await makeListing(t.app, seller.id);
    const onB = await connect(b.app, seller);
    const nosyOnB = await connect(b.app, nosy);
    const onA = await connect(t.app, buyer);
    const chat = await openChat(t.app, buyer, l.id);

    const sent = await say(t.app, buyer, chat.id, 'Здравствуйте! Ещё продаёте?');
    const got = await onB.next(isType('new_message'), REAL_TIME_MS);
    expect(got).toEqual({ type: 'new_message', message: { ...sent } });
    // The buyer's own message is not pushed back to the buyer.
    expect(onA.messages.some((m) => m.type === 'new_message')).toBe(false);

    const read = await b.app.inject({ method: 'POST', url: `/v1/chats/${chat.id}/read/`, headers: seller.auth });
    expect(read.statusCode).toBe(200);
    expect(await onA.next(isType('messages_read'), REAL_TIME_MS)).toEqual({
      type: 'messages_read',
      chat: chat.id,
      up_to: sent.id,
    });

    // An offer accepted on B: its message is sent again (same id, new state) to both sides.
    const o = await offered(t.app, buyer, chat.id, { price: 4_000 });
    const offerMsg = await onB.next((m) => m.type === 'new_message' && m.message.offer?.id === o.id, REAL_TIME_MS);
    expect(offerMsg.type === 'new_message' && offerMsg.message.offer!.status).toBe('pending');
    expect((await answer(b.app, seller, o.id, 'accept')).statusCode).toBe(200);
    const changed = await onA.next(
      (m) => m.type === 'new_message' && m.message.offer?.id === o.id && m.message.offer.status === 'accepted',
      REAL_TIME_MS,
    );
    expect(changed.type === 'new_message' && changed.message.chat).toBe(chat.id);
    expect(nosyOnB.messages.some((m) => m.type === 'new_message' || m.type === 'messages_read')).toBe(false);
  });
});
