/**
 * Two server processes on one PostgreSQL share the per-route request limits: 60 verify-code calls a
 * minute from one address are 60 in all, however the calls are spread over the processes.
 * PostgreSQL only (file name `*.race.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  createTestApp,
  dbAvailable,
  secondProcess,
  onPostgres,
  randomIp,
  randomPhone,
  type TestContext,
} from '../helpers.js';

describe.runIf(onPostgres() && dbAvailable())('rate limits across two processes', () => {
  let t: TestContext;
  let second: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    t = await createTestApp();
    second = await secondProcess(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const verify = (app: FastifyInstance, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/auth/verify-code/',
      payload: { phone: randomPhone(), code: '1' },
      remoteAddress: ip,
    });

  it('lets 60 concurrent verify-code calls through across both processes and refuses the rest', async () => {
    const ip = randomIp();
    // 80 calls at once, alternating between the processes: exactly 60 pass the shared limit.
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => verify(i % 2 ? second.app : t.app, ip)));
    const passed = answers.filter((a) => a.statusCode === 400).length;
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(passed).toBe(60);
    expect(limited).toHaveLength(20);
    for (const a of limited) {
      expect(a.json().detail).toMatch(/Слишком много запросов/);
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Both processes refuse the address now.
    expect((await verify(t.app, ip)).statusCode).toBe(429);
    expect((await verify(second.app, ip)).statusCode).toBe(429);
  });
});
