/**
 * The sockets of `/ws/notifications/` held by this process (architecture §6 «Fan-out»). Nothing
 * here is needed by another process: a notification reaches every process through LISTEN/NOTIFY and each
 * delivers it to the sockets it holds.
 *
 * - At most {@link MAX_SOCKETS_PER_USER} sockets per user on a process: the next one closes the oldest (4429).
 * - {@link NotificationHub.heartbeat} (every {@link PING_MS}) pings each socket and closes one that left two
 *   pings unanswered (4408).
 * - A socket is registered before its initial list is read; what arrives meanwhile is held and sent right after
 *   `initial_notifications`, so nothing committed during the connect is missed (a repeat is harmless: the
 *   client replaces an item by id).
 */
import type { WebSocket } from 'ws';
import {
  NOTIFICATIONS_SOCKET_CLOSE,
  type Notification,
  type NotificationsSocketMessage,
} from '@vitrina/contract/notifications';

/** Sockets per user per process. */
export const MAX_SOCKETS_PER_USER = 10;
/** Ping interval. */
export const PING_MS = 30_000;
/** Pings a socket may leave unanswered; at the next beat it is closed. */
export const MISSED_PONGS_LIMIT = 2;
/** A socket whose unsent output exceeds this (a client that stopped reading) is dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface Conn {
  socket: WebSocket;
  userId: number;
  /** The token row it signed in with (sign-out closes its sockets). */
  tokenId: number;
  /** Pings sent since the last pong. */
  missed: number;
  /** Notifications that arrived before the initial list was sent; null once it was. */
  held: Notification[] | null;
  /**
   * What this socket last got of each notification, by id (as sent, JSON): a late fan-out message of a
   * notification already in the initial list, or sent twice, is not sent again.
   */
  sent?: Map<number, string>;
}

const OPEN = 1;
/** How many notifications' last versions a socket remembers (`Conn.sent`). */
const SENT_KEPT = 100;

export class NotificationHub {
  private readonly byUser = new Map<number, Set<Conn>>();
  private timer: NodeJS.Timeout | null = null;

  /** Sockets held, in all. */
  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  /** Whether this process holds a socket of the user. */
  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Registers a socket; the user's oldest is closed when this is one too many. */
  add(conn: Conn): void {
    let set = this.byUser.get(conn.userId);
    if (!set) this.byUser.set(conn.userId, (set = new Set()));
    set.add(conn);
    while (set.size > MAX_SOCKETS_PER_USER) {
      const oldest = set.values().next().value!;
      set.delete(oldest);
      oldest.socket.close(NOTIFICATIONS_SOCKET_CLOSE.tooManySockets, 'too many sockets');
    }
  }

  remove(conn: Conn): void {
    const set = this.byUser.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (!set.size) this.byUser.delete(conn.userId);
  }

  /** The user's sockets on this process. */
  sockets(userId: number): Conn[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Every socket on this process. */
  all(): Conn[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  /** Sends a message to one socket (dropped when it isn't open; a client that stopped reading is cut off). */
  static send(conn: Conn, message: NotificationsSocketMessage): void {
    if (conn.socket.readyState !== OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      conn.socket.terminate();
      return;
    }
    conn.socket.send(JSON.stringify(message));
  }

  /** Sends `new_notification` unless the socket already has this very version of it. */
  static sendNew(conn: Conn, notification: Notification): void {
    const text = JSON.stringify(notification);
    if (conn.sent?.get(notification.id) === text) return;
    const sent = (conn.sent ??= new Map());
    sent.delete(notification.id);
    sent.set(notification.id, text);
    // The oldest entries go: a late duplicate comes within moments, not after a hundred others.
    if (sent.size > SENT_KEPT) sent.delete(sent.keys().next().value!);
    NotificationHub.send(conn, { type: 'new_notification', notification });
  }

  /** Sends `new_notification` to the user's sockets here (held for those still connecting). */
  deliver(userId: number, notification: Notification): number {
    const conns = this.sockets(userId);
    for (const c of conns) {
      if (c.held) c.held.push(notification);
      else NotificationHub.sendNew(c, notification);
    }
    return conns.length;
  }

  /**
   * Sends any socket message to the user's sockets here (the generic push, push.ts). A socket still connecting
   * gets it after its initial list only if it is a notification; other messages are for live sockets (the client
   * reads what it missed through the REST calls when it (re)connects).
   * @returns how many sockets it went to
   */
  push(userId: number, message: NotificationsSocketMessage): number {
    let n = 0;
    for (const c of this.sockets(userId)) {
      if (c.held) continue;
      NotificationHub.send(c, message);
      n += 1;
    }
    return n;
  }

  /** Closes the sockets opened with a token (its sign-out). @returns how many */
  closeToken(tokenId: number): number {
    let n = 0;
    for (const c of this.all()) {
      if (c.tokenId !== tokenId) continue;
      this.remove(c);
      c.socket.close(NOTIFICATIONS_SOCKET_CLOSE.unauthorized, 'signed out');
      n += 1;
    }
    return n;
  }

  /** One keep-alive beat: closes sockets that left {@link MISSED_PONGS_LIMIT} pings unanswered, pings the rest. */
  heartbeat(): void {
    for (const c of this.all()) {
      if (c.missed >= MISSED_PONGS_LIMIT) {
        this.remove(c);
        c.socket.close(NOTIFICATIONS_SOCKET_CLOSE.noPong, 'no pong');
        // A peer that doesn't answer pings may not answer the close either.
        setTimeout(() => c.socket.terminate(), 5_000).unref();
        continue;
      }
      c.missed += 1;
      if (c.socket.readyState === OPEN) c.socket.ping();
    }
  }

  /** Starts the keep-alive beat. */
  start(pingMs = PING_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.heartbeat(), pingMs);
    this.timer.unref();
  }

  /**
   * Stops the beat and closes every socket (server shutdown: 1012 «service restart»), so
   * clients reconnect — to another process or to this one once it is back.
   */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.all()) {
      this.remove(c);
      c.socket.close(NOTIFICATIONS_SOCKET_CLOSE.serviceRestart, 'service restart');
    }
  }
}
