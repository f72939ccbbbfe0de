/** Payments: the bank's notices and the buyer's payment status (spec §7): the public face of the payments module. */
/** Routes: webhooks and payment status. */
export { default as paymentsRoutes } from './routes.js';
/**
 * Refunds a dispute decides: the whole payment ({@link queueOrderRefund}, key `refund-<payment id>`) or a part of it
 * ({@link queuePartialRefund}, key `refund-<refund id>`), queued in the decision's transaction.
 */
export { queueOrderRefund } from './refunds.js';
export { queuePartialRefund } from './partial-refunds.js';
