/**
 * A request answered before its body was read to the end leaves its connection usable (architecture §3). When a
 * multipart reader refuses an upload part-way (a 429 of the hourly photo limit, a 400 for a file in an unknown
 * field), its parser stays piped to the request and stops reading: Node then neither reads the rest of the body nor
 * the next request on that keep-alive connection, which waited for the request timeout and got a 408. A request
 * whose body nobody started reading (a 401 before the handler) is drained by Node itself; this does the same for
 * one whose reader gave up: once the answer is sent, the request is unpiped and the rest of its body read and
 * dropped, so the next request on the connection is answered at once. The drain is bounded as any body is: by
 * `requestTimeout` (app.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export default fp(async function drainBody(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const raw = req.raw;
    // An answer that closes the connection (a 413: plugins/errors.ts) cuts the body off instead.
    if (raw.complete || raw.destroyed || reply.getHeader('connection') === 'close') return;
    raw.unpipe();
    raw.resume();
  });
});
