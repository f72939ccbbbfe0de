/**
 * Claims and disputes (buyer protection; docs/decisions/0020-claims-and-disputes.md): the public face of the
 * disputes module — the buyer's claim, the seller's answer, the buyer's answer to a partial offer, the timers that
 * send a silent side's dispute to staff, and staff's decisions under `/v1/admin/disputes/`.
 */
import type { FastifyInstance } from 'fastify';
import claimRoutes from './routes.js';
import adminDisputeRoutes from './admin-routes.js';
import { defineClaimJobs } from './jobs.js';
import { subscribeClaimEvents } from './events.js';
import { subscribeClaimLines } from './chat-lines.js';
import { claimHistory } from './history.js';
import { onOrderHistory } from '../orders/index.js';

/**
 * Registers the claim routes, the staff routes (their own plugin: the staff guard), the jobs, the notices, the
 * dispute's lines in the order's conversation and the claim's steps in orders' histories.
 */
export async function disputesRoutes(app: FastifyInstance): Promise<void> {
  defineClaimJobs(app);
  onOrderHistory(app, claimHistory);
  subscribeClaimEvents(app);
  subscribeClaimLines(app);
  await app.register(claimRoutes);
  await app.register(adminDisputeRoutes);
}
/** The OpenAPI tag of staff calls. */
export { ADMIN_TAG } from './admin-routes.js';
