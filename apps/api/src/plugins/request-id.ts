/**
 * Request ids: every request gets an id that every log line of it carries (`reqId`, Fastify's pino
 * logger) and that its answer returns as `X-Request-Id`, so a user's complaint, a proxy's access log and our
 * logs meet on one value. An id set by the proxy in front (`X-Request-Id`, the same header nginx and Caddy
 * pass on) is kept when it is sane — 1 to 128 letters, digits and `-_.:@` — so that one id follows the request
 * through both; anything else (missing, too long, spaces, control characters) is replaced by a new UUID.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** What an incoming `X-Request-Id` may look like to be kept. */
const SANE_ID = /^[A-Za-z0-9\-_.:@]{1,128}$/;

/**
 * The request's id: the incoming `X-Request-Id` when sane, else a new UUID (Fastify's `genReqId`).
 * @param req the raw request
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** Fastify options: ids from {@link requestId} (Fastify's own header handling would keep any value). */
export const requestIdOptions = { requestIdHeader: false as const, genReqId: requestId };

/** Returns the id as `X-Request-Id` on every answer (set first, so early answers — 503, 404 — carry it too). */
async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

export default fp(requestIdPlugin, { name: 'request-id' });
