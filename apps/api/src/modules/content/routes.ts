/** HTTP routes of the `content` module (spec §7). */
import type { FastifyInstance } from 'fastify';

export default async function contentRoutes(app: FastifyInstance) {
  void app;
}
