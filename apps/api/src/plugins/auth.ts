/**
 * Token authentication (spec §6, architecture §3): `Authorization: Token <40 hex>`. Keys are stored as
 * SHA-256 hex in `auth_tokens`. Decorates `request.user` (null when signed out) and offers
 * `app.requireAuth`, a preHandler that answers 401 in Russian when no valid token was sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { authTokens, users } from '../db/schema/index.js';
import { unauthorized } from '../lib/errors.js';

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
  }
}

/** SHA-256 hex of a token key. */
export const hashToken = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new random token key: 40 hex characters. */
export const newTokenKey = () => randomBytes(20).toString('hex');

/** The key from an `Authorization: Token <key>` header; undefined for other schemes or none. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Token\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/**
 * Looks a token key up.
 * @returns the user and token id, or null for an unknown/malformed key
 */
export async function findUserByToken(app: FastifyInstance, key: string) {
  if (!/^[0-9a-f]{40}$/i.test(key)) return null;
  const rows = await app.db
    .select({ user: users, tokenId: authTokens.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.keyHash, hashToken(key.toLowerCase())))
    .limit(1);
  return rows[0] ?? null;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('authTokenId', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const key = tokenFromHeader(request.headers.authorization);
    if (!key) return;
    const found = await findUserByToken(app, key);
    if (!found) {
      // An invalid token is an error even on public calls (DRF behaviour).
      throw unauthorized('Недопустимый токен.');
    }
    request.user = found.user;
    request.authTokenId = found.tokenId;
  });
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
  });
});
