/**
 * The messenger between buyer and seller, with price offers (docs/architecture.md «Messenger»): the public face of
 * the chats module — conversations per buyer and listing, messages with photos and masked contacts, read marks,
 * price offers, blocking and reports; order events as system lines; real time through the notifications socket.
 */
import type { FastifyInstance } from 'fastify';
import routes from './routes.js';
import { subscribeChatEvents } from './events.js';
import { defineOfferJobs } from './offers.js';

/** Registers the messenger's routes, its event subscribers and timed jobs. */
export async function chatsRoutes(app: FastifyInstance): Promise<void> {
  subscribeChatEvents(app);
  defineOfferJobs(app);
  await app.register(routes);
}
/** Erases a deleted account's messages (text and photos), offers and blocks, in the erasure's transaction. */
export { eraseChatAuthor } from './safety.js';
/** A system line about an order in its conversation (for later events: claims opened and decided). */
export { orderLine } from './events.js';
/** Hides phones, e-mails, links and messenger handles in a text. */
export { maskContacts } from './mask.js';
