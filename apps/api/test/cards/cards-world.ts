/**
 * The people of the card tests (cards-gateway and cards-saved in this folder): Анна and Борис, and the calls that
 * add a card to a user (through the card form's state) and tokenize one at the test gateway.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, multipart, type TestContext } from '../helpers.js';
import { cardState, makeUser, type TestUser } from '../buy-fixtures.js';

/**
 * Registers the hooks that start the file's app with its people before its tests (set from the first test on) and
 * close it after them.
 */
export function useCardPeople() {
  const w = {} as { t: TestContext; anna: TestUser; boris: TestUser };
  beforeAll(async () => {
    w.t = await createTestApp();
    w.anna = await makeUser(w.t.app, 'Анна');
    w.boris = await makeUser(w.t.app, 'Борис');
  });
  afterAll(() => w.t?.close());

  /** add-card as `user`; a card form is opened first unless `fields` names a `card_state` or there is no user. */
  const addCard = async (user: TestUser | null, fields: Record<string, string>) => {
    const state: Record<string, string> =
      user && !('card_state' in fields) ? { card_state: await cardState(w.t.app, user) } : {};
    const form = multipart({ ...fields, ...state });
    return w.t.app.inject({
      method: 'POST',
      url: '/v1/user/add-card/',
      headers: { ...(user?.auth ?? {}), ...form.headers },
      payload: form.payload,
    });
  };
  const tokenize = (body: Record<string, unknown>) =>
    w.t.app.inject({ method: 'POST', url: '/testgateway/api/cards/', payload: body });
  return Object.assign(w, { addCard, tokenize });
}
