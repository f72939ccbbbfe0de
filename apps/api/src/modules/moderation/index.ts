/**
 * Moderation (the back office's first part): the public face of the moderation module — staff's audit log
 * (`GET /v1/admin/audit/`).
 */
import type { FastifyInstance } from 'fastify';
import moderationAdminRoutes from './admin-routes.js';

/** Registers the staff routes (their own plugin: the staff guard covers only them). */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(moderationAdminRoutes);
}
