/**
 * Payments in the buying contract (`/v1/payments/{id}/`, `/v1/public/payments/config/`, the test gateway): a
 * payment's statuses, what `/payment` polls, the provider's configuration. Money is rubles. `orders.ts` re-exports it.
 */
import './zod-config.js';
import { z } from 'zod';

/**
 * Payment statuses: `pending` (waiting for the bank), `succeeded`, `canceled`, `refunded` (charged, then
 * returned: the order could no longer be fulfilled).
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment part of the order answer: open `confirmation_url` (the bank page) to pay. */
export const paymentRefSchema = z.object({
  id: z.string(),
  status: z.string(),
  confirmation_url: z.string().nullable(),
});
export type PaymentRef = z.infer<typeof paymentRefSchema>;

/**
 * `GET /v1/payments/{id}/` (auth, buyer) → what `/payment` polls. The gateway returns the buyer to
 * `/payment?order=<order id>`; `GET /v1/sales/orders/{id}/` has `payment.id`.
 */
export const paymentStatusSchema = z.object({
  id: z.string(),
  status: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  order_status: z.string(),
  /** Rubles returned to the buyer and when (status `refunded`). */
  refunded_amount: z.number().nullable().optional(),
  refunded_at: z.string().nullable().optional(),
});
export type PaymentStatusAnswer = z.infer<typeof paymentStatusSchema>;

/**
 * Test gateway `POST /testgateway/api/payments/{payment_id}/pay` (JSON card fields, or `{key, card}`: the
 * payment's key and a saved card's reference from its page) → `{status: 'succeeded' | 'canceled', return_url}`
 * — then navigate to `return_url`.
 */
export const gatewayPayResultSchema = z.object({
  status: z.enum(['succeeded', 'canceled']),
  return_url: z.string(),
});
export type GatewayPayResult = z.infer<typeof gatewayPayResultSchema>;

/**
 * `GET /v1/public/payments/config/` → which provider takes payments and where a new card is entered:
 * `card_form_url` is the test gateway's card page (append `?return_url=`), null when cards cannot be added
 * ahead of a payment (YooKassa: the card is entered on its payment page).
 */
export const paymentsConfigSchema = z.object({
  provider: z.enum(['testgateway', 'yookassa']),
  card_form_url: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** What the buyer is told about a refund (purchases page, notification). */
export const REFUND_NOTE = 'Деньги вернутся на карту в течение 1–10 рабочих дней';
