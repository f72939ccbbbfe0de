/**
 * The messenger between a buyer and a seller, with price offers (docs/architecture.md «Messenger»):
 * `POST`/`GET /v1/chats/`, `GET`/`POST /v1/chats/{id}/messages/`, `POST /v1/chats/{id}/read/`,
 * `POST /v1/chats/{id}/offers/`, `POST /v1/offers/{id}/accept/|decline/|counter/`, `GET /v1/offers/agreed/`,
 * `POST /v1/chats/{id}/report/`, `POST /v1/users/{id}/block/|unblock/`, `GET /v1/users/blocked/`.
 *
 * One conversation per buyer and listing. Messages come in pages of {@link MESSAGES_PAGE_SIZE}, newest first,
 * `?before=<message id>` for older ones. Real time: the notifications socket (`/ws/notifications/`) also carries
 * `new_message` and `messages_read` (see `notificationsSocketMessageSchema`). Money in answers: rubles.
 */
import './zod-config.js';
import { z } from 'zod';
import { imageSchema, pageOf } from './common.js';

/** Longest message text, characters. */
export const MESSAGE_TEXT_MAX = 5000;
/** Most photos in one message. */
export const MESSAGE_PHOTOS_MAX = 5;
/** Messages per page of a thread. */
export const MESSAGES_PAGE_SIZE = 50;
/** Conversations per page of the list. */
export const CHATS_PAGE_SIZE = 20;
/** The lowest offer, percent of the size's price. */
export const OFFER_MIN_PERCENT = 70;
/** Offers a buyer may make for one listing (counters by the seller do not count). */
export const OFFERS_PER_LISTING = 3;
/** Hours a pending offer waits for an answer; also how long an accepted price holds. */
export const OFFER_HOURS = 24;
/** The note the thread shows after a message whose contacts were hidden. */
export const OFF_PLATFORM_NOTE = 'Общайтесь и платите на Витрине — так работает защита покупателя';
/** What stands in a message for a hidden phone, e-mail, link or messenger handle. */
export const MASKED = '[скрыто]';
/** The 400 for a message to a person who deleted their account. */
export const INTERLOCUTOR_DELETED = 'Собеседник удалил аккаунт';

/** `POST /v1/chats/` body: a listing (the buyer asks its seller) or an order (either side of it). */
export const chatOpenSchema = z.union(
  [
    z.object({ product: z.number().int().positive().max(2_147_483_647) }).strict(),
    z.object({ order: z.number().int().positive().max(2_147_483_647) }).strict(),
  ],
  { error: 'Укажите объявление {"product": id} или заказ {"order": id}.' },
);
export type ChatOpen = z.infer<typeof chatOpenSchema>;

/** The listing a conversation is about. `price` rubles (the lowest), `sizes` with each size's price and stock. */
export const chatProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  photo: imageSchema.nullable(),
  price: z.number(),
  /** `active`, `reserved`, `sold`, `draft`, `deleted`. */
  status: z.string(),
  sizes: z.array(z.object({ size: z.string(), price: z.number(), count: z.number().int() })),
});
export type ChatProduct = z.infer<typeof chatProductSchema>;

/** The other person of a conversation; a deleted account reads «Удалённый пользователь» with `deleted: true`. */
export const chatPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: imageSchema.nullable(),
  deleted: z.boolean(),
});
export type ChatPerson = z.infer<typeof chatPersonSchema>;

/** Offer states: waiting, accepted (the price holds for {@link OFFER_HOURS} h), declined, answered with a counter, expired, cancelled (the size sold out or the listing left the sale). */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'countered', 'expired', 'cancelled'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** What the thread says for each state. */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Ждёт ответа',
  accepted: 'Принято',
  declined: 'Отклонено',
  countered: 'Встречное предложение',
  expired: 'Срок истёк',
  cancelled: 'Больше не действует',
};

/** A price offer. `price` and `list_price` rubles; `by` who made it; `valid_until` while an accepted price holds. */
export const priceOfferSchema = z.object({
  id: z.number().int(),
  chat: z.number().int(),
  price: z.number(),
  /** The size's price when the offer was made, rubles. */
  list_price: z.number(),
  size: z.string(),
  status: z.enum(OFFER_STATUSES),
  by: z.enum(['buyer', 'seller']),
  created_at: z.string(),
  /** A pending offer expires then. */
  expires_at: z.string(),
  /** An accepted offer's price holds for its buyer until then; null otherwise. */
  valid_until: z.string().nullable(),
});
export type PriceOffer = z.infer<typeof priceOfferSchema>;

