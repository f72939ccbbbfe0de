/**
 * `registerRoutes(app)`: the routes `buildApp` (app.ts) serves once its plugins are in place — photos, the health
 * checks (`/healthz`, `/readyz`, `/v1/ping/`) and every API module's routes (`dev` outside production only).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { migrationsApplied } from './db/startup.js';
import { mediaRoutes, setUpPrivateMove } from './modules/media/index.js';
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
import { notificationsRoutes } from './modules/notifications/index.js';
import { statsRoutes } from './modules/stats/index.js';
import { reviewsRoutes } from './modules/reviews/index.js';
import { disputesRoutes } from './modules/disputes/index.js';
import { chatsRoutes } from './modules/chats/index.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { brandsRoutes } from './modules/brands/index.js';

/** Registers photos, the health checks and every API module's routes on `app` (its plugins registered before). */
export async function registerRoutes(app: FastifyInstance, config: Config, database: Database): Promise<void> {
  // Photos from the storage, whichever process stored them (also with MEDIA_PUBLIC_URL: URLs given out before it);
  // private ones by signed links only, those stored publicly before decision 0150 moved by a job.
  await app.register(mediaRoutes);
  await setUpPrivateMove(app);

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
}
