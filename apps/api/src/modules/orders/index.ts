/** Orders: checkout, reservations, shipping and confirmation (spec §7 `/v1/orders/…`): the public face of the orders module. */
/** Routes: create, list, read, ship, confirm, cancel orders. */
export { default as ordersRoutes } from './routes.js';
/** Payment outcomes applied to an order: paid (or a late payment to refund), or cancelled with stock released. */
export { cancelAndRelease, markOrderPaid } from './stock.js';
/**
 * The sweep of expired reservations: the single entry (cancel unpaid orders past `reserved_until` by `app.clock`)
 * and the timer app setup starts in the server process (replaced by a job in the jobs issue).
 */
export { releaseExpiredReservations, startReservationSweep } from './sweep.js';
