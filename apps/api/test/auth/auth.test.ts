/**
 * Sign-in by phone and one-time code (spec §1, §4, §6, §7): normalisation, limits, attempts, expiry,
 * hashing, tokens, logout and the 401 shapes — through the real HTTP layer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsCodes, authTokens, users } from '../../src/db/schema/index.js';
import { hashToken, WRONG_SCHEME } from '../../src/plugins/auth.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, signIn, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('auth: send-code / verify-code / logout', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const send = (phone: string, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/send-code/', payload: { phone }, remoteAddress: ip });
  const verify = (phone: string, code: string, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/verify-code/', payload: { phone, code }, remoteAddress: ip });
  const outbox = async (phone: string) =>
    (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json() as {
      results: { phone: string; text: string; code: string; sent_at: string }[];
    };
  /** A fresh 10-digit national number (`999xxxxxxx`) for format tests. */
  const national = () => randomPhone().slice(2);
  const wrongCode = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

  it('sends a code, stores it in the dev outbox and signs in, creating the user once', async () => {
    const phone = randomPhone();
    const res = await send(phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, retry_after: 60 });
    const box = await outbox(phone);
    expect(box.results).toHaveLength(1);
    const msg = box.results[0]!;
    expect(msg.phone).toBe(phone);
    expect(msg.code).toMatch(/^\d{6}$/);
    expect(msg.text).toContain(`Код для входа в Витрину: ${msg.code}. Действует 5 минут.`);
    expect(new Date(msg.sent_at).toISOString()).toBe(msg.sent_at);

    const ok = await verify(phone, msg.code);
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[0-9a-f]{40}$/);
    const self = await t.app.inject({ url: '/v1/self/', headers: { authorization: `Token ${body.token}` } });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({
      success: true,
      info: { phone, first_name: '', avatar: null, delivery_points: [] },
    });

    // A second sign-in (another device) reuses the user and adds a token.
    t.clock.advance(61_000);
    const again = await signIn(t.app, phone);
    const self2 = await t.app.inject({ url: '/v1/self/', headers: again.auth });
    expect(self2.json().info.id).toBe(self.json().info.id);
    expect(again.token).not.toBe(body.token);
    const rows = await t.app.db.select().from(users).where(eq(users.phone, phone));
    expect(rows).toHaveLength(1);
  });

  it('normalises +7 …, 8 (…) … and a bare 10-digit number to one E.164 number', async () => {
    const n = national();
    const e164 = `+7${n}`;
    const formats = [
      `+7 ${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
      `8 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
      n,
    ];
    expect((await send(formats[0]!)).statusCode).toBe(200);
    // A JSON number is a number too.
    const asNumber = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone: Number(`7${n}`) },
      remoteAddress: randomIp(),
    });
    expect(asNumber.statusCode).toBe(429);
    // The same number in other formats hits the same cooldown.
    const second = await send(formats[1]!);
    expect(second.statusCode).toBe(429);
    const box = await outbox(formats[2]!);
    expect(box.results).toHaveLength(1);
    expect(box.results[0]!.phone).toBe(e164);
    // Verify with yet another format.
    const ok = await verify(formats[2]!, box.results[0]!.code);
    expect(ok.statusCode).toBe(200);
    const [u] = await t.app.db.select().from(users).where(eq(users.phone, e164));
    expect(u).toBeDefined();
  });

  it('rejects invalid numbers with a Russian 400 naming the field', async () => {
    for (const phone of ['123', 'abc', '+7 999 123 45 6', '', '+7 (999) 123-45-67-89-00']) {
      const res = await send(phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({ phone: ['Введите корректный номер телефона.'] });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: {},
      remoteAddress: randomIp(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().phone).toBeDefined();
    const bad = await verify('12', '1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: ['Введите корректный номер телефона.'] });
    // A landline cannot receive an SMS.
    const landline = await send('+7 495 123-45-67');
    expect(landline.statusCode).toBe(400);
    expect(landline.json().phone[0]).toMatch(/мобильного/);
  });

  it('answers a repeated send within 60 s with 429 and Retry-After, and allows it after', async () => {
    const phone = randomPhone();
    expect((await send(phone)).statusCode).toBe(200);
    t.clock.advance(20_000);
    const again = await send(phone);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('40');
    expect(again.json().detail).toMatch(/40 с/);
    t.clock.advance(40_000);
    expect((await send(phone)).statusCode).toBe(200);
    // The newest code supersedes the older one.
    const box = await outbox(phone);
    expect(box.results).toHaveLength(2);
    expect(new Date(box.results[0]!.sent_at).getTime()).toBeGreaterThan(new Date(box.results[1]!.sent_at).getTime());
    if (box.results[0]!.code !== box.results[1]!.code) {
      expect((await verify(phone, box.results[1]!.code)).statusCode).toBe(400);
    }
    expect((await verify(phone, box.results[0]!.code)).statusCode).toBe(200);
  });

  it('limits sends per client address (10 per 10 minutes)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await send(randomPhone(), ip)).statusCode).toBe(200);
    const over = await send(randomPhone(), ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address is not affected; after the window the first one may send again.
    expect((await send(randomPhone(), randomIp())).statusCode).toBe(200);
    t.clock.advance(10 * 60_000 + 1);
    expect((await send(randomPhone(), ip)).statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = (await outbox(phone)).results[0]!.code;
    for (let i = 1; i <= 4; i++) {
      const res = await verify(phone, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, detail: expect.stringMatching(/Неверный код/) });
    }
    const fifth = await verify(phone, wrongCode(code));
    expect(fifth.json()).toEqual({ success: false, detail: 'Слишком много неверных попыток. Запросите новый код.' });
    // Even the right code is refused now.
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().success).toBe(false);
    // A new code works.
    t.clock.advance(60_000);
    await send(phone);
    const fresh = (await outbox(phone)).results[0]!.code;
    expect((await verify(phone, fresh)).statusCode).toBe(200);
  });

  it('sends codes only to the countries of SMS_COUNTRIES (default RU), others get a Russian 400 on phone', async () => {
    for (const phone of ['+7 701 123 45 67', '+375 29 123-45-67', '+49 1512 3456789']) {
      const res = await send(phone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ phone: ['Коды входа приходят только на номера страны: Россия.'] });
    }
    expect(await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, '+77011234567'))).toHaveLength(0);
    const kz = await createTestApp({ SMS_COUNTRIES: 'ru, kz' });
    try {
      const ok = await kz.app.inject({
        method: 'POST',
        url: '/v1/auth/send-code/',
        payload: { phone: '+7 701 123 45 67' },
        remoteAddress: randomIp(),
      });
      expect(ok.statusCode).toBe(200);
      const by = await kz.app.inject({
        method: 'POST',
        url: '/v1/auth/send-code/',
        payload: { phone: '+375291234567' },
        remoteAddress: randomIp(),
      });
      expect(by.json()).toEqual({ phone: ['Коды входа приходят только на номера стран: Россия, Казахстан.'] });
    } finally {
      await kz.close();
    }
  });

  it('caps wrong tries per number per day (across codes) with a Russian 429 and Retry-After', async () => {
    const capped = await createTestApp({ SMS_WRONG_TRIES_PER_DAY: '7' });
    try {
      const phone = randomPhone();
      const sendC = () =>
        capped.app.inject({
          method: 'POST',
          url: '/v1/auth/send-code/',
          payload: { phone },
          remoteAddress: randomIp(),
        });
      const verifyC = (code: string) =>
        capped.app.inject({
          method: 'POST',
          url: '/v1/auth/verify-code/',
          payload: { phone, code },
          remoteAddress: randomIp(),
        });
      const latest = async () =>
        (await capped.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results[0]
          .code as string;
      await sendC();
      let code = await latest();
      for (let i = 0; i < 5; i++) expect((await verifyC(wrongCode(code))).statusCode).toBe(400);
      capped.clock.advance(61_000);
      await sendC();
      code = await latest();
      for (let i = 0; i < 2; i++) expect((await verifyC(wrongCode(code))).statusCode).toBe(400);
      // 7 wrong tries today: even the right code is refused until the day has passed.
      const over = await verifyC(code);
      expect(over.statusCode).toBe(429);
      expect(over.json().detail).toMatch(
        /^Слишком много неверных кодов для этого номера за сутки\. Попробуйте через \d+ ч\.$/,
      );
      // No new code is sent to the number meanwhile (an SMS that could not be used).
      capped.clock.advance(61_000);
      const blocked = await sendC();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Слишком много неверных кодов для этого номера за сутки/);
      const wait = Number(over.headers['retry-after']);
      expect(wait).toBeGreaterThan(23 * 3600);
      expect(wait).toBeLessThanOrEqual(24 * 3600 + 5 * 60);
      capped.clock.advance(wait * 1000 - 61_000);
      await sendC();
      expect((await verifyC(await latest())).statusCode).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('limits verify attempts per client address (60 a minute)', async () => {
    const ip = randomIp();
    let last = await verify(randomPhone(), '0000', ip);
    for (let i = 0; i < 60 && last.statusCode !== 429; i++) last = await verify(randomPhone(), '0000', ip);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().detail).toMatch(/Слишком много запросов/);
  });

  it('refuses an expired code (5 minutes) and a used one', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = (await outbox(phone)).results[0]!.code;
    t.clock.advance(5 * 60_000 + 1);
    const late = await verify(phone, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ success: false, detail: 'Срок действия кода истёк. Запросите новый код.' });

    await send(phone);
    const code2 = (await outbox(phone)).results[0]!.code;
    t.clock.advance(5 * 60_000 - 1000);
    expect((await verify(phone, code2)).statusCode).toBe(200);
    const reused = await verify(phone, code2);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().success).toBe(false);

    const never = await verify(randomPhone(), '123456');
    expect(never.json()).toEqual({ success: false, detail: 'Сначала запросите код.' });
  });

  it('stores codes and tokens only as hashes', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = (await outbox(phone)).results[0]!.code;
    const [row] = await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    const token = (await verify(phone, code)).json().token as string;
    const tokens = await t.app.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashToken(token)));
    expect(tokens).toHaveLength(1);
    const all = await t.app.db.select({ k: authTokens.keyHash }).from(authTokens);
    expect(all.some((r) => r.k === token)).toBe(false);
  });

  it('honours SMS_CODE_LENGTH and SMS_IP_LIMIT', async () => {
    const t6 = await createTestApp({ SMS_CODE_LENGTH: '6', SMS_IP_LIMIT: '2' });
    try {
      const phone = randomPhone();
      const ip = randomIp();
      const first = await t6.app.inject({
        method: 'POST',
        url: '/v1/auth/send-code/',
        payload: { phone },
        remoteAddress: ip,
      });
      expect(first.json().code_length).toBe(6);
      const box = (await t6.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json();
      expect(box.results[0].code).toMatch(/^\d{6}$/);
      const send = () =>
        t6.app.inject({
          method: 'POST',
          url: '/v1/auth/send-code/',
          payload: { phone: randomPhone() },
          remoteAddress: ip,
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await t6.close();
    }
  });

  it('does not let a forged X-Forwarded-For pass the per-address limit unless TRUST_PROXY says so', async () => {
    const forged = await createTestApp({ SMS_IP_LIMIT: '1' });
    const trusted = await createTestApp({ SMS_IP_LIMIT: '1', TRUST_PROXY: '1' });
    try {
      const ip = randomIp();
      const send = (app: typeof t.app, xff: string) =>
        app.inject({
          method: 'POST',
          url: '/v1/auth/send-code/',
          payload: { phone: randomPhone() },
          remoteAddress: ip,
          headers: { 'x-forwarded-for': xff },
        });
      expect((await send(forged.app, randomIp())).statusCode).toBe(200);
      expect((await send(forged.app, randomIp())).statusCode).toBe(429);
      // Behind one trusted proxy the client address is the forwarded one: two clients, two budgets.
      expect((await send(trusted.app, randomIp())).statusCode).toBe(200);
      expect((await send(trusted.app, randomIp())).statusCode).toBe(200);
    } finally {
      await forged.close();
      await trusted.close();
    }
  });

  it('keeps several tokens per user; logout revokes only the current one', async () => {
    const phone = randomPhone();
    const a = await signIn(t.app, phone);
    t.clock.advance(61_000);
    const b = await signIn(t.app, phone);
    expect((await t.app.inject({ url: '/v1/self/', headers: a.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/self/', headers: b.auth })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: a.auth });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const after = await t.app.inject({ url: '/v1/self/', headers: a.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Недопустимый токен.' });
    expect((await t.app.inject({ url: '/v1/self/', headers: b.auth })).statusCode).toBe(200);

    const anon = await t.app.inject({ method: 'POST', url: '/v1/auth/logout/' });
    expect(anon.statusCode).toBe(401);
  });

  it('answers 401 with a Russian detail for missing, foreign-scheme, forged and malformed tokens', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'Учетные данные не были предоставлены.'],
      ['Bearer 0123456789abcdef0123456789abcdef01234567', WRONG_SCHEME],
      ['Basic dXNlcjpwYXNz', WRONG_SCHEME],
      ['Token 0123456789abcdef0123456789abcdef01234567', 'Недопустимый токен.'],
      ['Token not-a-token', 'Недопустимый токен.'],
      ['Token ' + 'z'.repeat(40), 'Недопустимый токен.'],
      ['Token ' + 'a'.repeat(41), 'Недопустимый токен.'],
    ];
    for (const [header, detail] of cases) {
      const res = await t.app.inject({ url: '/v1/self/', headers: header ? { authorization: header } : {} });
      expect(res.statusCode, header).toBe(401);
      expect(res.json(), header).toEqual({ detail });
    }
    const change = await t.app.inject({ method: 'PUT', url: '/v1/self/change/', payload: { first_name: 'X' } });
    expect(change.statusCode).toBe(401);
  });

  it('has an SMS outbox that only shows the asked number, newest first', async () => {
    const p1 = randomPhone();
    const p2 = randomPhone();
    await send(p1);
    await send(p2);
    const box = await outbox(p1);
    expect(box.results.every((m) => m.phone === p1)).toBe(true);
    expect(box.results.length).toBeGreaterThan(0);
    const bad = await t.app.inject('/v1/dev/sms-outbox/?phone=12');
    expect(bad.statusCode).toBe(400);
    // Never everyone's codes: without a number (or with an empty one) the outbox answers 400 and lists nothing.
    for (const url of ['/v1/dev/sms-outbox/', '/v1/dev/sms-outbox/?phone=']) {
      const all = await t.app.inject(url);
      expect(all.statusCode, url).toBe(400);
      expect(all.body, url).not.toContain(p1.slice(1));
      expect(all.json(), url).toHaveProperty('phone');
    }
  });
});
