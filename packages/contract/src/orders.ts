/**
 * The buying contract (issue «Buying»; spec §3, §4, §7: delivery points, cards, `/v1/sales/*`; ours:
 * `/v1/public/pickup-points/`, `/v1/sales/orders/{id}/…`, `/v1/payments/{id}/`, the test gateway).
 * Money is rubles (numbers) in every answer. No answer ever carries a card number or CVC.
 */
import './zod-config.js';
import { z } from 'zod';

/* ------------------------------------------------------------------ delivery */

/** Delivery services: value (`delivery_service_type`) → Russian label. */
export const DELIVERY_SERVICE_TYPES = [
  { value: 'cdek', label: 'СДЭК' },
  { value: 'boxberry', label: 'Boxberry' },
  { value: 'russian_post', label: 'Почта России' },
  { value: 'yandex', label: 'Яндекс Доставка' },
  { value: '5post', label: '5Post' },
] as const;
export type DeliveryServiceType = (typeof DELIVERY_SERVICE_TYPES)[number]['value'];
export const deliveryServiceTypeSchema = z.enum(['cdek', 'boxberry', 'russian_post', 'yandex', '5post']);

/** Russian label of a delivery service value (the value itself when unknown). */
export const deliveryServiceLabel = (value: string): string =>
  DELIVERY_SERVICE_TYPES.find((s) => s.value === value)?.label ?? value;

/**
 * Each delivery service's tracking numbers (uppercase, spaces removed) and its public tracking page: the seller's
 * number is checked against the service the buyer chose at checkout, and both sides get a link.
 * - Почта России: 14 digits (inside Russia) or the international 13 characters `RA123456789RU`;
 * - СДЭК: 10 digits (the order number on its receipt);
 * - Boxberry, Яндекс Доставка, 5Post: 8–20 (Boxberry) or 8–32 Latin letters, digits and hyphens with a digit.
 */
export const TRACKING_RULES: Record<
  DeliveryServiceType,
  { pattern: RegExp; hint: string; url: (n: string) => string }
> = {
  russian_post: {
    pattern: /^(\d{14}|[A-Z]{2}\d{9}[A-Z]{2})$/,
    hint: 'Трек-номер Почты России — 14 цифр (80082345678901) или 13 знаков вида RA123456789RU.',
    url: (n) => `https://www.pochta.ru/tracking?barcode=${encodeURIComponent(n)}`,
  },
  cdek: {
    pattern: /^\d{10}$/,
    hint: 'Трек-номер СДЭК — 10 цифр, например 1234567890.',
    url: (n) => `https://www.cdek.ru/ru/tracking/?order_id=${encodeURIComponent(n)}`,
  },
  boxberry: {
    pattern: /^(?=.*\d)[A-Z0-9]{8,20}$/,
    hint: 'Трек-номер Boxberry — от 8 до 20 латинских букв и цифр, например DBS12345678.',
    url: (n) => `https://boxberry.ru/tracking-page?id=${encodeURIComponent(n)}`,
  },
  yandex: {
    pattern: /^(?=.*\d)[A-Z0-9-]{8,32}$/,
    hint: 'Трек-номер Яндекс Доставки — от 8 до 32 латинских букв, цифр и дефисов, например LO-123456789.',
    url: (n) => `https://dostavka.yandex.ru/route/${encodeURIComponent(n)}`,
  },
  '5post': {
    pattern: /^(?=.*\d)[A-Z0-9-]{8,32}$/,
    hint: 'Трек-номер 5Post — от 8 до 32 латинских букв, цифр и дефисов.',
    url: (n) => `https://fivepost.ru/tracking/?id=${encodeURIComponent(n)}`,
  },
};

/** A tracking number as stored and compared: spaces removed, uppercase («ra 1234 5678 9ru» → «RA123456789RU»). */
export const normalizeTracking = (raw: string): string => raw.replace(/\s+/g, '').toUpperCase();

const trackingRule = (service: string) =>
  (TRACKING_RULES as Record<string, (typeof TRACKING_RULES)[DeliveryServiceType] | undefined>)[service];

/**
 * What is wrong with a tracking number for the delivery service `service`, or null when it fits (a service this
 * contract does not know takes any number).
 */
export function trackingProblem(service: string, raw: string): string | null {
  const rule = trackingRule(service);
  return !rule || rule.pattern.test(normalizeTracking(raw)) ? null : rule.hint;
}

/** The carrier's public tracking page for a number, or null for a service this contract does not know. */
export const trackingUrl = (service: string, number: string): string | null =>
  trackingRule(service)?.url(number) ?? null;

