/**
 * Sign-in by phone and one-time code (spec §1, §4, §6, §7) through the real HTTP layer: the limits — repeated sends, per client
 * address, wrong tries per code and per day, expiry, code length, forged X-Forwarded-For. The app and calls:
 * auth-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, randomIp, randomPhone } from '../helpers.js';
import { useAuthApp } from './auth-world.js';

describe.runIf(dbAvailable())('auth: limits and attempts', () => {
  const s = useAuthApp();
  const { send, verify, outbox, wrongCode } = s;

  it('answers a repeated send within 60 s with 429 and Retry-After, and allows it after', async () => {
    const phone = randomPhone();
    expect((await send(phone)).statusCode).toBe(200);
    s.t.clock.advance(20_000);
    const again = await send(phone);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('40');
    expect(again.json().detail).toMatch(/40 с/);
    s.t.clock.advance(40_000);
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
    s.t.clock.advance(10 * 60_000 + 1);
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
    s.t.clock.advance(60_000);
    await send(phone);
    const fresh = (await outbox(phone)).results[0]!.code;
    expect((await verify(phone, fresh)).statusCode).toBe(200);
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
  }, 120_000);

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
    s.t.clock.advance(5 * 60_000 + 1);
    const late = await verify(phone, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ success: false, detail: 'Срок действия кода истёк. Запросите новый код.' });

    await send(phone);
    const code2 = (await outbox(phone)).results[0]!.code;
    s.t.clock.advance(5 * 60_000 - 1000);
    expect((await verify(phone, code2)).statusCode).toBe(200);
    const reused = await verify(phone, code2);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().success).toBe(false);

    const never = await verify(randomPhone(), '123456');
    expect(never.json()).toEqual({ success: false, detail: 'Сначала запросите код.' });
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
  }, 120_000);

  // The tests that start apps of their own (a PGlite copy each) get 120 s: two of them took over 30 s at load 20.
  it('does not let a forged X-Forwarded-For pass the per-address limit unless TRUST_PROXY says so', async () => {
    const forged = await createTestApp({ SMS_IP_LIMIT: '1' });
    const trusted = await createTestApp({ SMS_IP_LIMIT: '1', TRUST_PROXY: '1' });
    try {
      const ip = randomIp();
      const send = (app: typeof s.t.app, xff: string) =>
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
  }, 120_000);
});
