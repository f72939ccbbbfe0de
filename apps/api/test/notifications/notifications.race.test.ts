/**
 * Notifications across server processes on one PostgreSQL (architecture §6 «Fan-out»): a socket on
 * process B receives at once (within `REAL_TIME_MS`) the notification caused by a request to process A; signing out on A closes
 * the token's socket on B; a process that dies right after its commit loses nothing (its event is handled
 * and its notification delivered by the other process); a broken LISTEN connection comes back and the sockets
 * get their list again. PostgreSQL only (file name `*.race.test.ts`): PGlite is one process by nature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { notify } from '../../src/modules/notifications/index.js';
import { createTestApp, dbAvailable, onPostgres, REAL_TIME_MS, signIn, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';
import { newOf, openSocket, type TestSocket } from '../ws-client.js';

const tokenOf = (u: TestUser) => u.auth.authorization.slice('Token '.length);

describe.runIf(onPostgres() && dbAvailable())('notifications across two processes', () => {
  let t: TestContext;
  let url: string;
  const extra: { app: FastifyInstance; database: Database }[] = [];
  let b: FastifyInstance;
  let baseB: string;
  const sockets: TestSocket[] = [];

  /** Another server process on the same database. */
  const startProcess = async (jobsPollMs: number) => {
    const database = await openDatabase({ url });
    const app = await buildApp({ config: { ...t.config, jobsPollMs }, database, clock: t.clock, logger: false });
    await app.ready();
    const p = { app, database };
    extra.push(p);
    return p;
  };
  const connectB = async (u: TestUser) => {
    const s = openSocket(baseB, `token=${tokenOf(u)}`);
    sockets.push(s);
    expect((await s.next()).type).toBe('initial_notifications');
    return s;
  };

  beforeAll(async () => {
    // Both workers poll, as in production: nobody calls runDue() here.
    t = await createTestApp({ JOBS_POLL_MS: '50' });
    url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    b = (await startProcess(50)).app;
    await b.listen({ port: 0, host: '127.0.0.1' });
    baseB = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const p of extra) {
      await p.app.close().catch(() => undefined);
      await p.database.close().catch(() => undefined);
    }
    await t?.close();
  });

  it('a socket on B gets, at once, the notification caused by a request to A', async () => {
    const star = await makeUser(t.app, 'Вера');
    await makeListing(t.app, star.id); // a seller page to subscribe to
    const fan = await makeUser(t.app, 'Борис');
    const s = await connectB(star);
    const res = await t.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    expect(res.statusCode).toBe(200);
    const got = newOf(await s.next(undefined, REAL_TIME_MS));
    expect(got).toMatchObject({ type: 'new_subscriber', link: '/account/sales-center' });
  });

  it('signing out on A closes that token’s socket on B', async () => {
    const u = await signIn(t.app);
    const s = openSocket(baseB, `token=${u.token}`);
    sockets.push(s);
    await s.next();
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: u.auth });
    expect(out.statusCode).toBe(200);
    expect((await s.closedWithin(REAL_TIME_MS)).code).toBe(4401);
  });

  it('a process killed right after its commit loses nothing: the other one handles and delivers', async () => {
    const star = await makeUser(t.app, 'Вера');
    await makeListing(t.app, star.id); // a seller page to subscribe to
    const fan = await makeUser(t.app, 'Борис');
    const s = await connectB(star);
    // C never runs jobs: it commits the subscription (with its event) and dies at once.
    const c = await startProcess(0);
    const res = await c.app.inject({ method: 'POST', url: `/v1/social/subscribe/${star.id}/`, headers: fan.auth });
    expect(res.statusCode).toBe(200);
    await c.app.close();
    await c.database.close();
    expect(newOf(await s.next(undefined, REAL_TIME_MS))).toMatchObject({
      type: 'new_subscriber',
      link: '/account/sales-center',
    });

    // D commits a notification and dies before anything else: the NOTIFY still reaches B.
    const d = await startProcess(0);
    const id = await d.app.db.transaction((tx) =>
      notify(d.app, tx, star.id, { type: 'order_completed', title: 'Из умершего процесса', text: '', link: '/' }),
    );
    await d.app.close();
    await d.database.close();
    expect(newOf(await s.next(undefined, REAL_TIME_MS))).toMatchObject({ id, title: 'Из умершего процесса' });
  });

  it('B’s LISTEN connection comes back after a failure and its sockets get their list again', async () => {
    const u = await makeUser(t.app);
    const s = await connectB(u);
    const before = b.pubsub.reconnects;
    b.pubsub.simulateConnectionLoss();
    const again = await s.next((m) => m.type === 'initial_notifications', 5000);
    expect(again.type).toBe('initial_notifications');
    expect(b.pubsub.reconnects).toBe(before + 1);
    await t.app.db.transaction((tx) =>
      notify(t.app, tx, u.id, { type: 'order_completed', title: 'После переподключения', text: '', link: '/' }),
    );
    expect(newOf(await s.next(undefined, REAL_TIME_MS)).title).toBe('После переподключения');
  });
});
