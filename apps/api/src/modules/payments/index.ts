/** Payments: the bank's notices and the buyer's payment status (spec §7): the public face of the payments module. */
/** Routes: webhooks and payment status. */
export { default as paymentsRoutes } from './routes.js';
