/**
 * Cards at the test gateway (issue «Buying»): brands by BIN and the Luhn check, tokenizing that keeps only token,
 * brand, last 4, expiry and outcome, Russian errors for bad numbers, expiry and CVC, the gateway's card form with a
 * safe return URL, and no card number stored, returned or logged. The people: cards-world.ts.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dbAvailable, multipart } from '../helpers.js';
import { cardState, makeListing, makePoint, makeUser } from '../buy-fixtures.js';
import { buildApp } from '../../src/app.js';
import { cards, testgatewayCards } from '../../src/db/schema/index.js';
import { cardBrand, luhnValid } from '../../src/providers/payments/testgateway-cards.js';

const PAN = '4111111111111111';
import { useCardPeople } from './cards-world.js';

describe.runIf(dbAvailable())('cards: the test gateway', () => {
  const w = useCardPeople();
  const { tokenize } = w;

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
    const [row] = await w.t.app.db
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
    const [d] = await w.t.app.db
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
    const garbage = await w.t.app.inject({
      method: 'POST',
      url: '/testgateway/api/cards/',
      headers: { 'content-type': 'application/json' },
      payload: 'nope',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('serves the gateway card form in Russian with a safe return URL', async () => {
    const res = await w.t.app.inject('/testgateway/cards/new?return_url=%2Fcheckout');
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
      const evil = await w.t.app.inject(`/testgateway/cards/new?return_url=${encodeURIComponent(back)}`);
      expect(evil.statusCode).toBeLessThan(500);
      expect(evil.body, JSON.stringify(back)).not.toContain('evil.example');
    }
    const tab = await w.t.app.inject('/testgateway/cards/new?return_url=/%09/evil.example');
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
      config: w.t.config,
      database: w.t.database,
      clock: w.t.clock,
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
      const form = multipart({ card_token: ok.json().card_token, card_state: await cardState(logged, w.anna) });
      const saved = await logged.inject({
        method: 'POST',
        url: '/v1/user/add-card/',
        headers: { ...w.anna.auth, ...form.headers },
        payload: form.payload,
      });
      expect(saved.statusCode).toBe(201);
      // a whole purchase paid with typed card fields at the bank (the webhook is logged too)
      const seller = await makeUser(logged, 'Вера');
      const l = await makeListing(logged, seller.id, [{ size: 'M', price: 990, count: 1 }]);
      const point = await makePoint(logged, w.anna);
      const created = await logged.inject({
        method: 'POST',
        url: '/v1/sales/order/',
        headers: w.anna.auth,
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
    const rows = await w.t.app.db.select().from(cards);
    expect(JSON.stringify(rows)).not.toContain(PAN);
  });
});
