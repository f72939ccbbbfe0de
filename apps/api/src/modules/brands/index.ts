/**
 * The brand reference list, staff's side (docs/decisions/0120-staff-brand-merge.md): the public face of the brands
 * module — the brands sellers typed themselves (`GET /v1/admin/brands/free/`), merging one into a listed brand
 * (`POST /v1/admin/brands/merge/`) and adding a brand (`POST /v1/admin/brands/`). The public brand pages and search
 * stay in the catalog module.
 */
import type { FastifyInstance } from 'fastify';
import { purgeAfterStaffWrites } from '../moderation/index.js';
import brandAdminRoutes from './admin-routes.js';

/** Registers the staff routes in their own plugin (the staff guard and the cache purge cover only them). */
export async function brandsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (admin) => {
    purgeAfterStaffWrites(admin);
    await admin.register(brandAdminRoutes);
  });
}
