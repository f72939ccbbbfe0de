/** HTTP routes of the `notifications` module (spec §7). */
import type { FastifyInstance } from 'fastify';

export default async function notificationsRoutes(app: FastifyInstance) {
  void app;
}
