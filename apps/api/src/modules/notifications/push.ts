/**
 * A generic push to one person's sockets on `/ws/notifications/`, from any process (architecture «Fan-out»): a
 * module registers a kind with the loader that turns a small payload (ids) into the socket message for a reader
 * ({@link onUserPush}), and publishes `{u, k, p}` in the change's transaction ({@link pushToUser}); on commit every
 * process receives it, and the one(s) holding that user's sockets load the message and send it. PostgreSQL caps a
 * NOTIFY payload at 8000 bytes, so a payload carries ids, never texts.
 */
import type { FastifyInstance } from 'fastify';
import type { NotificationsSocketMessage } from '@vitrina/contract/notifications';
import type { Db, Tx } from '../../db/client.js';

/** The LISTEN/NOTIFY channel of pushes: `{"u": userId, "k": kind, "p": payload}`. */
export const USER_PUSH_CHANNEL = 'vitrina_user_push';

/**
 * Builds the socket message of a push for its reader, on the process that holds the reader's sockets.
 * @returns the message, or null to send nothing (e.g. the row is gone)
 */
export type PushLoader = (
  userId: number,
  payload: Record<string, unknown>,
) => Promise<NotificationsSocketMessage | null>;

/** Loaders by kind, per app (every process registers the same ones at start). */
const loaders = new WeakMap<object, Map<string, PushLoader>>();

/** The loaders of an app (keyed by its pubsub: one object for the whole app, whichever plugin context asks). */
export function pushLoaders(app: FastifyInstance): Map<string, PushLoader> {
  let m = loaders.get(app.pubsub);
  if (!m) loaders.set(app.pubsub, (m = new Map()));
  return m;
}

/**
 * Registers how a kind of push becomes a socket message (call at start, before the app is ready).
 * @param kind a short name, e.g. `chat.message`
 */
export function onUserPush(app: FastifyInstance, kind: string, load: PushLoader): void {
  pushLoaders(app).set(kind, load);
}

/**
 * Pushes to a user's open sockets on every process once `conn`'s transaction commits (never for a rollback).
 * @param payload JSON-safe and small: ids (the loader reads the rest)
 */
export async function pushToUser(
  app: FastifyInstance,
  conn: Db | Tx,
  userId: number,
  kind: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await app.pubsub.publish(conn, USER_PUSH_CHANNEL, { u: userId, k: kind, p: payload });
}
