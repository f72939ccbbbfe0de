/**
 * Content (spec §7; the back office's content editor): the public face of the content module — content pages,
 * the journal and the job openings as Markdown in the database, rendered and sanitised on the server, and staff's
 * calls for them and for compilations (`/v1/admin/content/…`, `/v1/admin/entries/…`, `/v1/admin/compilations/…`).
 */
import type { FastifyInstance } from 'fastify';
import contentAdminRoutes from './admin-routes.js';
import publicContentRoutes from './routes.js';
import { purgeAfterStaffWrites } from '../moderation/index.js';

/** Registers the public reads and the staff routes (their own plugin: the staff guard covers only them). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(publicContentRoutes);
  await app.register(async (admin) => {
    purgeAfterStaffWrites(admin);
    await admin.register(contentAdminRoutes);
  });
}

/** Writes the pages' and entries' first texts where missing (server start-up; tests). */
export { seedContent } from './defaults.js';
/** Markdown → sanitised HTML (the shop's allow-list). */
export { renderMarkdown } from './markdown.js';
