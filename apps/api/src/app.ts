/**
 * `buildApp(deps)`: the Fastify instance with every plugin and API module registered (the overload guards in
 * plugins/overload.ts, the routes in routes.ts). It never listens (server.ts does; tests use `app.inject`).
 * Architecture §1–§3.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { NOTIFICATIONS_SOCKET_CLOSE } from '@vitrina/contract/notifications';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
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
import publicCache from './plugins/public-cache.js';
import securityHeaders from './plugins/security-headers.js';
import { defineRateLimitCleanup, postgresRateLimitStore } from './plugins/rate-limit-store.js';
import { clientKey } from './lib/client-address.js';
import {
  MEDIA_MAX_BYTES,
  privateMediaLinks,
  setMediaPublicUrl,
  type PrivateMediaLinks,
} from './modules/media/index.js';
import { createStorage, prefixedStorage, type MediaStorage } from './providers/storage/index.js';
import { logSerializers } from './lib/log-privacy.js';
import { FORM_LIMITS } from './lib/multipart.js';
import { jobsPlugin } from './modules/jobs/index.js';
import { useRussianZodMessages } from './lib/zod-ru.js';
import { registerOverload } from './plugins/overload.js';
import { registerRoutes } from './routes.js';
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
    /** Where private photos are kept (chat, claim, proof: decision 0150): the `private/` prefix of `storage`. */
    privateStorage: MediaStorage;
    /** Signed links of private photos, and their check (`config.mediaUrlSecret`, `clock`). */
    privateMedia: PrivateMediaLinks;
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
  app.decorate('privateStorage', prefixedStorage(storage, 'private'));
  app.decorate('privateMedia', privateMediaLinks(config.mediaUrlSecret!, { now: () => app.clock.now() }));
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

  await registerRoutes(app, config, database);

  return app;
}
