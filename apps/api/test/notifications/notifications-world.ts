/**
 * The notification tests' world: one app listening on a free port (PGlite, or PostgreSQL under `api-pg`) with the
 * job poller off, sockets opened through `ws` and terminated after the file, and a helper that makes a notification
 * as an event handler would. Call {@link useNotificationsWorld} at the top of a `describe`.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Notification } from '@vitrina/contract/notifications';
import { notify, type NotificationInput } from '../../src/modules/notifications/index.js';
import { createTestApp, type TestContext } from '../helpers.js';
import type { TestUser } from '../buy-fixtures.js';
import { openSocket, type TestSocket } from '../ws-client.js';

/** A test user's token as a socket's `?token=` takes it. */
export const tokenOf = (u: TestUser) => u.auth.authorization.slice('Token '.length);

export interface NotificationsWorld {
  /** The app (set in `beforeAll`). */
  readonly t: TestContext;
  /** `http://127.0.0.1:{port}` of the listening app. */
  readonly base: string;
  /** Opens a socket with the query given (`token=…`); closed after the file. */
  open(query?: string, opts?: { autoPong?: boolean }): TestSocket;
  /** Opens a user's socket and reads its initial list. */
  connect(u: TestUser, opts?: { autoPong?: boolean }): Promise<{ s: TestSocket; initial: Notification[] }>;
  /** Makes a notification in its own transaction (as an event handler would). */
  send(userId: number, input?: Partial<NotificationInput>): ReturnType<typeof notify>;
}

/** Registers the file's `beforeAll` / `afterAll` and returns the world. */
export function useNotificationsWorld(): NotificationsWorld {
  let t: TestContext | undefined;
  let base = '';
  const sockets: TestSocket[] = [];
  const world: NotificationsWorld = {
    get t() {
      if (!t) throw new Error('The app starts in beforeAll: use it in a test.');
      return t;
    },
    get base() {
      return base;
    },
    open(query, opts) {
      const s = openSocket(base, query, opts);
      sockets.push(s);
      return s;
    },
    async connect(u, opts) {
      const s = world.open(`token=${tokenOf(u)}`, opts);
      const first = await s.next();
      expect(first.type).toBe('initial_notifications');
      return { s, initial: first.type === 'initial_notifications' ? first.notifications : [] };
    },
    send(userId, input = {}) {
      return world.t.app.db.transaction((tx) =>
        notify(world.t.app, tx, userId, {
          type: 'new_subscriber',
          title: 'У вас новый подписчик',
          text: 'Проверка',
          link: '/account',
          ...input,
        }),
      );
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ JOBS_POLL_MS: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t?.close();
  });
  return world;
}
