/**
 * Cards under concurrent writes (issue «Buying»): switching the default card and saving one card token from
 * two accounts at the same instant.
 *
 * A race test: it runs only in the \`api-pg\` project (PostgreSQL), named \`*.race.test.ts\` (vitest.config.ts).
 * PGlite runs one query at a time on the event loop, so there these requests would simply queue up and
 * prove nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { cardState, gatewayToken, makeCard, makeUser, type TestUser } from '../buy-fixtures.js';
import { cards } from '../../src/db/schema/index.js';

describe.runIf(dbAvailable())('card races', () => {
  let t: TestContext;
  let buyer: TestUser;
  let thief: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    buyer = await makeUser(t.app, 'Анна');
    thief = await makeUser(t.app, 'Борис');
  });
  afterAll(() => t?.close());

  it('switches the default card under concurrent requests without a 500; exactly one default remains', async () => {
    const user = await makeUser(t.app, 'Карина');
    const ids: number[] = [];
    for (const pan of ['4111 1111 1111 1111', '5555 5555 5555 4444', '2200 0000 0000 0004', '4242 4242 4242 4242']) {
      ids.push(await makeCard(t.app, user, pan));
    }
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        ids.flatMap((id) =>
          [true, 'true'].map((v) =>
            t.app.inject({
              method: 'PUT',
              url: `/v1/self/card/${id}/`,
              headers: user.auth,
              payload: { is_default: v },
            }),
          ),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
      const list = (await t.app.inject({ url: '/v1/self/cards/', headers: user.auth })).json() as {
        is_default: boolean;
      }[];
      expect(list.filter((c) => c.is_default)).toHaveLength(1);
    }
    const removed = await Promise.all(
      ids.map((id) => t.app.inject({ method: 'DELETE', url: `/v1/self/card/remove/${id}/`, headers: user.auth })),
    );
    expect(removed.map((r) => r.statusCode)).toEqual(ids.map(() => 204));
  });

  it('gives a card token to exactly one account when two save it at the same instant', async () => {
    const token = await gatewayToken(t.app);
    const add = (user: TestUser, state: string) => {
      const form = multipart({ card_token: token, card_state: state });
      return t.app.inject({
        method: 'POST',
        url: '/v1/user/add-card/',
        headers: { ...user.auth, ...form.headers },
        payload: form.payload,
      });
    };
    const states = await Promise.all([buyer, thief, buyer, thief].map((u) => cardState(t.app, u)));
    const results = await Promise.all([
      add(buyer, states[0]!),
      add(thief, states[1]!),
      add(buyer, states[2]!),
      add(thief, states[3]!),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    const rows = await t.app.db.select().from(cards).where(eq(cards.token, token));
    expect(rows).toHaveLength(1);
  });
});
