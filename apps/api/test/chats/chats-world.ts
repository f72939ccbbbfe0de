/**
 * The people and listing of the messenger tests (chats-conversation and chats-rules in this folder): a seller with a
 * trench coat on sale, a buyer and a stranger, and the reads of a person's conversations, notices and read marks.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Chat, ChatPage } from '@vitrina/contract/chats';
import type { Notification } from '@vitrina/contract/notifications';
import { createTestApp, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';

/**
 * Registers the hooks that start the file's app with its people before its tests (set from the first test on; `chat`
 * is the conversation a test opens for the ones after it) and close it after them.
 */
export function useMessenger() {
  const w = {} as {
    t: TestContext;
    seller: TestUser;
    buyer: TestUser;
    stranger: TestUser;
    listing: { id: number; slug: string };
    chat: Chat;
  };

  beforeAll(async () => {
    w.t = await createTestApp();
    w.seller = await makeUser(w.t.app, 'Вера');
    w.buyer = await makeUser(w.t.app, 'Анна');
    w.stranger = await makeUser(w.t.app, 'Борис');
    w.listing = await makeListing(w.t.app, w.seller.id, [{ size: 'M', price: 8500, count: 2 }], 'Тренч из хлопка');
  });
  afterAll(() => w.t?.close());

  const list = async (u: TestUser) => (await w.t.app.inject({ url: '/v1/chats/', headers: u.auth })).json() as ChatPage;
  const notes = async (u: TestUser) =>
    ((await w.t.app.inject({ url: '/v1/notifications/', headers: u.auth })).json() as { results: Notification[] })
      .results;
  const read = (u: TestUser, id: number) =>
    w.t.app.inject({ method: 'POST', url: `/v1/chats/${id}/read/`, headers: u.auth });
  return Object.assign(w, { list, notes, read });
}
