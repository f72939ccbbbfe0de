/** HTTP routes of the `favorites` module (spec §7). */
import type { FastifyInstance } from 'fastify';

export default async function favoritesRoutes(app: FastifyInstance) {
  void app;
}
