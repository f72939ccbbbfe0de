/**
 * Moderation (the back office's first part): the public face of the moderation module — the shop's reports
 * (`POST /v1/products/{id}/report/`, `POST /v1/users/{id}/report/`), staff's queue of them
 * (`GET /v1/admin/reports/`, `…/{id}/dismiss/`) and the audit log (`GET /v1/admin/audit/`).
 */
import type { FastifyInstance } from 'fastify';
import moderationAdminRoutes from './admin-routes.js';
import reportRoutes from './routes.js';

/** Registers the report calls and the staff routes (their own plugin: the staff guard covers only them). */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  await app.register(reportRoutes);
  await app.register(moderationAdminRoutes);
}
