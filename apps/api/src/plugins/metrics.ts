/**
 * `app.metrics` (lib/metrics.ts) and `GET /metrics` in the Prometheus text format (17): besides the
 * modules' own metrics, every answer's time by route pattern, every query's time, the pool's connections
 * (PostgreSQL), the open WebSockets of this process and Node's default metrics.
 * Outside production the endpoint is open to this machine (loopback) only. In production it answers only with `Authorization: Bearer
 * <METRICS_TOKEN>` when `METRICS_TOKEN` is set, and 404 otherwise (no token configured, or a wrong one): the
 * figures are for the operator's Prometheus, not for the public.
 */
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createMetrics, type Metrics } from '../lib/metrics.js';
import { isLoopback } from '../lib/client-address.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app. */
    metrics: Metrics;
  }
}

/** Whether `header` is `Bearer <token>` (constant-time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const got = Buffer.from(header ?? '');
  const want = Buffer.from(`Bearer ${token}`);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The `route` label of an answer: the route's pattern, else `(page)` for HTML, else `(unmatched)`. */
function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html') ? '(page)' : '(unmatched)';
}

async function metricsPlugin(app: FastifyInstance) {
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: routeLabel(request, reply), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const { database } = app;
  const stopTiming = database.queries.add((seconds, failed) =>
    metrics.dbQueryDuration.observe({ driver: database.driver, outcome: failed ? 'error' : 'ok' }, seconds),
  );
  app.addHook('onClose', async () => stopTiming());
  const pool = database.pool;
  if (pool) {
    metrics.gaugeFromDb(
      'vitrina_db_pool_connections',
      'PostgreSQL pool of this process: total, idle, waiting',
      ['state'],
      async () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    );
  }
  metrics.gaugeFromDb('vitrina_websockets_open', 'WebSockets open in this process', [], async () => [
    { labels: {}, value: app.websocketServer?.clients.size ?? 0 },
  ]);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (app.config.isProduction) {
      const token = app.config.metricsToken;
      if (!token || !bearerMatches(request.headers.authorization, token))
        return reply.status(404).send({ detail: 'Страница не найдена.' });
    } else if (!isLoopback(request.raw.socket.remoteAddress)) {
      // Open without a token only outside production, and then only to this machine (like /v1/dev/).
      return reply.status(404).send({ detail: 'Страница не найдена.' });
    }
    const text = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
