/**
 * Reading a conversation lowers the bell: the `chat_message` notice it counted becomes read and every open socket of
 * the reader hears `notifications_read` `{ids, unread_count}` (the header's count follows without a reload).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsSocketMessage } from '@vitrina/contract/notifications';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { newOf, openSocket, type TestSocket } from '../ws-client.js';
import { openChat, say } from './fixtures.js';

const tokenOf = (u: TestUser) => u.auth.authorization.slice('Token '.length);

describe.runIf(dbAvailable())('the bell after a conversation is read', () => {
  let t: TestContext;
  let base: string;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t?.close();
  });
  const connect = async (u: TestUser) => {
    const s = openSocket(base, `token=${tokenOf(u)}`);
    sockets.push(s);
    expect((await s.next()).type).toBe('initial_notifications');
    return s;
  };
  const isType = (type: NotificationsSocketMessage['type']) => (m: NotificationsSocketMessage) => m.type === type;

  it('marks the conversation’s notice read and tells each of the reader’s tabs the new count', async () => {
    const seller = await makeUser(t.app, 'Вера');
    const buyer = await makeUser(t.app, 'Анна');
    const l = await makeListing(t.app, seller.id);
    const tab1 = await connect(seller);
    const tab2 = await connect(seller);
    const chat = await openChat(t.app, buyer, l.id);
    await say(t.app, buyer, chat.id, 'Здравствуйте! Размер маломерит?');
    await t.app.jobs.runDue();
    const notice = newOf(await tab1.next(isType('new_notification')));
    expect(notice).toMatchObject({ type: 'chat_message', read: false });
    const before = await t.app.inject({ url: '/v1/notifications/?page_size=1', headers: seller.auth });
    expect(before.json().unread_count).toBe(1);

    const read = await t.app.inject({ method: 'POST', url: `/v1/chats/${chat.id}/read/`, headers: seller.auth });
    expect(read.statusCode, read.body).toBe(200);
    for (const tab of [tab1, tab2])
      expect(await tab.next(isType('notifications_read'))).toEqual({
        type: 'notifications_read',
        ids: [notice.id],
        unread_count: 0,
      });
    const after = await t.app.inject({ url: '/v1/notifications/?page_size=1', headers: seller.auth });
    expect(after.json().unread_count).toBe(0);
  });
});
