/** Orders: checkout, reservations, shipping and confirmation (spec §7 `/v1/orders/…`): the public face of the orders module. */
/** Routes: create, list, read, ship, confirm, cancel orders. */
export { default as ordersRoutes } from './routes.js';
/** Payment outcomes applied to an order: paid (or a late payment to refund), or cancelled with stock released. */
export { cancelAndRelease, EXPIRED_REASON, markOrderPaid } from './stock.js';
/**
 * Expiry of unpaid orders on the jobs (architecture §6): the job kind checkout queues for `reserved_until`, and the
 * definitions of the orders module's jobs (registered with the routes).
 */
export { defineOrderJobs, EXPIRE_JOB, onBeforeExpiry, type BeforeExpiry } from './expiry.js';
/** How long an unpaid order holds its stock (ms). */
export { RESERVATION_MS } from './stock.js';
/** One order's row for its buyer or seller (404 for anyone else): for modules that act on an order's parties. */
export { getOrderFor, type OrderRow } from './read.js';
/** Orders serialized as `viewerId` sees them (the seller's view has the payout fields). */
export { loadOrders } from './read.js';
/**
 * Buyer protection's deadlines (docs/architecture.md «Order deadlines»): a carrier's report that an order was
 * delivered, and when each deadline falls.
 */
export { reportDelivery } from './deadlines.js';
export { CONFIRM_WITHIN_MS, DELIVER_WITHIN_MS, orderDeadlines } from './deadline-times.js';
/** The order's side of a dispute: opening it, ending it refunded or completed (with a partial refund or none). */
export { openDispute, refundDisputed, settleDisputed } from './dispute-steps.js';
/**
 * Steps other modules add to an order's `history` (the claims module: a claim opened, answered, decided): register a
 * source at start; it is asked for the orders of each answer.
 */
export { onOrderHistory, type OrderHistorySource } from './history.js';
/**
 * Staff's cancellations (a blocked account): a paid order cancelled before shipping with the seller-cancel path's
 * refund, stock and notices (`by: 'staff'`), and the pending payments of cancelled unpaid orders cancelled at the
 * provider after the commit.
 */
export { cancelPaidOrder } from './settle-steps.js';
export { cancelAtProvider } from './stock.js';
