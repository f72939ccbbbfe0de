/**
 * The development clock survives a restart: `POST /v1/dev/clock/` keeps the total move in installation_settings,
 * and the server's clock (`serverClock`, what server.ts starts with) starts from it; production's clock is real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverClock, storedClockOffset } from '../../src/lib/installation-settings.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('development clock across a restart', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a server started after two moves of the clock runs that far ahead', async () => {
    const move = (seconds: number) =>
      t.app.inject({ method: 'POST', url: '/v1/dev/clock/', payload: { advance_seconds: seconds } });
    expect((await move(2 * 86_400)).statusCode).toBe(200);
    expect((await move(3_600)).statusCode).toBe(200);
    expect(await storedClockOffset(t.app.db)).toBe((2 * 86_400 + 3_600) * 1000);

    const restarted = await serverClock({ isProduction: false }, t.app.db);
    const ahead = restarted.now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan((2 * 86_400 + 3_600) * 1000 - 5_000);
    expect(ahead).toBeLessThan((2 * 86_400 + 3_600) * 1000 + 5_000);

    const production = await serverClock({ isProduction: true }, t.app.db);
    expect(Math.abs(production.now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
