/**
 * Per-route request limits kept in PostgreSQL: the window, the Russian 429 with `Retry-After`, a new
 * window after the old one ends, and the recurring cleanup of ended windows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { rateLimits } from '../../src/db/schema/index.js';
import { RATE_LIMIT_CLEANUP_EVERY_MS } from '../../src/plugins/rate-limit-store.js';
import { createTestApp, dbAvailable, randomIp, randomPhone, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('rate limits in PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const verify = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify-code/',
      payload: { phone: randomPhone(), code: '1' },
      remoteAddress: ip,
    });

  it('answers the 61st verify-code call a minute with a Russian 429 and Retry-After, and counts anew after', async () => {
    const ip = randomIp();
    for (let i = 0; i < 60; i++) expect((await verify(ip)).statusCode).toBe(400);
    const over = await verify(ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toMatch(/Слишком много запросов/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not limited.
    expect((await verify(randomIp())).statusCode).toBe(400);
    t.clock.advance(61_000);
    expect((await verify(ip)).statusCode).toBe(400);
  });

  it('deletes ended windows with the recurring cleanup job', async () => {
    await verify(randomIp());
    const rows = async () => (await t.app.db.select({ n: count() }).from(rateLimits))[0]!.n;
    expect(await rows()).toBeGreaterThan(0);
    await t.app.jobs.ensureRecurring();
    t.clock.advance(RATE_LIMIT_CLEANUP_EVERY_MS + 61_000);
    await t.app.jobs.runDue();
    expect(await rows()).toBe(0);
  });
});
