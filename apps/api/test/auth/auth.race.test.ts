/**
 * Sending codes under a burst (issue «The shop runs»).
 *
 * A race test: it runs only in the \`api-pg\` project (PostgreSQL), named \`*.race.test.ts\` (vitest.config.ts).
 * PGlite runs one query at a time on the event loop, so there these requests would simply queue up and
 * prove nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, randomIp, randomPhone, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('auth races', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const send = (phone: string, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/send-code/', payload: { phone }, remoteAddress: ip });
  const outbox = async (phone: string) =>
    (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(phone)}`)).json() as {
      results: { phone: string; text: string; code: string; sent_at: string }[];
    };

  it('handles a burst of parallel sends to one number: exactly one goes out', async () => {
    const phone = randomPhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => send(phone)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
    expect((await outbox(phone)).results).toHaveLength(1);
  });
});
