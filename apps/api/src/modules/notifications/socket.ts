/**
 * `/ws/notifications/?token=<key>` (spec §4, §7, §8; architecture §3): on connect
 * `{"type":"initial_notifications","notifications":[…latest 50, newest first]}`, then
 * `{"type":"new_notification","notification":{…}}` for each new or renewed one. A missing, unknown or revoked
 * token closes the socket with 4401 (so does signing out with that token, on every process). Client messages
 * are ignored; frames over 64 KB close it (1009, `maxPayload` in app.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { eq } from 'drizzle-orm';
import { INITIAL_NOTIFICATIONS, NOTIFICATIONS_SOCKET_CLOSE } from '@vitrina/contract/notifications';
import { authTokens } from '../../db/schema/index.js';
import { findUserByToken } from '../../plugins/auth.js';
import { NotificationHub, type Conn } from './hub.js';
import { latestNotifications } from './service.js';

const OPEN = 1;

/** Sends a socket its whole list again, then what was held while it was read. */
export async function sendInitial(app: FastifyInstance, conn: Conn): Promise<void> {
  const list = await latestNotifications(app.db, conn.userId, INITIAL_NOTIFICATIONS);
  NotificationHub.send(conn, { type: 'initial_notifications', notifications: list });
  conn.sent = new Map(list.map((n) => [n.id, JSON.stringify(n)]));
  const held = conn.held ?? [];
  conn.held = null;
  for (const notification of held) NotificationHub.sendNew(conn, notification);
}

/** The route handler of `/ws/notifications/`. */
export function notificationsSocket(app: FastifyInstance, hub: NotificationHub) {
  return async (socket: WebSocket, request: FastifyRequest) => {
    // Listeners first: anything may happen while the token is looked up.
    const conn: Conn = { socket, userId: 0, tokenId: 0, missed: 0, held: [] };
    socket.on('pong', () => {
      conn.missed = 0;
    });
    socket.on('message', () => {
      /* client messages are ignored */
    });
    socket.on('close', () => hub.remove(conn));
    socket.on('error', (err) => request.log.debug({ err }, 'notifications socket error'));

    const token = (request.query as Record<string, unknown>).token;
    const found = typeof token === 'string' ? await findUserByToken(app, token) : null;
    if (!found) {
      socket.close(NOTIFICATIONS_SOCKET_CLOSE.unauthorized, 'unauthorized');
      return;
    }
    if (socket.readyState !== OPEN) return;
    conn.userId = found.user.id;
    conn.tokenId = found.tokenId;
    hub.add(conn);
    try {
      // A sign-out committed between the look-up and the registration was not seen by the hub: check again.
      const [still] = await app.db
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(eq(authTokens.id, found.tokenId));
      if (!still) {
        hub.remove(conn);
        socket.close(NOTIFICATIONS_SOCKET_CLOSE.unauthorized, 'unauthorized');
        return;
      }
      await sendInitial(app, conn);
    } catch (err) {
      request.log.warn({ err }, 'notifications socket: initial list failed');
      hub.remove(conn);
      socket.close(1011, 'server error');
    }
  };
}
