/**
 * The buying contract (issue «Buying»; spec §3, §4, §7: delivery points, cards, `/v1/sales/*`; ours:
 * `/v1/public/pickup-points/`, `/v1/sales/orders/{id}/…`, `/v1/payments/{id}/`, the test gateway).
 * Money is rubles (numbers) in every answer. No answer ever carries a card number or CVC.
 */
import './zod-config.js';
import { z } from 'zod';
import { cardSchema } from './cards.js';
import { deliveryPointSchema } from './delivery.js';
import { paymentRefSchema } from './payments.js';

export * from './delivery.js';
export * from './cards.js';
export * from './payments.js';
export * from './order-input.js';

/**
 * Order statuses (buyer protection: docs/architecture.md «Order deadlines»): `awaiting_payment` → `paid` (the
 * seller ships by `ship_by`, or the order is cancelled and refunded) → `shipped` → `delivered` (reported by the
 * carrier, or 14 days after shipping) → `completed` (the buyer confirms, or 48 hours after delivery); `disputed`
 * while a buyer's claim is open (every timer stops), ending `refunded` (a full refund) or `completed`;
 * `cancelled` with `cancelled_by` saying who or what cancelled.
 */
export const ORDER_STATUSES = [
  { value: 'awaiting_payment', label: 'Ожидает оплаты' },
  { value: 'paid', label: 'Ждёт отправки' },
  { value: 'shipped', label: 'Отправлен' },
  { value: 'delivered', label: 'Доставлен' },
  { value: 'disputed', label: 'Спор открыт' },
  { value: 'completed', label: 'Завершён' },
  { value: 'refunded', label: 'Деньги возвращены' },
  { value: 'cancelled', label: 'Отменён' },
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number]['value'];

/**
 * Buyer protection's numbers (docs/architecture.md «Order deadlines»): the API's deadlines and every text that
 * states them (order pages, notices, `/garanties`, `/how-buy`, `/how-sell`) read them from here.
 * - `shipWithinDays` — a paid order is shipped by the end of this Moscow day after payment, else cancelled and refunded;
 * - `deliverWithinDays` — a shipped order the carrier never reported counts as delivered this many days after shipping;
 * - `confirmWithinHours` — after delivery the buyer confirms or reports a problem within this many hours (exactly);
 * - `claimAnswerDays` — the seller answers a claim within this many days, else staff decide.
 */
export const BUYER_PROTECTION = {
  shipWithinDays: 5,
  deliverWithinDays: 14,
  confirmWithinHours: 48,
  claimAnswerDays: 3,
} as const;

/** Russian label of an order status. */
export const orderStatusLabel = (value: string): string =>
  ORDER_STATUSES.find((s) => s.value === value)?.label ?? value;

/** `GET /v1/sales/order-filters/` → these `[{value, label}]`; `value` goes to `?filter=` of `/v1/sales/orders/`. */
export const ORDER_FILTERS = [
  { value: 'all', label: 'Все' },
  { value: 'awaiting_payment', label: 'Ожидают оплаты' },
  { value: 'paid', label: 'Оплачены' },
  { value: 'shipped', label: 'Отправлены' },
  { value: 'delivered', label: 'Доставлены' },
  { value: 'disputed', label: 'Спор' },
  { value: 'completed', label: 'Завершены' },
  { value: 'refunded', label: 'Деньги возвращены' },
  { value: 'cancelled', label: 'Отменены' },
] as const;
/**
 * Who or what cancelled an order (`cancelled_by`): the buyer (unpaid), the seller (paid, before shipping), the
 * ship-by `deadline` passing, the reservation's `expiry`, the bank refusing the `payment`, or `staff`.
 */
export const CANCELLED_BY = ['buyer', 'seller', 'deadline', 'expiry', 'payment', 'staff'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

export const orderFilterSchema = z.object({ value: z.string(), label: z.string() });
export type OrderFilter = z.infer<typeof orderFilterSchema>;

/** The recipient of an order: full name and phone (E.164), as the carrier needs them. */
export const recipientSchema = z.object({ name: z.string(), phone: z.string() });
export type Recipient = z.infer<typeof recipientSchema>;

/** A line of an order. `price` is rubles per piece, `photo` a small image URL or null. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  size: z.string(),
  price: z.number(),
  count: z.number().int(),
  photo: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The other party of an order (seller for the buyer, buyer for the seller). */
export const orderUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
});
export type OrderUser = z.infer<typeof orderUserSchema>;

/**
 * Where the seller's payout of an order is (seller's answers only): `awaiting_shipping` (paid, the
 * seller has not shipped yet), `awaiting_completion` (shipped or delivered or disputed, the buyer has not confirmed
 * receipt), `processing` (being sent or retried), `waiting_card` (the seller has no
 * payout card), `sent` (with `paid_out_at`).
 */
export const PAYOUT_STATUSES = [
  'awaiting_shipping',
  'awaiting_completion',
  'processing',
  'waiting_card',
  'sent',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** What the seller reads for each payout status (`sent` is followed by the date: «Выплачено 25 ноября»). */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  awaiting_shipping: 'Ждёт отправки',
  awaiting_completion: 'Ожидает получения покупателем',
  processing: 'Выплата в обработке',
  waiting_card: 'Добавьте карту для выплат',
  sent: 'Выплачено',
};

