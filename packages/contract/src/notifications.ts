/**
 * The notifications contract (spec §4, §7, §8): the WebSocket `/ws/notifications/?token=<key>` and
 * ours `GET /v1/notifications/`, `POST /v1/notifications/{id}/read/`, `POST /v1/notifications/read-all/`,
 * `GET`/`PUT /v1/notifications/settings/`.
 *
 * The socket sends `initial_notifications` on connect (the latest 50, newest first — the client replaces its
 * list) and then `new_notification` for each new one (the client puts it at the front; an aggregate renewed
 * with the same `id` replaces the item with that id and moves it to the front). The server pings every 30 s
 * and closes a socket that missed two pongs. Client messages are ignored; a frame over 64 KB closes it.
 */
import { z } from 'zod';
import { pageOf } from './common.js';
import { messagesReadSocketSchema, newMessageSocketSchema } from './chats.js';

/**
 * Notification types (`type` of a notification): who gets it, its label in the settings, and whether it may
 * also come by SMS (only what can't wait).
 */
export const NOTIFICATION_TYPES = [
  { type: 'order_paid', label: 'Вашу вещь купили — пора отправлять', sms: true },
  { type: 'order_completed', label: 'Покупатель получил заказ', sms: false },
  { type: 'order_cancelled', label: 'Заказ отменён', sms: true },
  { type: 'new_subscriber', label: 'Новый подписчик', sms: false },
  { type: 'payment_succeeded', label: 'Оплата заказа прошла', sms: false },
  { type: 'payment_failed', label: 'Оплата заказа не прошла', sms: false },
  { type: 'payment_refunded', label: 'Деньги за заказ возвращены', sms: false },
  { type: 'order_shipped', label: 'Заказ отправлен', sms: false },
  { type: 'ship_reminder', label: 'Напоминание: пора отправить проданную вещь', sms: false },
  { type: 'order_delivered', label: 'Заказ доставлен — подтвердите получение', sms: false },
  { type: 'payout_sent', label: 'Выплата отправлена', sms: false },
  { type: 'new_listing', label: 'Новые вещи продавцов, на которых вы подписаны', sms: false },
  { type: 'favorite_price_drop', label: 'Цена на вещь из избранного снижена', sms: false },
  { type: 'favorite_sold', label: 'Вещь из избранного продана', sms: false },
  { type: 'review_received', label: 'О вас оставили отзыв', sms: false },
  { type: 'review_answered', label: 'Ответ на ваш отзыв', sms: false },
  { type: 'claim_opened', label: 'Покупатель сообщил о проблеме с заказом', sms: false },
  { type: 'claim_updated', label: 'Новое в споре о заказе', sms: false },
  { type: 'claim_decided', label: 'Решение по спору о заказе', sms: false },
  { type: 'listing_moderated', label: 'Решения модератора по вашим объявлениям', sms: false },
  { type: 'chat_message', label: 'Новые сообщения (по SMS — если не прочитаны час)', sms: true },
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]['type'];
export const notificationTypeSchema = z.enum(
  NOTIFICATION_TYPES.map((t) => t.type) as [NotificationType, ...NotificationType[]],
);

/** One notification, as the socket and the REST calls send it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  /** Machine name (see {@link NOTIFICATION_TYPES}); a newer server may send a type this client doesn't know. */
  type: z.string(),
  title: z.string(),
  /** Russian text naming the item or the person. */
  text: z.string(),
  /** A site path, e.g. `/account/sales`, `/product/<slug>`, `/seller/<id>`. */
  link: z.string(),
  /** Thumbnail URL, or null. */
  image: z.string().nullable(),
  /** ISO time; an aggregate's renewal moves it. */
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** How many notifications `initial_notifications` carries. */
export const INITIAL_NOTIFICATIONS = 50;
/** Page size of `GET /v1/notifications/`. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Socket message on connect: the whole list (latest {@link INITIAL_NOTIFICATIONS}, newest first). */
export const initialNotificationsMessageSchema = z.object({
  type: z.literal('initial_notifications'),
  notifications: z.array(notificationSchema),
});
/** Socket message for a new (or renewed) notification. */
export const newNotificationMessageSchema = z.object({
  type: z.literal('new_notification'),
  notification: notificationSchema,
});
/**
 * Socket message: notifications `ids` became read elsewhere (the conversation they count was read in this or
 * another tab), `unread_count` is what is left unread.
 */
export const notificationsReadMessageSchema = z.object({
  type: z.literal('notifications_read'),
  ids: z.array(z.number().int()),
  unread_count: z.number().int(),
});
/**
 * Any message the server sends on `/ws/notifications/`: the notifications, and the messenger's `new_message` (a
 * message in one of the reader's conversations — one with an id already shown replaces it: an offer's state
 * changed) and `messages_read` (the other side read the reader's messages up to `up_to`); `notifications_read` lowers
 * the bell's count when a conversation was read.
 */
export const notificationsSocketMessageSchema = z.discriminatedUnion('type', [
  initialNotificationsMessageSchema,
  newNotificationMessageSchema,
  notificationsReadMessageSchema,
  newMessageSocketSchema,
  messagesReadSocketSchema,
]);
export type NotificationsSocketMessage = z.infer<typeof notificationsSocketMessageSchema>;

/** Close codes of `/ws/notifications/` besides the standard ones (1001 server going away, 1009 frame too big). */
export const NOTIFICATIONS_SOCKET_CLOSE = {
  /** Missing, unknown or revoked token, or the token was signed out: don't reconnect with it. */
  unauthorized: 4401,
  /** The user opened more than 10 sockets on one server: this, the oldest, was closed. */
  tooManySockets: 4429,
  /** Two pings went unanswered. */
  noPong: 4408,
  /** The server is stopping (a restart or a deploy, RFC 6455 «Service Restart»): reconnect, as after any drop. */
  serviceRestart: 1012,
} as const;

/** `GET /v1/notifications/`: a DRF page of 20, newest first, plus the number of unread notifications. */
export const notificationPageSchema = pageOf(notificationSchema).extend({ unread_count: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /v1/notifications/{id}/read/`: the notification, now read, and what is left unread. */
export const notificationReadSchema = z.object({
  success: z.literal(true),
  notification: notificationSchema,
  unread_count: z.number().int(),
});
/** `POST /v1/notifications/read-all/`: how many were marked; nothing is left unread. */
export const notificationsReadAllSchema = z.object({
  success: z.literal(true),
  marked: z.number().int(),
  unread_count: z.number().int(),
});

/** One type in the settings: on the site, and by SMS (null: this type never comes by SMS). */
export const notificationSettingSchema = z.object({
  type: notificationTypeSchema,
  label: z.string(),
  site: z.boolean(),
  sms: z.boolean().nullable(),
});
/** `GET`/`PUT /v1/notifications/settings/` answer: every type, in {@link NOTIFICATION_TYPES} order. */
export const notificationSettingsSchema = z.object({ settings: z.array(notificationSettingSchema) });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/**
 * `PUT /v1/notifications/settings/` body: the types to change (others keep their value), e.g.
 * `{"settings": [{"type": "new_listing", "site": false}, {"type": "order_paid", "sms": false}]}`.
 */
export const notificationSettingsUpdateSchema = z.object({
  settings: z
    .array(
      z.object({
        type: notificationTypeSchema,
        site: z.boolean().optional(),
        sms: z.boolean().optional(),
      }),
    )
    .max(NOTIFICATION_TYPES.length * 2),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;