/** A message. `author` null for a system message (order events, notes); `chat` the conversation. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  chat: z.number().int(),
  author: z.number().int().nullable(),
  /** `text` a person's message, `system` an order event or a note, `offer` a price offer (see `offer`). */
  kind: z.enum(['text', 'system', 'offer']),
  text: z.string(),
  photos: z.array(imageSchema),
  offer: priceOfferSchema.nullable(),
  created_at: z.string(),
  /** The other side has read it (system messages: always true). */
  read: z.boolean(),
  /** Its author deleted their account: text and photos erased. */
  erased: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A conversation in the list (and the answer of `POST /v1/chats/`). */
export const chatSchema = z.object({
  id: z.number().int(),
  product: chatProductSchema,
  interlocutor: chatPersonSchema,
  /** The caller's side. */
  role: z.enum(['buyer', 'seller']),
  last_message: chatMessageSchema.nullable(),
  unread_count: z.number().int(),
  /** The caller blocked the other person. */
  blocked: z.boolean(),
  created_at: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

/** `GET /v1/chats/`: a DRF page, most recent first, plus the unread messages of all the caller's conversations. */
export const chatPageSchema = pageOf(chatSchema).extend({ unread_total: z.number().int() });
export type ChatPage = z.infer<typeof chatPageSchema>;

/**
 * `GET /v1/chats/{id}/messages/`: a cursor page (DRF `CursorPagination` shape: no count) of {@link MESSAGES_PAGE_SIZE},
 * newest first; `next` asks for older ones (`?before=<oldest id here>`), null at the start of the thread.
 */
export const messagePageSchema = z.object({
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(chatMessageSchema),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `POST /v1/chats/{id}/read/`: the last message marked read (0: none) and the caller's unread total. */
export const chatReadSchema = z.object({
  success: z.literal(true),
  up_to: z.number().int(),
  unread_total: z.number().int(),
});

/** `POST /v1/chats/{id}/offers/` body: rubles, and the size when the listing has several. */
export const offerCreateSchema = z.object(
  {
    price: z.number({ error: 'Укажите цену числом, в рублях.' }).positive('Цена должна быть больше нуля.'),
    size: z.string().trim().min(1).max(50).optional(),
  },
  { error: 'Отправьте JSON-объект {"price", "size"} с заголовком Content-Type: application/json.' },
);
/** `POST /v1/offers/{id}/counter/` body. */
export const offerCounterSchema = z.object(
  { price: offerCreateSchema.shape.price },
  { error: 'Отправьте JSON-объект {"price"} с заголовком Content-Type: application/json.' },
);

/** `GET /v1/offers/agreed/`: the caller's accepted prices that still hold (the cart and checkout apply them). */
export const agreedPricesSchema = z.object({
  results: z.array(
    z.object({
      offer: z.number().int(),
      product: z.number().int(),
      slug: z.string(),
      size: z.string(),
      price: z.number(),
      list_price: z.number(),
      valid_until: z.string(),
    }),
  ),
});
export type AgreedPrices = z.infer<typeof agreedPricesSchema>;

/** Report reasons and their labels. */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Спам' },
  { value: 'fraud', label: 'Мошенничество' },
  { value: 'offensive', label: 'Оскорбления' },
  { value: 'off_platform', label: 'Предлагает сделку вне Витрины' },
  { value: 'other', label: 'Другое' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** `POST /v1/chats/{id}/report/` body. */
export const chatReportCreateSchema = z.object(
  {
    reason: z.enum(REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]], {
      error: 'Выберите причину: spam, fraud, offensive, off_platform или other.',
    }),
    text: z.string().trim().max(2000, 'Текст — не больше 2000 символов.').optional().default(''),
  },
  { error: 'Отправьте JSON-объект {"reason", "text"} с заголовком Content-Type: application/json.' },
);
/** `POST /v1/chats/{id}/report/` answer. */
export const chatReportSchema = z.object({ id: z.number().int(), reason: z.string(), created_at: z.string() });

/** `GET /v1/users/blocked/` item (and `POST …/block/` answer). */
export const blockedUserSchema = z.object({ user: chatPersonSchema, blocked_at: z.string() });
/** `GET /v1/users/blocked/`. */
export const blockedPageSchema = pageOf(blockedUserSchema);

/** Socket message: a new message in one of the reader's conversations (not the reader's own). */
export const newMessageSocketSchema = z.object({ type: z.literal('new_message'), message: chatMessageSchema });
/** Socket message: the other side read the reader's messages of `chat` up to `up_to`. */
export const messagesReadSocketSchema = z.object({
  type: z.literal('messages_read'),
  chat: z.number().int(),
  up_to: z.number().int(),
});
