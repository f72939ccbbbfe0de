/** Saved payment cards (spec §7 `/v1/cards/…`): the public face of the cards module. */
/** Routes: list, add, update, remove cards. */
export { default as cardsRoutes } from './routes.js';
/** The caller's own card row by id, or 404 (checkout charges it). */
export { getOwnCard } from './service.js';
/** Saves the card a buyer paid with when they asked to keep it (payments module, after `order.paid`). */
export { saveCardFromPayment } from './from-payment.js';
