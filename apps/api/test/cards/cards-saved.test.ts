/**
 * A user's saved cards (issue «Buying»): save, list, update and remove (the first is the default), unknown, missing
 * and repeated tokens refused, a planted card link refused, one user's cards hidden from another. The people:
 * cards-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable, multipart } from '../helpers.js';
import { cardState, gatewayToken, makeUser, type TestUser } from '../buy-fixtures.js';
import { authTokens } from '../../src/db/schema/index.js';
import { hashToken, newTokenKey } from '../../src/plugins/auth.js';

import { useCardPeople } from './cards-world.js';

describe.runIf(dbAvailable())('cards: saved cards', () => {
  const w = useCardPeople();
  const { addCard } = w;

  it('saves, lists, updates and removes cards; the first is the default', async () => {
    const first = await addCard(w.anna, { card_token: await gatewayToken(w.t.app) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      brand: 'Visa',
      last4: '1111',
      exp_month: 12,
      exp_year: 2030,
      name: '',
      is_default: true,
    });
    const second = (
      await addCard(w.anna, { card_token: await gatewayToken(w.t.app, '5555 5555 5555 4444'), name: 'Зарплатная' })
    ).json();
    expect(second).toMatchObject({ brand: 'Mastercard', last4: '4444', name: 'Зарплатная', is_default: false });

    const list = (await w.t.app.inject({ url: '/v1/self/cards/', headers: w.anna.auth })).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([first.json().id, second.id]);
    const one = await w.t.app.inject({ url: `/v1/self/card/${second.id}/`, headers: w.anna.auth });
    expect(one.json()).toEqual(second);

    const upd = await w.t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${second.id}/`,
      headers: w.anna.auth,
      payload: { is_default: true, name: 'Основная' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ is_default: true, name: 'Основная' });
    const form = multipart({ name: 'Для покупок' });
    const updMultipart = await w.t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${first.json().id}/`,
      headers: { ...w.anna.auth, ...form.headers },
      payload: form.payload,
    });
    expect(updMultipart.json()).toMatchObject({ name: 'Для покупок', is_default: false });
    const after = (await w.t.app.inject({ url: '/v1/self/cards/', headers: w.anna.auth })).json();
    expect(after[0]).toMatchObject({ id: second.id, is_default: true });
    expect(after.filter((c: { is_default: boolean }) => c.is_default)).toHaveLength(1);

    const badUpd = await w.t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${second.id}/`,
      headers: w.anna.auth,
      payload: { is_default: 'может быть' },
    });
    expect(badUpd.statusCode).toBe(400);

    const del = await w.t.app.inject({
      method: 'DELETE',
      url: `/v1/self/card/remove/${second.id}/`,
      headers: w.anna.auth,
    });
    expect(del.statusCode).toBe(204);
    const rest = (await w.t.app.inject({ url: '/v1/self/cards/', headers: w.anna.auth })).json();
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ id: first.json().id, is_default: true });
    expect((await w.t.app.inject({ url: `/v1/self/card/${second.id}/`, headers: w.anna.auth })).statusCode).toBe(404);
  });

  it('rejects unknown, missing and repeated tokens', async () => {
    expect((await addCard(w.anna, { card_token: 'tok_00000000000000000000000000000000' })).statusCode).toBe(400);
    const missing = await addCard(w.anna, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().card_token).toEqual(['Обязательное поле.']);
    const token = await gatewayToken(w.t.app);
    expect((await addCard(w.anna, { card_token: token })).statusCode).toBe(201);
    const again = await addCard(w.anna, { card_token: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().card_token[0]).toMatch(/уже сохранена/);
    expect((await addCard(null, { card_token: token })).statusCode).toBe(401);
  });

  it('refuses a planted card link: a token saves only with a card-form state of this session, once, in time', async () => {
    const victim = await makeUser(w.t.app, 'Валерия');
    const attacker = await makeUser(w.t.app, 'Борис');
    const cardsOf = async (u: TestUser) => (await w.t.app.inject({ url: '/v1/self/cards/', headers: u.auth })).json();
    const refused = (res: { statusCode: number; json: () => { card_state?: string[] } }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().card_state?.[0]).toMatch(/Карта не сохранена.*Добавить карту/);
    };
    // `/account?card_token=<the attacker's token>`: no state → refused, nothing saved.
    const planted = await gatewayToken(w.t.app, '5555 5555 5555 4444');
    refused(await addCard(victim, { card_token: planted, card_state: '' }));
    refused(await addCard(victim, { card_token: planted, card_state: 'x' }));
    // The attacker's own state in the link is bound to the attacker's session.
    refused(await addCard(victim, { card_token: planted, card_state: await cardState(w.t.app, attacker) }));
    // A state forged from a real one (another expiry) fails its MAC.
    const real = await cardState(w.t.app, victim);
    const [exp, nonce, sig] = real.split('.');
    refused(await addCard(victim, { card_token: planted, card_state: `${Number(exp) + 1}.${nonce}.${sig}` }));
    // Another session of the same user did not open this form.
    const other = await w.t.app.inject({ method: 'POST', url: '/v1/user/card-form/', headers: victim.auth });
    const key = newTokenKey();
    await w.t.app.db.insert(authTokens).values({ userId: victim.id, keyHash: hashToken(key) });
    const secondSession = { id: victim.id, auth: { authorization: `Token ${key}` } };
    refused(await addCard(secondSession, { card_token: planted, card_state: other.json().card_state }));
    // Expired after 30 minutes.
    const old = await cardState(w.t.app, victim);
    w.t.clock.advance(30 * 60_000 + 1);
    refused(await addCard(victim, { card_token: planted, card_state: old }));
    expect(await cardsOf(victim)).toEqual([]);

    // The site's way: a state from the card form comes back with the token → saved, once.
    const fresh = await cardState(w.t.app, victim);
    const saved = await addCard(victim, { card_token: planted, card_state: fresh });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ last4: '4444', is_default: true });
    refused(await addCard(victim, { card_token: await gatewayToken(w.t.app), card_state: fresh }));
    expect(await cardsOf(victim)).toHaveLength(1);
    // Without a session there is no state to open.
    expect((await w.t.app.inject({ method: 'POST', url: '/v1/user/card-form/' })).statusCode).toBe(401);
  });

  it('hides one user’s cards from another (404)', async () => {
    const id = (await addCard(w.anna, { card_token: await gatewayToken(w.t.app) })).json().id;
    expect((await w.t.app.inject({ url: `/v1/self/card/${id}/`, headers: w.boris.auth })).statusCode).toBe(404);
    expect(
      (
        await w.t.app.inject({
          method: 'PUT',
          url: `/v1/self/card/${id}/`,
          headers: w.boris.auth,
          payload: { name: 'моя' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: `/v1/self/card/remove/${id}/`, headers: w.boris.auth }))
        .statusCode,
    ).toBe(404);
    expect((await w.t.app.inject({ url: '/v1/self/cards/', headers: w.boris.auth })).json()).toEqual([]);
    expect((await w.t.app.inject({ url: `/v1/self/card/${id}/`, headers: w.anna.auth })).statusCode).toBe(200);
  });
});
