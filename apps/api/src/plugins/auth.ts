/**
 * Token authentication (spec §6, architecture §3): `Authorization: Token <40 hex>`. Keys are stored as
 * SHA-256 hex in `auth_tokens`. Decorates `request.user` (null when signed out) and offers
 * `app.requireAuth`, a preHandler that answers 401 in Russian when no valid token was sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { SESSION_IDLE_DAYS } from '@vitrina/contract/auth';
import { authTokens, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';

export type AuthUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: AuthUser | null;
    /** Id of the token row used for this request (for logout). */
    authTokenId: number | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid token was sent. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest guard of staff calls (`/v1/admin/…`): 401 without a valid token, 403 for anyone whose row's
     * `role` is not `staff` — before the body is read or validated. The role comes from the user's row, read with
     * the token on every request, never from the token itself.
     */
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The LISTEN/NOTIFY channel of sign-outs (`app.pubsub`): payload `{"t": tokenId}`, published in the transaction
 * that revokes the token, so every process closes the sockets opened with it.
 */
export const SIGN_OUT_CHANNEL = 'vitrina_signout';

/** A token unused this long stops working (401) and is deleted by the auth module's cleanup job. */
export const TOKEN_IDLE_MS = SESSION_IDLE_DAYS * 24 * 3_600_000;
/** `last_used_at` is written at most this often per token (not on every request). */
export const LAST_USED_PRECISION_MS = 3_600_000;

/** SHA-256 hex of a token key. */
export const hashToken = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new random token key: 40 hex characters. */
export const newTokenKey = () => randomBytes(20).toString('hex');

/** 401 for an `Authorization` header of another scheme (`Bearer …`, `Basic …`, a bare key). */
export const WRONG_SCHEME =
  'Неверная схема авторизации: отправьте заголовок «Authorization: Token <ключ из 40 символов>».';
/** 401 for `Token` without a key or with spaces inside it (DRF's wording). */
export const NO_KEY = 'Недопустимый заголовок токена. Учетные данные не предоставлены.';
export const KEY_WITH_SPACES = 'Недопустимый заголовок токена. Токен не должен содержать пробелов.';

/**
 * Reads an `Authorization` header (scheme `Token`, any case, as DRF).
 * @returns `{key}` for `Token <key>`; `{problem}` (a Russian 401 detail) for a malformed `Token` header or
 *   another scheme; undefined when there is no header
 */
export function tokenFromHeader(
  header: string | undefined,
): { key: string } | { problem: string; scheme: 'token' | 'other' } | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts[0]!.toLowerCase() !== 'token') return { problem: WRONG_SCHEME, scheme: 'other' };
  if (parts.length === 1) return { problem: NO_KEY, scheme: 'token' };
  if (parts.length > 2) return { problem: KEY_WITH_SPACES, scheme: 'token' };
  return { key: parts[1]! };
}

/**
 * The token lookup as a prepared statement (see {@link findUserByToken}): drizzle's own `.prepare()` rather than
 * `preparedRows`, because the answer must come back mapped to the typed `users` row the whole API reads.
 */
function tokenLookup(db: Db) {
  return db
    .select({ user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.keyHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('vitrina_auth_token_user');
}
const tokenLookups = new WeakMap<Db, ReturnType<typeof tokenLookup>>();

/**
 * Looks a token key up (one prepared statement) and notes its use (`last_used_at`, to the hour).
 * @returns the user and token id, or null for an unknown/malformed key or one unused for {@link TOKEN_IDLE_MS}
 */
export async function findUserByToken(app: FastifyInstance, key: string) {
  if (!/^[0-9a-f]{40}$/i.test(key)) return null;
  // Every signed-in request asks this: built once per database and run as a named prepared statement, it costs
  // neither drizzle's query building (~0.3 ms of Node CPU) nor PostgreSQL's parsing and planning per request.
  let lookup = tokenLookups.get(app.db);
  if (!lookup) tokenLookups.set(app.db, (lookup = tokenLookup(app.db)));
  const rows = await lookup.execute({ hash: hashToken(key.toLowerCase()) });
  const row = rows[0];
  if (!row) return null;
  const now = app.clock.now();
  const idle = now.getTime() - row.lastUsedAt.getTime();
  if (idle >= TOKEN_IDLE_MS) return null;
  if (idle >= LAST_USED_PRECISION_MS) {
    await app.db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, row.tokenId));
  }
  return { user: row.user, tokenId: row.tokenId };
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('authTokenId', null);
  /** Why a request sent an unusable header of another scheme (answered only where a token is required). */
  const schemeProblem = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const parsed = tokenFromHeader(request.headers.authorization);
    if (!parsed) return;
    if ('problem' in parsed) {
      // A malformed `Token` header is an error everywhere (DRF); another scheme is ignored on public calls.
      if (parsed.scheme === 'token') throw unauthorized(parsed.problem);
      schemeProblem.set(request, parsed.problem);
      return;
    }
    const found = await findUserByToken(app, parsed.key);
    if (!found) {
      // An invalid token is an error even on public calls (DRF behaviour).
      throw unauthorized('Недопустимый токен.');
    }
    request.user = found.user;
    request.authTokenId = found.tokenId;
  });
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(schemeProblem.get(request));
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(schemeProblem.get(request));
    if (request.user.role !== 'staff') throw forbidden('Этот раздел только для сотрудников Витрины.');
  });
});