/**
 * Multipart body of `POST /v1/delivery_points/` and `PUT /v1/delivery_points/{id}/` (spec §3, §7).
 * `point_id` is the pickup point's id in its service (from the directory below), `address` its address.
 */
export const deliveryPointInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  address: z.string().trim().min(1).max(500),
  point_id: z.string().trim().min(1).max(100),
  delivery_service_type: deliveryServiceTypeSchema,
});
export type DeliveryPointInput = z.infer<typeof deliveryPointInputSchema>;

/** A saved delivery point: answer of POST (201) / PUT (200), entries of `self.info.delivery_points`. */
export const deliveryPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  point_id: z.string(),
  delivery_service_type: z.string(),
});
export type DeliveryPoint = z.infer<typeof deliveryPointSchema>;

/**
 * A pickup point of the directory: `GET /v1/public/pickup-points/?service=&city=&q=&page=&page_size=` →
 * DRF page of these (page_size ≤ 100, default 20). `lat`/`lng` WGS-84, `hours` e.g. «Пн–Вс 10:00–21:00».
 * To save one: POST /v1/delivery_points/ with `name`, `address`, `point_id`, `delivery_service_type: service`.
 */
export const pickupPointSchema = z.object({
  id: z.number().int(),
  service: z.string(),
  service_label: z.string(),
  point_id: z.string(),
  city: z.string(),
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  hours: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

/** `GET /v1/public/pickup-points/cities/` → `[{city, count}]`, biggest first. */
export const pickupCitySchema = z.object({ city: z.string(), count: z.number().int() });
export type PickupCity = z.infer<typeof pickupCitySchema>;

/* --------------------------------------------------------------------- cards */

/** Card brands by BIN. */
export const CARD_BRANDS = ['Мир', 'Visa', 'Mastercard', 'Карта'] as const;

/**
 * Test gateway `POST /testgateway/api/cards/` (JSON) → 200 {@link gatewayCardSchema}. Only the gateway ever
 * sees the number; Vitrina then gets `card_token`.
 */
export const gatewayCardInputSchema = z.object({
  number: z.string(),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string(),
});
export type GatewayCardInput = z.infer<typeof gatewayCardInputSchema>;
export const gatewayCardSchema = z.object({
  card_token: z.string(),
  last4: z.string(),
  brand: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type GatewayCard = z.infer<typeof gatewayCardSchema>;

/**
 * `POST /v1/user/card-form/` → 201: the state of a card form this session opens. Put `card_state` into the card
 * form's return address; `POST /v1/user/add-card/` takes it back with `card_token` (once, within 30 minutes).
 */
export const cardFormStateSchema = z.object({ card_state: z.string(), expires_at: z.string() });
export type CardFormState = z.infer<typeof cardFormStateSchema>;

/**
 * A saved card: `POST /v1/user/add-card/` (multipart `card_token`, `card_state`, optional `name`) → 201;
 * `GET /v1/self/cards/` → array of these (default first); `GET|PUT /v1/self/card/{id}/` (PUT JSON or multipart:
 * `is_default`, `name`) → one; `DELETE /v1/self/card/remove/{id}/` → 204.
 */
export const cardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
});
export type Card = z.infer<typeof cardSchema>;
export const cardUpdateSchema = z.object({
  name: z.string().trim().max(100).optional(),
  is_default: z.boolean().optional(),
});
export type CardUpdate = z.infer<typeof cardUpdateSchema>;

/* -------------------------------------------------------------------- orders */

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

/** Reasons a seller picks when cancelling a paid order (the form offers them; any text up to 500 characters). */
export const SELLER_CANCEL_REASONS = [
  'Нет в наличии',
  'Вещь повреждена',
  'Не могу отправить в срок',
  'Ошибка в объявлении',
] as const;

/** `POST /v1/sales/orders/{id}/cancel/` body: the seller of a paid order gives a `reason`; the buyer sends `{}`. */
export const cancelOrderSchema = z
  .object({
    reason: z
      .string({ error: 'Причина отмены — строка, например «Нет в наличии».' })
      .trim()
      .max(500, 'Причина — не больше 500 символов.')
      .optional(),
  })
  .nullish();
export type CancelOrderBody = z.infer<typeof cancelOrderSchema>;

export const orderFilterSchema = z.object({ value: z.string(), label: z.string() });
export type OrderFilter = z.infer<typeof orderFilterSchema>;

const ID_MESSAGE = 'В адресе ожидается номер — целое положительное число.';

/** `{id}` of a path like `/v1/self/card/{id}/`: digits only, 1…2 147 483 647; anything else a 400 `{id}` in Russian. */
export const idPathParams = z.object({
  id: z.coerce
    .number({ error: ID_MESSAGE })
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647, { error: ID_MESSAGE }),
});

/** A type error message for a JSON field: «Обязательное поле.» when it is missing, `message` otherwise. */
const expected = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Обязательное поле.' : message),
});

