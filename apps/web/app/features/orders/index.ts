/** Public face of the orders feature: purchases, sales and the payment result screens. */
/** «История покупок»: the buyer's orders with filters, confirm and cancel. */
export { PurchasesList } from './purchases-list';
/** The seller's orders («Продажи»), with shipping. */
export { SellerOrders } from './seller-orders';
/** The result screens after the payment page: success and failure. */
export { OrderFail, OrderSuccess } from './order-result';
/** Waiting for the payment's outcome. */
export { PaymentWait } from './payment-wait';
