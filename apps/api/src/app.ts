/**
 * `buildApp(deps)`: the Fastify instance with every plugin and API module registered. It never listens
 * (server.ts does; tests use `app.inject`). Architecture §1–§3.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { getHeapStatistics } from 'node:v8';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { NOTIFICATIONS_SOCKET_CLOSE } from '@vitrina/contract/notifications';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { migrationsApplied } from './db/startup.js';
import { systemClock, type Clock } from './lib/clock.js';
import { COMPRESS_FROM_BYTES, PER_REQUEST_BROTLI, PER_REQUEST_GZIP } from './lib/compression.js';
import { withInstallationSettings } from './lib/installation-settings.js';
import errorsPlugin, { frameworkErrors } from './plugins/errors.js';
import authPlugin from './plugins/auth.js';
import pubsubPlugin from './plugins/pubsub.js';
import metricsPlugin from './plugins/metrics.js';
import requestIdPlugin, { requestIdOptions } from './plugins/request-id.js';
import nulGuard from './plugins/nul-guard.js';
import drainBody from './plugins/drain-body.js';
import inFlight, { neverShed } from './plugins/in-flight.js';
import { ApiError, OVERLOAD_DETAIL } from './lib/errors.js';
import publicCache from './plugins/public-cache.js';
import securityHeaders from './plugins/security-headers.js';
import { defineRateLimitCleanup, postgresRateLimitStore } from './plugins/rate-limit-store.js';
import { clientKey } from './lib/client-address.js';
import { MEDIA_MAX_BYTES, mediaRoutes, setMediaPublicUrl } from './modules/media/index.js';
import { createStorage, type MediaStorage } from './providers/storage/index.js';
import { logSerializers } from './lib/log-privacy.js';
import { FORM_LIMITS } from './lib/multipart.js';
import { authRoutes } from './modules/auth/index.js';
import { usersRoutes } from './modules/users/index.js';
import { accountRoutes } from './modules/account/index.js';
import { catalogRoutes } from './modules/catalog/index.js';
import { productsRoutes } from './modules/products/index.js';
import { cardsRoutes } from './modules/cards/index.js';
import { deliveryRoutes } from './modules/delivery/index.js';
import { socialRoutes } from './modules/social/index.js';
import { favoritesRoutes } from './modules/favorites/index.js';
import { cartRoutes } from './modules/cart/index.js';
import { ordersRoutes } from './modules/orders/index.js';
import { paymentsRoutes } from './modules/payments/index.js';
import { contentRoutes } from './modules/content/index.js';
import { devRoutes } from './modules/dev/index.js';
import { jobsPlugin } from './modules/jobs/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { statsRoutes } from './modules/stats/index.js';
import { reviewsRoutes } from './modules/reviews/index.js';
import { disputesRoutes } from './modules/disputes/index.js';
import { chatsRoutes } from './modules/chats/index.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { brandsRoutes } from './modules/brands/index.js';
import { useRussianZodMessages } from './lib/zod-ru.js';
import { clientErrorHandler } from './plugins/client-error.js';

// Russian messages for every zod validation error (API and shared contract schemas).
useRussianZodMessages();

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    clock: Clock;
    /** Where photos are kept (`STORAGE`: local files or an S3 bucket); every media write, read and delete. */
    storage: MediaStorage;
    /** Renders pages for GETs no route matched (set by web.ts); null → JSON 404. */
    pageHandler: ((req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Injected in tests to move time (code expiry, reservations). */
  clock?: Clock;
  /** Pino logger options; false in tests. */
  logger?: boolean | object;
  /** The photo storage; default: the one `config` names (`STORAGE`), closed with the app. */
  storage?: MediaStorage;
}

/** Builds the app: plugins, API modules, `/healthz`, `/readyz`, `/media/`, OpenAPI at `/v1/docs/`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database } = deps;
  // What the installation keeps in the database (the test bank's webhook secret) is part of `app.config`.
  const config = await withInstallationSettings(deps.config, database.db);
  const timeouts = config.timeouts ?? { requestMs: 60_000, headersMs: 10_000, connectionMs: 120_000 };
  const app = Fastify({
    logger:
      deps.logger === undefined
        ? {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.body', '*.code', '*.number', '*.cvc', '*.phone'],
            serializers: logSerializers,
          }
        : deps.logger && { serializers: logSerializers, ...(deps.logger === true ? {} : deps.logger) },
    ...requestIdOptions,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // A slow or endless request is closed: headers within `headersMs`, the whole request within
    // `requestMs` (Node checks both every `connectionsCheckingInterval`), and a silent connection after
    // `connectionMs` (the ws library turns the idle timer off for upgraded sockets).
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(5_000, timeouts.headersMs),
    },
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('pageHandler', null);
  const storage = deps.storage ?? createStorage(config);
  app.decorate('storage', storage);
  if (!deps.storage) app.addHook('onClose', () => storage.close());
  setMediaPublicUrl(config.mediaPublicUrl);
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = /^\/(v1|media|ws|testgateway\/api)\//.test(req.url);
    if (!isApi && app.pageHandler && (req.method === 'GET' || req.method === 'HEAD'))
      return app.pageHandler(req, reply);
    return reply.status(404).send({ detail: 'Страница не найдена.' });
  });

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await registerOverload(app, config);
  await app.register(nulGuard);
  // An upload refused part-way: the rest of its body is read and dropped, the connection stays usable.
  await app.register(drainBody);
  // An empty body sent with `Content-Type: application/json` is no body (as DRF reads it), not a JSON error:
  // `POST /v1/social/subscribe/1/` from a client that always sets the header must work.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return jsonParser(req, String(body), done);
  });
  await app.register(securityHeaders, { config });
  // JSON answers up to 64 KB (a listing page is ~15 KB) are compressed inline: on two cores the stream path
  // (thread pool hand-off, chunked writes) cost a listing page ~0.7 ms more CPU than gzip itself. Levels: lib/compression.ts.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    syncThreshold: 64 * 1024,
    zlibOptions: PER_REQUEST_GZIP,
    brotliOptions: PER_REQUEST_BROTLI,
  });
  await app.register(publicCache);
  // Counters live in PostgreSQL, shared by every process; keyed per client key (an IPv6 /64 is one client).
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(app),
    keyGenerator: (request) => clientKey(request.ip),
  });
  await app.register(multipart, {
    limits: {
      fileSize: MEDIA_MAX_BYTES,
      files: FORM_LIMITS.files,
      fields: FORM_LIMITS.fields,
      fieldSize: FORM_LIMITS.fieldBytes,
      fieldNameSize: FORM_LIMITS.fieldNameBytes,
      parts: FORM_LIMITS.parts,
    },
  });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // A stopping server closes every socket with 1012 «service restart» (not the plugin's bare close, 1005), so
    // clients reconnect to another process or to this one once it is back.
    preClose: async function closeSockets(this: FastifyInstance) {
      for (const client of this.websocketServer.clients) {
        client.close(NOTIFICATIONS_SOCKET_CLOSE.serviceRestart, 'service restart');
      }
      this.websocketServer.close();
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Витрина API', version: '1.0.0', description: 'API маркетплейса «Витрина»' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      tags: [
        {
          name: 'Администрирование',
          description:
            'Только для сотрудников (STAFF_PHONES): без токена — 401, не сотруднику — 403, до проверки тела.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI draws a long document's operations as the page scrolls (past about 130 of them only the first screen
  // is there at first); the tag filter takes a reader straight to a module's calls.
  await app.register(swaggerUi, { routePrefix: '/v1/docs', uiConfig: { filter: true } });
  await app.register(authPlugin);
  await app.register(pubsubPlugin);
  await app.register(metricsPlugin);
  await app.register(jobsPlugin);
  defineRateLimitCleanup(app);

  // Photos from the storage, whichever process stored them (also with MEDIA_PUBLIC_URL: URLs given out before it).
  await app.register(mediaRoutes);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Ready: the database answers and every migration of the journal is applied (db/startup.ts); 503 otherwise.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      if (await migrationsApplied(database)) return { status: 'ok' };
      return reply.status(503).send({ status: 'unavailable', detail: 'Не все миграции базы данных применены.' });
    } catch {
      return reply.status(503).send({ status: 'unavailable', detail: 'База данных недоступна.' });
    }
  });
  app.get('/v1/ping/', { schema: { hide: true } }, async () => ({ success: true }));

  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(productsRoutes);
  await app.register(cardsRoutes);
  await app.register(deliveryRoutes);
  await app.register(socialRoutes);
  await app.register(favoritesRoutes);
  await app.register(cartRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await contentRoutes(app);
  await app.register(notificationsRoutes);
  await statsRoutes(app);
  await reviewsRoutes(app);
  await disputesRoutes(app);
  await chatsRoutes(app);
  await moderationRoutes(app);
  await brandsRoutes(app);
  if (!config.isProduction) await app.register(devRoutes);

  return app;
}

/** Seconds a client is asked to wait when the server is overloaded. */
export const OVERLOAD_RETRY_AFTER_S = 5;

/**
 * Under overload (event-loop delay or heap above `config.overload`, `@fastify/under-pressure`; or more requests in
 * progress than `maxInFlight`, plugins/in-flight.ts) a request is answered at once with a Russian 503 and
 * `Retry-After` instead of waiting in a queue.
 */
async function registerOverload(app: FastifyInstance, config: Config) {
  const o = config.overload ?? { eventLoopDelayMs: 0, heapMb: 0 };
  await app.register(inFlight, { max: o.maxInFlight ?? 0, retryAfterS: OVERLOAD_RETRY_AFTER_S });
  const heapBytes =
    o.heapMb === undefined ? Math.floor(getHeapStatistics().heap_size_limit * 0.9) : o.heapMb * 1024 * 1024;
  if (!o.eventLoopDelayMs && !heapBytes) return;
  await app.register(underPressure, {
    maxEventLoopDelay: o.eventLoopDelayMs,
    maxHeapUsedBytes: heapBytes,
    sampleInterval: 500,
    retryAfter: OVERLOAD_RETRY_AFTER_S,
    // Static files are served whatever the pressure (plugins/in-flight.ts `neverShed`); anything else gets the
    // Russian 503 with Retry-After (plugins/errors.ts answers the ApiError).
    pressureHandler: async (req) => {
      if (neverShed(req.url)) return;
      throw new ApiError(503, { detail: OVERLOAD_DETAIL }, { 'retry-after': String(OVERLOAD_RETRY_AFTER_S) });
    },
  });
}
