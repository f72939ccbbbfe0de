/**
 * Seller statistics (spec §7): the public face of the stats module — views counted by the browser,
 * roll-ups written as facts arrive (views, `favorite.added`, `order.paid`, `order.refunded`), the statistics
 * calls, their CSV export and the service level.
 */
import type { FastifyInstance } from 'fastify';
import routes from './routes.js';
import { subscribeStats } from './record.js';

/** Registers the stats routes, its event subscribers and its pruning job. */
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  subscribeStats(app);
  await app.register(routes);
}
/** The service-level window, days. */
export { SERVICE_LEVEL_DAYS } from './service-level.js';
/** A seller's service level (the share of orders shipped in time, 0–100, null before any order) and its parts. */
export { serviceLevel } from './service-level.js';
/** The pentad (first of its five days) a Moscow day is rolled up into. */
export { pentadOf } from './time.js';
