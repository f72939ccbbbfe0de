/**
 * Moderation (the back office's first part): the public face of the moderation module — the shop's reports
 * (`POST /v1/products/{id}/report/`, `POST /v1/users/{id}/report/`), staff's queue of them
 * (`GET /v1/admin/reports/`, `…/{id}/dismiss/`), blocking listings (`POST /v1/admin/products/{id}/block/`,
 * `…/unblock/`), accounts (`GET /v1/admin/users/`, `…/{id}/`, `…/{id}/block/`, `…/{id}/unblock/`) and the audit log
 * (`GET /v1/admin/audit/`).
 */
import type { FastifyInstance } from 'fastify';
import moderationAdminRoutes from './admin-routes.js';
import adminUserRoutes from './admin-user-routes.js';
import reportRoutes from './routes.js';
import { PUBLIC_CACHE_PURGE_CHANNEL } from './block.js';
import { forgetCatalogCaches } from '../catalog/index.js';

/** Pubsub channel: a message on it (published in a transaction) makes every process forget its public answers. */
export { PUBLIC_CACHE_PURGE_CHANNEL };

/**
 * Read-your-writes for staff: after a successful staff write (any method but GET/HEAD, status below 300) in the
 * routes of `app`'s plugin, this process forgets its public answers, counts and facets before the answer leaves —
 * the change has committed; the other processes hear {@link PUBLIC_CACHE_PURGE_CHANNEL} (on PostgreSQL a moment
 * later, over LISTEN/NOTIFY).
 */
export function purgeAfterStaffWrites(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300) {
      app.publicCache.cache.clear();
      forgetCatalogCaches(app.db);
    }
    return payload;
  });
}

/** Registers the report calls and the staff routes (their own plugin: the staff guard covers only them). */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  // A block or unblock anywhere: this process forgets its public answers, counts and facets (they show the old state).
  app.pubsub.on(PUBLIC_CACHE_PURGE_CHANNEL, () => {
    app.publicCache.cache.clear();
    forgetCatalogCaches(app.db);
  });
  await app.register(reportRoutes);
  await app.register(async (admin) => {
    purgeAfterStaffWrites(admin);
    await admin.register(moderationAdminRoutes);
    await admin.register(adminUserRoutes);
  });
}
