/**
 * Lockout by wrong tries (issue 15): one sender (client address) gets only its own share of a number's daily
 * wrong tries — per number and over all numbers, counted in PostgreSQL — so it cannot use up the number's cap and
 * lock the owner out; the number's daily cap stays the security bound (README «Подбор кода»).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, type TestContext } from './helpers.js';

describe.runIf(dbAvailable())('wrong tries per sender', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Sender caps as by default (a fifth of the number's 100), the per-address cap lowered to keep the test short.
    t = await createTestApp({ SMS_WRONG_TRIES_PER_IP: '30' });
  });
  afterAll(() => t?.close());

  const send = (phone: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/send-code/', payload: { phone }, remoteAddress: randomIp() });
  const verify = (phone: string, code: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/verify-code/', payload: { phone, code }, remoteAddress: ip });
  const latest = async (phone: string) =>
    (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results[0].code as string;
  const wrong = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');
  /** Makes `n` wrong tries on `phone` from `ip`, asking for a new code whenever one dies; returns the answers. */
  const burn = async (phone: string, ip: string, n: number) => {
    const answers = [];
    for (let i = 0; i < n; i++) {
      if (i % 5 === 0) {
        t.clock.advance(61_000);
        expect((await send(phone)).statusCode).toBe(200);
      }
      answers.push(await verify(phone, wrong(await latest(phone)), ip));
    }
    return answers;
  };

  it('stops one sender after its 20 wrong tries on a number; the owner still signs in from elsewhere', async () => {
    const phone = randomPhone();
    const attacker = randomIp();
    const tries = await burn(phone, attacker, 20);
    expect(tries.map((r) => r.statusCode)).toEqual(Array(20).fill(400));
    // The 21st try from the same address is refused without being checked or counted against the number.
    t.clock.advance(61_000);
    await send(phone);
    const code = await latest(phone);
    const over = await verify(phone, code, attacker);
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toMatch(/^Слишком много неверных кодов с вашего устройства\. Попробуйте через \d+ ч\.$/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Even the right code from the attacker's address is refused; the owner's own address signs in with it.
    const owner = await verify(phone, code, randomIp());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toMatch(/^[0-9a-f]{40}$/);
    // A day later the sender's allowance is back.
    t.clock.advance(24 * 3_600_000);
    await send(phone);
    expect((await verify(phone, wrong(await latest(phone)), attacker)).statusCode).toBe(400);
  });

  it('caps one sender over all numbers too', async () => {
    const attacker = randomIp();
    // 30 over all numbers: 20 on the first (its own cap), 10 on the second, then nothing on a third.
    await burn(randomPhone(), attacker, 20);
    const second = await burn(randomPhone(), attacker, 10);
    expect(second.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    const third = randomPhone();
    t.clock.advance(61_000);
    await send(third);
    const refused = await verify(third, wrong(await latest(third)), attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Слишком много неверных кодов с вашего устройства/);
    // Other senders are untouched.
    expect((await verify(third, wrong(await latest(third)), randomIp())).statusCode).toBe(400);
  });

  it("keeps the number's daily cap as the bound: five senders of a fifth reach it", async () => {
    // A smaller daily cap (25, so 5 a sender) keeps the test short; the default is 100 and 20.
    const small = await createTestApp({ SMS_WRONG_TRIES_PER_DAY: '25' });
    const main = t;
    t = small;
    try {
      const phone = randomPhone();
      for (let s = 0; s < 5; s++) {
        const answers = await burn(phone, randomIp(), 5);
        expect(answers.every((r) => r.statusCode === 400)).toBe(true);
      }
      // 25 wrong tries today: the number neither gets codes nor checks them, whoever asks.
      t.clock.advance(61_000);
      const blocked = await send(phone);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().detail).toMatch(/^Слишком много неверных кодов для этого номера за сутки/);
    } finally {
      t = main;
      await small.close();
    }
  });

  it('defaults a sender to a fifth of the daily cap and refuses a sender cap above it', () => {
    expect(loadConfig({}).sms).toMatchObject({ wrongTriesPerDay: 100, wrongTriesPerSender: 20, wrongTriesPerIp: 100 });
    expect(loadConfig({ SMS_CODE_LENGTH: '4' }).sms).toMatchObject({ wrongTriesPerDay: 9, wrongTriesPerSender: 1 });
    expect(() => loadConfig({ SMS_WRONG_TRIES_PER_SENDER: '101' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_WRONG_TRIES_PER_SENDER: '101' })).toThrow(/SMS_WRONG_TRIES_PER_SENDER: не больше/);
  });
});
