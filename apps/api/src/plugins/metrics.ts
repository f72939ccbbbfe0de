/**
 * `app.metrics` (lib/metrics.ts) and `GET /metrics` in the Prometheus text format (issue 15).
 * Outside production the endpoint is open. In production it answers only with `Authorization: Bearer
 * <METRICS_TOKEN>` when `METRICS_TOKEN` is set, and 404 otherwise (no token configured, or a wrong one): the
 * figures are for the operator's Prometheus, not for the public.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMetrics, type Metrics } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app (issue 15). */
    metrics: Metrics;
  }
}

/** Whether `header` is `Bearer <token>` (constant-time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const got = Buffer.from(header ?? '');
  const want = Buffer.from(`Bearer ${token}`);
  return got.length === want.length && timingSafeEqual(got, want);
}

async function metricsPlugin(app: FastifyInstance) {
  app.decorate('metrics', createMetrics());
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (app.config.isProduction) {
      const token = app.config.metricsToken;
      if (!token || !bearerMatches(request.headers.authorization, token))
        return reply.status(404).send({ detail: 'Страница не найдена.' });
    }
    const text = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