/**
 * One step of an order's history, oldest first: `event` says what happened — the order's own steps `created`,
 * `paid`, `shipped`, `delivered`, `completed`, `cancelled`, `refunded`, `payout_sent` (the seller's answers only),
 * and steps other modules add (a claim's `claim_opened`, `claim_answered`, `dispute_resolved`, … — clients show
 * `title` for any event they do not know). `at` ISO; `by` who acted when known (`buyer`, `seller`, `staff`,
 * `carrier`, `deadline` — the platform's timer, `payment`, `expiry`); `title` the Russian line shown; `note` details
 * (a reason, a tracking number, an amount) or null.
 */
export const orderHistoryStepSchema = z.object({
  event: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  title: z.string(),
  note: z.string().nullable(),
});
export type OrderHistoryStep = z.infer<typeof orderHistoryStepSchema>;

/**
 * An order. `total`, `fee`, `payout` are rubles (`payout = total − fee`); `delivery_point` is a snapshot
 * taken when ordered; dates ISO 8601. `reserved_until` is set while awaiting payment (15 minutes).
 * `role` says whether the caller is the `buyer` or the `seller`.
 */
export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  status_label: z.string(),
  role: z.enum(['buyer', 'seller']),
  items: z.array(orderItemSchema),
  total: z.number(),
  fee: z.number(),
  payout: z.number(),
  delivery_point: deliveryPointSchema.extend({ id: z.number().int().nullable() }),
  card: cardSchema.pick({ brand: true, last4: true }).nullable(),
  seller: orderUserSchema,
  buyer: orderUserSchema,
  /**
   * Who collects the parcel (given at checkout): the buyer sees it always, the seller once the order is paid (to
   * fill in the waybill). Null on orders placed before checkout asked for it.
   */
  recipient: recipientSchema.nullable(),
  tracking_number: z.string().nullable(),
  /** The carrier's public tracking page for `tracking_number` (Почта России, СДЭК, Boxberry…), or null. */
  tracking_url: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** Who or what cancelled the order ({@link CANCELLED_BY}); null unless `cancelled`. */
  cancelled_by: z.enum(CANCELLED_BY).nullable(),
  /**
   * Deadlines (ISO; null when they do not apply): `ship_by` — a paid order is cancelled and refunded if not shipped
   * by then; `deliver_by` — a shipped order counts as delivered then if the carrier has not reported it;
   * `confirm_by` — a delivered order completes then (exactly 48 hours after `delivered_at`) unless the buyer
   * confirms earlier or reports a problem.
   */
  ship_by: z.string().nullable(),
  deliver_by: z.string().nullable(),
  confirm_by: z.string().nullable(),
  reserved_until: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /**
   * Money returned to the buyer, rubles, and when (a payment that came for an order that could no longer be
   * fulfilled is refunded); absent or null when nothing was refunded.
   */
  refunded_amount: z.number().nullable().optional(),
  refunded_at: z.string().nullable().optional(),
  /**
   * For the seller only (absent for the buyer): where the payout is ({@link PAYOUT_STATUSES}; null for an order
   * unpaid or cancelled), when it was sent (ISO) and how much was sent (rubles), null until sent.
   */
  payout_status: z.enum(PAYOUT_STATUSES).nullable().optional(),
  paid_out_at: z.string().nullable().optional(),
  payout_amount: z.number().nullable().optional(),
  /** What happened to the order, step by step with times, oldest first ({@link orderHistoryStepSchema}). */
  history: z.array(orderHistoryStepSchema),
  /**
   * Latest payment of the order (the buyer may reopen `confirmation_url` while `pending`); `status` `refunded`
   * with `refunded_amount` (rubles) and `refunded_at` once the money went back.
   */
  payment: z
    .object({
      id: z.string(),
      status: z.string(),
      confirmation_url: z.string().nullable(),
      refunded_amount: z.number().nullable().optional(),
      refunded_at: z.string().nullable().optional(),
    })
    .nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * `POST /v1/sales/order/` → 409 when the buyer already has an order of these items waiting for payment (they left
 * the bank page and pressed «Оплатить» again): `pending_order` is that order — pay it at `confirmation_url` (null
 * when the bank never opened a page: then pay or cancel it in «История покупок») while it is held until
 * `reserved_until`. A 409 for stock bought by somebody else carries `detail` only.
 */
export const orderConflictSchema = z.object({
  detail: z.string(),
  pending_order: z
    .object({
      id: z.number().int(),
      number: z.string(),
      confirmation_url: z.string().nullable(),
      reserved_until: z.string().nullable(),
    })
    .optional(),
});
export type OrderConflict = z.infer<typeof orderConflictSchema>;

/** `POST /v1/sales/order/` → 201. */
export const orderCreatedSchema = z.object({
  success: z.literal(true),
  order: orderSchema,
  payment: paymentRefSchema,
});
export type OrderCreated = z.infer<typeof orderCreatedSchema>;
