import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { cardState, gatewayToken, makeListing, makePoint, makeUser, type TestUser } from '../buy-fixtures.js';
import { buildApp } from '../../src/app.js';
import { authTokens, cards, testgatewayCards } from '../../src/db/schema/index.js';
import { hashToken, newTokenKey } from '../../src/plugins/auth.js';
import { cardBrand, luhnValid } from '../../src/providers/payments/testgateway-cards.js';

const PAN = '4111111111111111';

describe.runIf(dbAvailable())('cards through the test gateway', () => {
  let t: TestContext;
  let anna: TestUser;
  let boris: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    anna = await makeUser(t.app, 'Анна');
    boris = await makeUser(t.app, 'Борис');
  });
  afterAll(() => t?.close());

  /** add-card as `user`; a card form is opened first unless `fields` names a `card_state` or there is no user. */
  const addCard = async (user: TestUser | null, fields: Record<string, string>) => {
    const state: Record<string, string> =
      user && !('card_state' in fields) ? { card_state: await cardState(t.app, user) } : {};
    const form = multipart({ ...fields, ...state });
    return t.app.inject({
      method: 'POST',
      url: '/v1/user/add-card/',
      headers: { ...(user?.auth ?? {}), ...form.headers },
      payload: form.payload,
    });
  };
  const tokenize = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/testgateway/api/cards/', payload: body });

  it('knows brands by BIN and the Luhn check', () => {
    expect(cardBrand('2200123456789010')).toBe('Мир');
    expect(cardBrand('2204000000000000')).toBe('Мир');
    expect(cardBrand(PAN)).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('2221000000000009')).toBe('Mastercard');
    expect(cardBrand('2720990000000000')).toBe('Mastercard');
    expect(luhnValid(PAN)).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });

  it('tokenizes a card and keeps only token, brand, last 4, expiry and outcome', async () => {
    const res = await tokenize({ number: '4111 1111 1111 1111', exp_month: 12, exp_year: 30, cvc: '123' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      card_token: expect.stringMatching(/^tok_/),
      last4: '1111',
      brand: 'Visa',
      exp_month: 12,
      exp_year: 2030,
    });
    expect(res.body).not.toContain(PAN);
    const [row] = await t.app.db
      .select()
      .from(testgatewayCards)
      .where((await import('drizzle-orm')).eq(testgatewayCards.token, body.card_token));
    expect(row).toMatchObject({ brand: 'Visa', last4: '1111', expMonth: 12, expYear: 2030, outcome: 'succeed' });
    expect(JSON.stringify(row)).not.toContain(PAN);
    expect(JSON.stringify(row)).not.toContain('123"');
    const mir = (
      await tokenize({ number: '2200 0000 0000 0004', exp_month: '1', exp_year: '2031', cvc: '999' })
    ).json();
    expect(mir.brand).toBe('Мир');
    const declined = (
      await tokenize({ number: '4000 0000 0000 0002', exp_month: 1, exp_year: 2031, cvc: '999' })
    ).json();
    const [d] = await t.app.db
      .select()
      .from(testgatewayCards)
      .where((await import('drizzle-orm')).eq(testgatewayCards.token, declined.card_token));
    expect(d!.outcome).toBe('decline');
  });

  it('rejects bad numbers, expiry and CVC in Russian', async () => {
    const bad = await tokenize({ number: '4111 1111 1111 1112', exp_month: 13, exp_year: 2020, cvc: '12' });
    expect(bad.statusCode).toBe(400);
    const e = bad.json();
    expect(e.number[0]).toMatch(/номер карты/i);
    expect(e.exp_month[0]).toMatch(/Месяц/);
    expect(e.cvc[0]).toMatch(/CVC/);
    // test clock is 2026-11-22: 10/2026 expired, 11/2026 still valid
    const expired = await tokenize({ number: PAN, exp_month: 10, exp_year: 2026, cvc: '123' });
    expect(expired.json().exp_year[0]).toMatch(/истёк/);
    expect((await tokenize({ number: PAN, exp_month: 11, exp_year: 2026, cvc: '123' })).statusCode).toBe(200);
    for (const body of [
      {},
      { number: 'abc', exp_month: 'x', exp_year: 'y', cvc: 'z' },
      { number: 123 },
      { number: { a: 1 } },
    ]) {
      const res = await tokenize(body);
      expect(res.statusCode, res.body).toBe(400);
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/testgateway/api/cards/',
      headers: { 'content-type': 'application/json' },
      payload: 'nope',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('saves, lists, updates and removes cards; the first is the default', async () => {
    const first = await addCard(anna, { card_token: await gatewayToken(t.app) });
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
      await addCard(anna, { card_token: await gatewayToken(t.app, '5555 5555 5555 4444'), name: 'Зарплатная' })
    ).json();
    expect(second).toMatchObject({ brand: 'Mastercard', last4: '4444', name: 'Зарплатная', is_default: false });

    const list = (await t.app.inject({ url: '/v1/self/cards/', headers: anna.auth })).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([first.json().id, second.id]);
    const one = await t.app.inject({ url: `/v1/self/card/${second.id}/`, headers: anna.auth });
    expect(one.json()).toEqual(second);

    const upd = await t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${second.id}/`,
      headers: anna.auth,
      payload: { is_default: true, name: 'Основная' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ is_default: true, name: 'Основная' });
    const form = multipart({ name: 'Для покупок' });
    const updMultipart = await t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${first.json().id}/`,
      headers: { ...anna.auth, ...form.headers },
      payload: form.payload,
    });
    expect(updMultipart.json()).toMatchObject({ name: 'Для покупок', is_default: false });
    const after = (await t.app.inject({ url: '/v1/self/cards/', headers: anna.auth })).json();
    expect(after[0]).toMatchObject({ id: second.id, is_default: true });
    expect(after.filter((c: { is_default: boolean }) => c.is_default)).toHaveLength(1);

    const badUpd = await t.app.inject({
      method: 'PUT',
      url: `/v1/self/card/${second.id}/`,
      headers: anna.auth,
      payload: { is_default: 'может быть' },
    });
    expect(badUpd.statusCode).toBe(400);

    const del = await t.app.inject({ method: 'DELETE', url: `/v1/self/card/remove/${second.id}/`, headers: anna.auth });
    expect(del.statusCode).toBe(204);
    const rest = (await t.app.inject({ url: '/v1/self/cards/', headers: anna.auth })).json();
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ id: first.json().id, is_default: true });
    expect((await t.app.inject({ url: `/v1/self/card/${second.id}/`, headers: anna.auth })).statusCode).toBe(404);
  });

  it('rejects unknown, missing and repeated tokens', async () => {
    expect((await addCard(anna, { card_token: 'tok_00000000000000000000000000000000' })).statusCode).toBe(400);
    const missing = await addCard(anna, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().card_token).toEqual(['Обязательное поле.']);
    const token = await gatewayToken(t.app);
    expect((await addCard(anna, { card_token: token })).statusCode).toBe(201);
    const again = await addCard(anna, { card_token: token });
    expect(again.statusCode).toBe(400);
    expect(again.json().card_token[0]).toMatch(/уже сохранена/);
    expect((await addCard(null, { card_token: token })).statusCode).toBe(401);
  });

  it('refuses a planted card link: a token saves only with a card-form state of this session, once, in time', async () => {
    const victim = await makeUser(t.app, 'Валерия');
    const attacker = await makeUser(t.app, 'Борис');
    const cardsOf = async (u: TestUser) => (await t.app.inject({ url: '/v1/self/cards/', headers: u.auth })).json();
    const refused = (res: { statusCode: number; json: () => { card_state?: string[] } }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().card_state?.[0]).toMatch(/Карта не сохранена.*Добавить карту/);
    };
    // `/account?card_token=<the attacker's token>`: no state → refused, nothing saved.
    const planted = await gatewayToken(t.app, '5555 5555 5555 4444');
    refused(await addCard(victim, { card_token: planted, card_state: '' }));
    refused(await addCard(victim, { card_token: planted, card_state: 'x' }));
    // The attacker's own state in the link is bound to the attacker's session.
    refused(await addCard(victim, { card_token: planted, card_state: await cardState(t.app, attacker) }));
    // A state forged from a real one (another expiry) fails its MAC.
    const real = await cardState(t.app, victim);
    const [exp, nonce, sig] = real.split('.');
    refused(await addCard(victim, { card_token: planted, card_state: `${Number(exp) + 1}.${nonce}.${sig}` }));
    // Another session of the same user did not open this form.
    const other = await t.app.inject({ method: 'POST', url: '/v1/user/card-form/', headers: victim.auth });
    const key = newTokenKey();
    await t.app.db.insert(authTokens).values({ userId: victim.id, keyHash: hashToken(key) });
    const secondSession = { id: victim.id, auth: { authorization: `Token ${key}` } };
    refused(await addCard(secondSession, { card_token: planted, card_state: other.json().card_state }));
    // Expired after 30 minutes.
    const old = await cardState(t.app, victim);
    t.clock.advance(30 * 60_000 + 1);
    refused(await addCard(victim, { card_token: planted, card_state: old }));
    expect(await cardsOf(victim)).toEqual([]);

    // The site's way: a state from the card form comes back with the token → saved, once.
    const fresh = await cardState(t.app, victim);
    const saved = await addCard(victim, { card_token: planted, card_state: fresh });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ last4: '4444', is_default: true });
    refused(await addCard(victim, { card_token: await gatewayToken(t.app), card_state: fresh }));
    expect(await cardsOf(victim)).toHaveLength(1);
    // Without a session there is no state to open.
    expect((await t.app.inject({ method: 'POST', url: '/v1/user/card-form/' })).statusCode).toBe(401);
  });

  it('hides one user’s cards from another (404)', async () => {
    const id = (await addCard(anna, { card_token: await gatewayToken(t.app) })).json().id;
    expect((await t.app.inject({ url: `/v1/self/card/${id}/`, headers: boris.auth })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/v1/self/card/${id}/`,
          headers: boris.auth,
          payload: { name: 'моя' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v1/self/card/remove/${id}/`, headers: boris.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/v1/self/cards/', headers: boris.auth })).json()).toEqual([]);
    expect((await t.app.inject({ url: `/v1/self/card/${id}/`, headers: anna.auth })).statusCode).toBe(200);
  });

  it('serves the gateway card form in Russian with a safe return URL', async () => {
    const res = await t.app.inject('/testgateway/cards/new?return_url=%2Fcheckout');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const word of ['Номер карты', 'Срок действия', 'CVC', '"/checkout"']) expect(res.body).toContain(word);
    // Another origin, in every shape a parser turns into one: a TAB or newline the URL parser drops
    // (`/\t/host` → `//host`), a backslash, protocol-relative, a scheme, credentials.
    for (const back of [
      'https://evil.example/',
      '/\t/evil.example',
      '/\n/evil.example/account',
      '\t//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '//evil.example',
      'javascript:alert("evil.example")',
      'http://localhost:3000@evil.example/',
      'http://evil.example\u0000.localhost/',
    ]) {
      const evil = await t.app.inject(`/testgateway/cards/new?return_url=${encodeURIComponent(back)}`);
      expect(evil.statusCode).toBeLessThan(500);
      expect(evil.body, JSON.stringify(back)).not.toContain('evil.example');
    }
    const tab = await t.app.inject('/testgateway/cards/new?return_url=/%09/evil.example');
    expect(tab.body).not.toContain('evil.example');
    expect(tab.body).toContain('var back="/account"');
  });

  it('never stores, returns or logs a card number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logged = await buildApp({
      config: t.config,
      database: t.database,
      clock: t.clock,
      logger: { level: 'trace', stream },
    });
    await logged.ready();
    try {
      const ok = await logged.inject({
        method: 'POST',
        url: '/testgateway/api/cards/',
        payload: { number: PAN, exp_month: 12, exp_year: 2030, cvc: '321' },
      });
      expect(ok.statusCode).toBe(200);
      const bad = await logged.inject({
        method: 'POST',
        url: '/testgateway/api/cards/',
        payload: { number: '4111111111111112', exp_month: 12, exp_year: 2030, cvc: '321' },
      });
      expect(bad.statusCode).toBe(400);
      const form = multipart({ card_token: ok.json().card_token, card_state: await cardState(logged, anna) });
      const saved = await logged.inject({
        method: 'POST',
        url: '/v1/user/add-card/',
        headers: { ...anna.auth, ...form.headers },
        payload: form.payload,
      });
      expect(saved.statusCode).toBe(201);
      // a whole purchase paid with typed card fields at the bank (the webhook is logged too)
      const seller = await makeUser(logged, 'Вера');
      const l = await makeListing(logged, seller.id, [{ size: 'M', price: 990, count: 1 }]);
      const point = await makePoint(logged, anna);
      const created = await logged.inject({
        method: 'POST',
        url: '/v1/sales/order/',
        headers: anna.auth,
        payload: { items: [{ slug: l.slug, size: 'M', count: 1 }], delivery_point: point },
      });
      expect(created.statusCode, created.body).toBe(201);
      const gatewayId = new URL(created.json().payment.confirmation_url, 'http://x').pathname.split('/').pop();
      const paid = await logged.inject({
        method: 'POST',
        url: `/testgateway/api/payments/${gatewayId}/pay`,
        payload: { number: PAN, exp_month: 12, exp_year: 2030, cvc: '321' },
      });
      expect(paid.json().status).toBe('succeeded');
      for (const res of [ok, bad, saved, created, paid]) {
        expect(res.body).not.toContain(PAN);
        expect(res.body).not.toContain('4111111111111112');
        expect(res.body).not.toMatch(/cvc/i);
      }
    } finally {
      await logged.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    const all = lines.join('\n');
    expect(all).not.toContain(PAN);
    expect(all).not.toContain('4111111111111112');
    expect(all).not.toMatch(/"cvc"/);
    expect(all).toContain('/testgateway/api/payments/');
    const rows = await t.app.db.select().from(cards);
    expect(JSON.stringify(rows)).not.toContain(PAN);
  });
});
