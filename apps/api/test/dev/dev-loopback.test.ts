/**
 * The development routes (`/v1/dev/`: the SMS outbox with everyone's sign-in codes, the clock; and `/metrics`, open
 * without a token outside production) answer only requests whose socket comes from this machine; any other gets
 * the ordinary 404, whatever `X-Forwarded-For` claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, randomPhone, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('development routes from other machines', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/v1/dev/sms-outbox/?phone=${encodeURIComponent(randomPhone())}`, remoteAddress, headers });
  const clock = (remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/v1/dev/clock/', payload: { advance_seconds: 1 }, remoteAddress });

  it('answers this machine (IPv4 and IPv6 loopback)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await outbox(address)).statusCode).toBe(200);
      expect((await clock(address)).statusCode).toBe(200);
    }
  });

  it('answers 404 to another address, as if the routes did not exist', async () => {
    for (const address of ['10.1.2.3', '192.168.0.10', '2001:db8::1']) {
      const res = await outbox(address);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toMatch(/[а-я]/i);
      expect((await clock(address)).statusCode).toBe(404);
      // The metrics, open without a token outside production, likewise.
      expect((await t.app.inject({ url: '/metrics', remoteAddress: address })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
  });

  it('reads the socket, not X-Forwarded-For', async () => {
    expect((await outbox('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });
});
