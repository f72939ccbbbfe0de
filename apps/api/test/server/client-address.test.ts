/**
 * Every per-address limit counts an IPv6 client by its /64 and an IPv4-mapped IPv6 address as its IPv4 address
 * (lib/client-address.ts; README «Подбор кода»): behind `TRUST_PROXY`, addresses of one /64 in `X-Forwarded-For`
 * share one allowance, another /64 has its own — for code sends, wrong code tries, the verify-code route's limit and
 * the notification socket's connects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey, ipMatcher, isLoopback, parseRange } from '../../src/lib/client-address.js';
import { createTestApp, dbAvailable, randomPhone, signIn, type TestContext } from '../helpers.js';
import { connectStatus } from '../ws-client.js';

let net = 0;
/** A fresh /64 for each call: `2001:db8:<n>:<n>::`; `host` picks an address in it. */
function newNet() {
  net += 1;
  const prefix = `2001:db8:${(process.pid % 0xffff).toString(16)}:${net.toString(16)}`;
  return (host: number) => `${prefix}:${host.toString(16)}:${(host * 7).toString(16)}:0:${host.toString(16)}`;
}

describe('clientKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and cuts IPv6 to its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80::/64');
  });
});

describe('address ranges and loopback', () => {
  it('parses addresses and ranges strictly', () => {
    expect(parseRange('185.71.76.0/27')?.prefix).toBe(27);
    expect(parseRange(' 77.75.156.11 ')?.prefix).toBe(32);
    expect(parseRange('2a02:5180::/32')?.network.toString()).toBe('2a02:5180::');
    for (const bad of [
      '185.71.76.0/33',
      '2a02:5180::/129',
      '1.2.3.4/2/3',
      '127.1',
      '0x7f.0.0.1',
      'fe80::1%eth0',
      'x',
      '',
    ])
      expect(parseRange(bad), bad).toBeNull();
  });

  it('matches addresses in ranges, IPv4-mapped IPv6 as IPv4', () => {
    const from = ipMatcher(['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32', 'not a range']);
    expect(from('185.71.76.31')).toBe(true);
    expect(from('::ffff:185.71.76.1')).toBe(true);
    expect(from('185.71.76.32')).toBe(false);
    expect(from('77.75.156.11')).toBe(true);
    expect(from('77.75.156.12')).toBe(false);
    expect(from('2a02:5180:1::7')).toBe(true);
    expect(from('2a02:5181::7')).toBe(false);
    expect(from('garbage')).toBe(false);
  });

  it('knows the loopback addresses', () => {
    expect(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([true, true, true, true]);
    expect(['10.0.0.1', '::ffff:10.0.0.1', '', undefined, 'localhost'].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe.runIf(dbAvailable())('per-address limits by /64 behind TRUST_PROXY', () => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: 'true',
      SMS_IP_LIMIT: '3',
      SMS_WRONG_TRIES_PER_DAY: '101',
      JOBS_POLL_MS: '0',
      WS_CONNECTS_PER_MINUTE: '2',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.close());

  const send = (xff: string, phone = randomPhone()) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-code/',
      payload: { phone },
      headers: { 'x-forwarded-for': xff },
    });
  const verify = (xff: string, phone: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-code/',
      payload: { phone, code },
      headers: { 'x-forwarded-for': xff },
    });

  it('counts code sends from one /64 together and another /64 apart', async () => {
    const one = newNet();
    const statuses = [];
    for (let host = 1; host <= 4; host++) statuses.push((await send(one(host))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A fifth address of the same /64 is the same sender; a neighbouring /64 is another one.
    expect((await send(one(99))).statusCode).toBe(429);
    expect((await send(newNet()(1))).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const v4 = `198.51.100.${(process.pid % 200) + 1}`;
    expect((await send(v4)).statusCode).toBe(200);
    expect((await send(`::ffff:${v4}`)).statusCode).toBe(200);
    expect((await send(v4)).statusCode).toBe(200);
    expect((await send(`::ffff:${v4}`)).statusCode).toBe(429);
  });

  it("gives one /64 one sender's share of wrong tries on a number", async () => {
    const phone = randomPhone();
    const one = newNet();
    expect((await send(newNet()(1), phone)).statusCode).toBe(200);
    const outbox = await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`);
    const code = outbox.json().results[0].code as string;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // The share is 1 (⌊100 / 100⌋): the first address of the /64 uses it, the next one is refused unchecked.
    expect((await verify(one(1), phone, wrong)).statusCode).toBe(400);
    const refused = await verify(one(2), phone, code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Слишком много неверных кодов с вашего устройства/);
    expect((await verify(newNet()(1), phone, code)).statusCode).toBe(200);
  });

  // The route limits of @fastify/rate-limit already cut IPv6 to /64 by themselves; these two keep them on the same
  // client key as the sign-in limits (app.ts passes clientKey as the plugin's keyGenerator).
  it("counts the verify-code route's 60 calls a minute per /64", async () => {
    const one = newNet();
    // A malformed code is answered without a check, so these calls only feed the route's limit.
    for (let host = 1; host <= 60; host++) expect((await verify(one(host), randomPhone(), '1')).statusCode).toBe(400);
    const over = await verify(one(61), randomPhone(), '1');
    expect(over.statusCode).toBe(429);
    expect((await verify(newNet()(1), randomPhone(), '1')).statusCode).toBe(400);
  });

  it('counts notification socket connects per /64', async () => {
    const u = await signIn(t.app);
    const connect = (xff: string) => connectStatus(base, u.token, { 'x-forwarded-for': xff });
    const one = newNet();
    expect([await connect(one(1)), await connect(one(2)), await connect(one(3))]).toEqual([101, 101, 429]);
    expect(await connect(newNet()(1))).toBe(101);
  });
});
