/**
 * Connects to the notifications socket are limited per client address (`WS_CONNECTS_PER_MINUTE`, counted in the
 * shared store): over the limit the upgrade is answered 429 and no socket opens; a minute later connects work again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, signIn, type TestContext } from '../helpers.js';
import { connectStatus, openSocket } from '../ws-client.js';

describe.runIf(dbAvailable())('notifications socket connect limit', () => {
  let t: TestContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0', WS_CONNECTS_PER_MINUTE: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the connect over the limit with 429, and takes connects again after a minute', async () => {
    const u = await signIn(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push(await connectStatus(base, u.token));
    expect(statuses).toEqual([101, 101, 101, 429]);
    t.clock.advance(61_000);
    const s = openSocket(base, `token=${u.token}`);
    expect((await s.next()).type).toBe('initial_notifications');
    s.ws.terminate();
  });
});
