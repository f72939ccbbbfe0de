/**
 * A notifications socket client for tests: a real `ws` connection to a listening app, every message kept in
 * order, and promises for the next message that matches and for the close (code and reason).
 */
import WebSocket from 'ws';
import type { NotificationsSocketMessage } from '@vitrina/contract/notifications';
import { REAL_TIME_MS } from './helpers.js';

export interface TestSocket {
  ws: WebSocket;
  messages: NotificationsSocketMessage[];
  /** Resolves with the first message (already received or coming) that matches, or rejects after `ms` (REAL_TIME_MS). */
  next(match?: (m: NotificationsSocketMessage) => boolean, ms?: number): Promise<NotificationsSocketMessage>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** The close code and reason, or a rejection when the socket is still open after `ms` (REAL_TIME_MS). */
  closedWithin(ms?: number): Promise<{ code: number; reason: string }>;
  close(): void;
}

/**
 * Opens `/ws/notifications/` on `base` (`http://127.0.0.1:<port>`).
 * @param query the query string after `?` (e.g. `token=…`); undefined sends none
 * @param opts.autoPong false: the client doesn't answer pings
 */
export function openSocket(base: string, query?: string, opts: { autoPong?: boolean } = {}): TestSocket {
  const url = `${base.replace(/^http/, 'ws')}/ws/notifications/${query === undefined ? '' : `?${query}`}`;
  const ws = new WebSocket(url, { autoPong: opts.autoPong ?? true });
  const messages: NotificationsSocketMessage[] = [];
  const waiters: {
    match: (m: NotificationsSocketMessage) => boolean;
    resolve: (m: NotificationsSocketMessage) => void;
  }[] = [];
  let seen = 0;
  ws.on('message', (data) => {
    const m = JSON.parse((data as Buffer).toString('utf8')) as NotificationsSocketMessage;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    ws,
    messages,
    closed,
    next(match = () => true, ms = REAL_TIME_MS) {
      // Messages already received and not yet taken by an earlier next() count.
      for (let i = seen; i < messages.length; i += 1) {
        if (match(messages[i]!)) {
          seen = i + 1;
          return Promise.resolve(messages[i]!);
        }
      }
      seen = messages.length;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching socket message in ${ms} ms`)), ms);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            seen = messages.length;
            resolve(m);
          },
        });
      });
    },
    closedWithin(ms = REAL_TIME_MS) {
      let timer: NodeJS.Timeout | undefined;
      return Promise.race([
        closed.finally(() => clearTimeout(timer)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
        }),
      ]);
    },
    close: () => ws.close(),
  };
}

/** The `notification` of a `new_notification` message (throws for another type). */
export function newOf(m: NotificationsSocketMessage) {
  if (m.type !== 'new_notification') throw new Error(`expected new_notification, got ${m.type}`);
  return m.notification;
}

/**
 * Tries to open the notifications socket once.
 * @param headers extra upgrade request headers (e.g. `X-Forwarded-For`)
 * @returns the HTTP status the upgrade was refused with, or 101 when the socket opened (then it is closed)
 */
export function connectStatus(base: string, token: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/notifications/?token=${token}`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    ws.on('error', (err) => reject(err));
  });
}
