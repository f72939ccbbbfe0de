/**
 * «Сохранить карту» at checkout: once an order is paid (`order.paid`), the card its payment saved at the bank
 * (`PaymentProvider.savedCardToken`; only a payment created with `saveCard` saves one) joins the buyer's cards
 * (cards module). A job of its own: the bank is asked after the payment's transaction committed, and asked again
 * if it cannot be reached.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, payments } from '../../db/schema/index.js';
import { paymentProvider } from '../../providers/payments/index.js';
import { saveCardFromPayment } from '../cards/index.js';

/** Subscribes the saving of a paid-with card to `order.paid` (called when the module's routes are registered). */
export function defineCardSaving(app: FastifyInstance): void {
  app.events.subscribe('order.paid', 'payments.save-paid-card', async ({ tx, event }) => {
    const { orderId } = event.payload;
    const [paid] = await tx
      .select({ buyerId: orders.buyerId, provider: payments.provider, providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
      .limit(1);
    if (!paid?.providerPaymentId || paid.provider !== app.config.payments.provider) return;
    const token = await paymentProvider(app, tx).savedCardToken(paid.providerPaymentId);
    if (token) await saveCardFromPayment(app, tx, paid.buyerId, token);
  });
}