/** A database id in a JSON body: a whole number 1…2 147 483 647 (one Russian message, whatever is wrong). */
const jsonId = (message: string) =>
  z.number(expected(message)).refine((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647, { error: message });

/**
 * `POST /v1/sales/order/` JSON body: items of ONE seller, a saved delivery point id, optionally a saved card id.
 * Every message is Russian and names what was expected; counts below 1 are refused by the service (field `items`).
 */
export const orderCreateSchema = z.object(
  {
    items: z
      .array(
        z.object(
          {
            slug: z
              .string(expected('Товар (slug) — строка из адреса товара.'))
              .min(1, 'Обязательное поле.')
              .max(200, 'Не больше 200 символов.'),
            size: z
              .string(expected('Размер — строка, например «M».'))
              .trim()
              .min(1, 'Обязательное поле.')
              .max(50, 'Не больше 50 символов.'),
            count: z
              .number(expected('Количество — целое число от 1 до 99.'))
              .refine((v) => Number.isInteger(v) && v <= 1000, { error: 'Количество — целое число от 1 до 99.' }),
          },
          expected('Позиция заказа — объект {"slug", "size", "count"}.'),
        ),
        expected('Список товаров — массив [{"slug", "size", "count"}].'),
      )
      .min(1, 'Добавьте в заказ хотя бы один товар.')
      .max(50, 'Не больше 50 позиций в одном заказе.'),
    delivery_point: jsonId('Пункт выдачи — id сохранённого пункта (целое число).'),
    card: jsonId('Карта — id сохранённой карты (целое число) или null.').nullish(),
    /** With a new card (`card` null): keep it for the next purchases («Сохранить карту»). */
    save_card: z.boolean(expected('Сохранить карту — true или false.')).optional(),
    recipient_name: z
      .string(expected('Получатель — строка: имя и фамилия, например «Анна Иванова».'))
      .max(200, 'Имя получателя — не больше 100 символов.')
      .optional(),
    recipient_phone: z
      .string(expected('Телефон получателя — строка, например «+7 999 123-45-67».'))
      .max(40, 'Телефон получателя — не больше 40 символов.')
      .optional(),
  },
  {
    error:
      'Отправьте JSON-объект {"items", "delivery_point", "card", "recipient_name", "recipient_phone"} с заголовком Content-Type: application/json.',
  },
);
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** Longest recipient name (characters). */
export const RECIPIENT_NAME_MAX = 100;

/**
 * What is wrong with a recipient's full name, or null when a carrier can take it: letters (Cyrillic or Latin), spaces,
 * hyphens, apostrophes and dots; at least two words (name and surname, as the pickup point checks them against an ID);
 * up to {@link RECIPIENT_NAME_MAX} characters. Both the checkout form and `POST /v1/sales/order/` use it.
 */
export function recipientNameProblem(name: string): string | null {
  const v = name.trim().replace(/\s+/g, ' ');
  if (!v) return 'Укажите имя и фамилию получателя — их спросят в пункте выдачи.';
  if (v.length > RECIPIENT_NAME_MAX) return `Имя получателя — не больше ${RECIPIENT_NAME_MAX} символов.`;
  if (!/^[\p{L}][\p{L}'’.\- ]*$/u.test(v)) return 'Имя получателя — только буквы, пробелы, дефисы и апострофы.';
  if (v.split(' ').filter((w) => /\p{L}/u.test(w)).length < 2)
    return 'Укажите имя и фамилию получателя, как в паспорте: например «Анна Иванова».';
  return null;
}

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
 * `POST /v1/sales/orders/{id}/ship/` body. The number must fit the format of the delivery service the buyer chose
 * ({@link TRACKING_RULES}; otherwise 400 `{tracking_number}` in Russian naming the format); it is stored normalised.
 */
export const shipSchema = z.object(
  {
    tracking_number: z
      .string(expected('Трек-номер — строка, например «RA123456789RU».'))
      .trim()
      .min(3, 'Трек-номер — не меньше 3 символов.')
      .max(64, 'Трек-номер — не больше 64 символов.'),
  },
  { error: 'Отправьте JSON-объект {"tracking_number"} с заголовком Content-Type: application/json.' },
);

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
