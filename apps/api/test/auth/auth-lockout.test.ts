/**
 * Lockout by wrong tries (README «Подбор кода»): one sender (client key: an address, an IPv6 /64) gets only a small
 * share of a number's daily wrong tries — per number over the number's rolling day, and over all numbers —
 * counted in PostgreSQL, so that 100 senders together cannot use up the number's cap and lock the owner out,
 * while the number's daily cap stays the guessing bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('wrong tries per sender', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Sender caps as by default (9 a number), the per-address cap over all numbers lowered to keep the test short.
    t = await createTestApp({ SMS_WRONG_TRIES_PER_IP: '12' });
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

  it('stops one sender after its 9 wrong tries on a number; the owner still signs in from elsewhere', async () => {
    const phone = randomPhone();
    const attacker = randomIp();
    const tries = await burn(phone, attacker, 9);
    expect(tries.map((r) => r.statusCode)).toEqual(Array(9).fill(400));
    // The 10th try from the same address is refused without being checked or counted against the number.
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
    // Once its tries have left the number's day, the sender's allowance is back.
    t.clock.advance(Number(over.headers['retry-after']) * 1000);
    await send(phone);
    expect((await verify(phone, wrong(await latest(phone)), attacker)).statusCode).toBe(400);
  });

  it('does not give a sender its share twice within one of the number’s days', async () => {
    const phone = randomPhone();
    const attacker = randomIp();
    const start = t.clock.now().getTime();
    await burn(phone, attacker, 9);
    // A day after its first try a fixed day would start anew; the number still counts those tries, so must the sender.
    t.clock.advance(start + 24 * 3_600_000 + 60_000 - t.clock.now().getTime());
    await send(phone);
    const again = await verify(phone, wrong(await latest(phone)), attacker);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toMatch(/^Слишком много неверных кодов с вашего устройства/);
  });

  it('caps one sender over all numbers too', async () => {
    const attacker = randomIp();
    // 12 over all numbers: 9 on the first (its own cap), 3 on the second, then nothing on a third.
    await burn(randomPhone(), attacker, 9);
    const second = await burn(randomPhone(), attacker, 3);
    expect(second.map((r) => r.statusCode)).toEqual(Array(3).fill(400));
    const third = randomPhone();
    t.clock.advance(61_000);
    await send(third);
    const refused = await verify(third, wrong(await latest(third)), attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Слишком много неверных кодов с вашего устройства/);
    // Other senders are untouched.
    expect((await verify(third, wrong(await latest(third)), randomIp())).statusCode).toBe(400);
  });

  it('defaults a sender to a share that 100 senders cannot use the number’s cap up with', () => {
    const { sms } = loadConfig({});
    expect(sms).toMatchObject({ wrongTriesPerDay: 999, wrongTriesPerSender: 9, wrongTriesPerIp: 100 });
    expect(100 * sms.wrongTriesPerSender!).toBeLessThan(sms.wrongTriesPerDay!);
    expect(loadConfig({ SMS_CODE_LENGTH: '5' }).sms).toMatchObject({ wrongTriesPerDay: 99, wrongTriesPerSender: 1 });
    expect(loadConfig({ SMS_CODE_LENGTH: '4' }).sms).toMatchObject({ wrongTriesPerDay: 9, wrongTriesPerSender: 1 });
    expect(() => loadConfig({ SMS_WRONG_TRIES_PER_SENDER: '1000' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_WRONG_TRIES_PER_SENDER: '1000' })).toThrow(/SMS_WRONG_TRIES_PER_SENDER: не больше/);
  });
});

describe.runIf(dbAvailable())('the owner against 100 addresses', () => {
  let t: TestContext;
  // A number's cap of 101 (default share ⌊100 / 100⌋ = 1) is the default 999 and 9 scaled down: each wrong try
  // costs a scrypt hash, and 900 of them would take minutes.
  beforeAll(async () => {
    t = await createTestApp({ SMS_WRONG_TRIES_PER_DAY: '101' });
  });
  afterAll(() => t?.close());

  const send = (phone: string, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/send-code/', payload: { phone }, remoteAddress: ip });
  const verify = (phone: string, code: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/verify-code/', payload: { phone, code }, remoteAddress: ip });
  const latest = async (phone: string) =>
    (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json().results[0].code as string;
  const wrong = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

  it(
    'lets the owner in within the hour after 100 addresses spent their whole share on the number',
    { timeout: 180_000 },
    async () => {
      const phone = randomPhone();
      const attackers = Array.from({ length: 100 }, () => randomIp());
      const start = t.clock.now().getTime();
      let onCode = 5;
      let counted = 0;
      for (const ip of attackers) {
        // Each address tries until it is refused; a dead code is replaced (10 codes a number an hour).
        for (;;) {
          if (onCode === 5) {
            t.clock.advance(6 * 60_000 + 1000);
            expect((await send(phone)).statusCode).toBe(200);
            onCode = 0;
          }
          const r = await verify(phone, wrong(await latest(phone)), ip);
          if (r.statusCode === 429) {
            expect(r.json().detail).toMatch(/^Слишком много неверных кодов с вашего устройства/);
            break;
          }
          expect(r.statusCode).toBe(400);
          onCode += 1;
          counted += 1;
        }
      }
      expect(counted).toBe(100);
      // The owner, from his own address, signs in within the hour: the wrong tries never stop him; only the number's
      // 10 codes an hour, which the attacker's own requests used up, may make him wait for the hour's end.
      t.clock.advance(61_000);
      const owner = randomIp();
      let sent = await send(phone, owner);
      if (sent.statusCode === 429) {
        expect(sent.json().detail).toMatch(/^Слишком много кодов на этот номер/);
        const wait = Number(sent.headers['retry-after']);
        expect(wait).toBeLessThanOrEqual(3600);
        t.clock.advance(wait * 1000);
        sent = await send(phone, owner);
      }
      expect(sent.statusCode).toBe(200);
      expect((await verify(phone, await latest(phone), owner)).statusCode).toBe(200);

      // Still so a day after the attack began: the addresses' shares last as long as the number counts their tries.
      t.clock.advance(start + 24 * 3_600_000 + 60_000 - t.clock.now().getTime());
      expect((await send(phone)).statusCode).toBe(200);
      for (const ip of attackers.slice(0, 10))
        expect((await verify(phone, wrong(await latest(phone)), ip)).statusCode).toBe(429);
      expect((await verify(phone, await latest(phone), owner)).statusCode).toBe(200);
    },
  );
});
