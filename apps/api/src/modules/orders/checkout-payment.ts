/**
 * Checkout, step 5 and its undo: the payment opened at the configured provider (an HTTP call
 * outside the database), and the undo of steps 2–5 when a step after the order's transaction fails. See create.ts
 * for the steps in order.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cards, payments } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { paymentProvider, type SavedCardRef } from '../../providers/payments/index.js';
import { cancelAndRelease, cancelAtProvider } from './stock.js';
import { crashPoint } from '../../lib/crash-points.js';
import type { NewOrder, ValidOrder } from './checkout-lines.js';

/**
 * Step 5 (after the transaction committed): opens the payment at the configured provider and saves its id and
 * confirmation URL; the provider returns the buyer to `origin` (lib/public-origin.ts; default `PUBLIC_URL`). When saving fails after the provider created the payment, that payment is cancelled at the
 * provider (best effort, logged) before the error goes on to {@link createOrder}, which cancels the order.
 * @throws ApiError 502 when the provider cannot be reached or refuses; whatever saving threw
 */
export async function startPayment(
  app: FastifyInstance,
  order: NewOrder,
  valid: ValidOrder,
  origin = app.config.publicUrl,
): Promise<void> {
  const provider = paymentProvider(app);
  const created = await provider.createPayment({
    paymentId: order.paymentId,
    orderId: order.id,
    orderNumber: order.number,
    amount: order.total,
    description: `Заказ ${order.number}`,
    returnUrl: `${origin}/payment?order=${order.id}`,
    idempotenceKey: order.idempotenceKey,
    savedCards: provider.name === 'testgateway' ? await savedCards(app.db, valid) : [],
    saveCard: valid.saveCard,
  });
  crashPoint('checkout.payment-created');
  try {
    await app.db
      .update(payments)
      .set({
        providerPaymentId: created.providerPaymentId,
        confirmationUrl: created.confirmationUrl,
        updatedAt: app.clock.now(),
      })
      .where(eq(payments.id, order.paymentId));
  } catch (err) {
    await cancelAtProvider(app, [{ provider: provider.name, id: created.providerPaymentId }]);
    throw err;
  }
}

/** The buyer's test-gateway cards for the bank page: the chosen one first, then the default, then newest. */
async function savedCards(db: Db, valid: ValidOrder): Promise<SavedCardRef[]> {
  const chosen = valid.card?.id;
  const mine = await db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, valid.buyerId), eq(cards.provider, 'testgateway')));
  mine.sort(
    (a, b) =>
      Number(b.id === chosen) - Number(a.id === chosen) || Number(b.isDefault) - Number(a.isDefault) || b.id - a.id,
  );
  return mine.map((c) => ({ token: c.token, brand: c.brand, last4: c.last4 }));
}

/**
 * Undoes steps 2–5 when a step after the transaction failed: the order is cancelled («Платёжный сервис
 * недоступен.»), its stock returned, its pending payment marked `canceled` and, when the provider's payment id was
 * saved, cancelled at the provider too. Never throws (the caller rethrows the step's error): if even this fails,
 * the reservation runs out after `RESERVATION_MS` (15 minutes) and its expiry job releases it.
 */
export async function undoOrder(app: FastifyInstance, orderId: number): Promise<void> {
  try {
    const pending = await app.db.transaction((tx) =>
      cancelAndRelease(tx, orderId, app.clock.now(), 'Платёжный сервис недоступен.'),
    );
    if (pending) await cancelAtProvider(app, pending);
  } catch (err) {
    app.log.error({ err, orderId }, 'undoing a failed checkout failed; the reservation will expire');
  }
}
