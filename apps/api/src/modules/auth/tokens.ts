/**
 * Signed-in devices (spec §1, §7): a token is 40 hex characters stored as SHA-256, one row per device. Signing out
 * deletes the row and, with the same commit, closes the notification sockets opened with it on every process
 * (`SIGN_OUT_CHANNEL`); tokens idle for `TOKEN_IDLE_MS` stop working and a recurring job deletes them. Time comes
 * from `app.clock`.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Session } from '@vitrina/contract/auth';
import { authTokens } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { SIGN_OUT_CHANNEL, TOKEN_IDLE_MS } from '../../plugins/auth.js';

/**
 * `POST /v1/auth/logout/`: deletes the token row used for this request and, with the same commit, tells every
 * server process to close the notification sockets opened with it.
 */
export async function revokeToken(app: FastifyInstance, tokenId: number): Promise<void> {
  await revokeTokens(app, [tokenId]);
}

/**
 * Deletes token rows and, with the same commit, closes the notification sockets opened with each of them on
 * every process (as {@link revokeToken}).
 * @param where which of the user's tokens: `{userId}` — all of them, `{userId, id}` — that one
 * @returns the ids of the tokens deleted (none when `id` is not the user's)
 */
export async function revokeUserTokens(app: FastifyInstance, where: { userId: number; id?: number }) {
  return app.db.transaction((tx) => revokeUserTokensIn(app, tx, where));
}

/**
 * {@link revokeUserTokens} inside the caller's transaction: the tokens stop working and their sockets close on
 * every process when it commits (nothing happens if it rolls back).
 * @returns the ids of the tokens deleted
 */
export async function revokeUserTokensIn(app: FastifyInstance, tx: Tx, where: { userId: number; id?: number }) {
  const gone = await tx
    .delete(authTokens)
    .where(and(eq(authTokens.userId, where.userId), where.id === undefined ? undefined : eq(authTokens.id, where.id)))
    .returning({ id: authTokens.id });
  for (const g of gone) await app.pubsub.publish(tx, SIGN_OUT_CHANNEL, { t: g.id });
  return gone.map((g) => g.id);
}

async function revokeTokens(app: FastifyInstance, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await app.db.transaction(async (tx) => {
    await tx.delete(authTokens).where(inArray(authTokens.id, ids));
    for (const id of ids) await app.pubsub.publish(tx, SIGN_OUT_CHANNEL, { t: id });
  });
}

/**
 * `GET /v1/auth/sessions/`: the user's signed-in devices, the current one first, then by last use.
 * Tokens idle for {@link TOKEN_IDLE_MS} are left out (they no longer work).
 */
export async function listSessions(app: FastifyInstance, userId: number, currentTokenId: number | null) {
  const since = new Date(app.clock.now().getTime() - TOKEN_IDLE_MS);
  const rows = await app.db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), gt(authTokens.lastUsedAt, since)))
    .orderBy(desc(authTokens.lastUsedAt), desc(authTokens.id));
  const results: Session[] = rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt.toISOString(),
    device: describeUserAgent(r.userAgent),
    current: r.id === currentTokenId,
  }));
  results.sort((a, b) => Number(b.current) - Number(a.current));
  return { results };
}

/** `DELETE /v1/auth/sessions/{id}/`: signs one of the user's devices out. @throws ApiError 404 for another's */
export async function revokeSession(app: FastifyInstance, userId: number, id: number) {
  const gone = await revokeUserTokens(app, { userId, id });
  if (!gone.length) throw notFound('Устройство не найдено: возможно, с него уже вышли.');
  return { success: true as const, revoked: gone.length };
}

/** The recurring job that deletes tokens idle for {@link TOKEN_IDLE_MS}. */
export const EXPIRE_TOKENS_JOB = 'auth.expire-tokens';
export const EXPIRE_TOKENS_EVERY_MS = 3_600_000;

/** Defines {@link EXPIRE_TOKENS_JOB}: deletes idle tokens and closes their sockets on every process. */
export function defineTokenExpiry(app: FastifyInstance): void {
  app.jobs.every(EXPIRE_TOKENS_JOB, EXPIRE_TOKENS_EVERY_MS, async ({ tx, now }) => {
    const gone = await tx
      .delete(authTokens)
      .where(lte(authTokens.lastUsedAt, new Date(now.getTime() - TOKEN_IDLE_MS)))
      .returning({ id: authTokens.id });
    for (const g of gone) await app.pubsub.publish(tx, SIGN_OUT_CHANNEL, { t: g.id });
    if (gone.length) app.log.info({ expired: gone.length }, 'auth: idle tokens deleted');
  });
}

/** Number of live tokens (devices) of a user. */
export async function countTokens(app: FastifyInstance, userId: number): Promise<number> {
  const [r] = await app.db.select({ n: count() }).from(authTokens).where(eq(authTokens.userId, userId));
  return r?.n ?? 0;
}
