/**
 * Reviews and trust signals (issue «Buyer protection»): the public face of the reviews module — the sides of a
 * completed order review each other, the reviewed person answers; a person's rating, count and star distribution.
 */
import type { FastifyInstance } from 'fastify';
import routes from './routes.js';
import { subscribeReviewEvents } from './events.js';

/** Registers the reviews routes and the notifications of its events. */
export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  subscribeReviewEvents(app);
  await app.register(routes);
}
/** SQL columns `rating` and `reviews_count` of a person for a card's select; a person's full rating summary. */
export { ratingColumnsSql, ratingSummary, type RatingSummary } from './read.js';
/** Events of the module (payload `{reviewId}`). */
export { REVIEW_ANSWERED, REVIEW_CREATED, REVIEW_EDITED } from './service.js';
