/**
 * Notifications (spec §4, §7, §8): the public face of the notifications module. Other modules don't
 * call it to notify: they emit domain events (`app.events.emit(tx, …)`) and this module's subscribers make
 * the notifications. The hooks for later features: a new event type and a subscriber here calling
 * {@link notify} (or {@link notifyGrouped} for «ещё 3 вещи»-style aggregates) — favorites' price drop and
 * «sold», the messenger's new message; deadlines (buyer protection) are timed jobs (`app.jobs.enqueue` with
 * `runAt`) whose handlers notify the same way.
 */
/** Routes and wiring: the socket, REST calls, fan-out, event subscribers, retention. */
export { default as notificationsRoutes } from './routes.js';
/** Make a notification (or renew an aggregate) in the change's transaction; delivered on commit. */
export { notify, notifyGrouped, NOTIFICATIONS_CHANNEL, type NotificationInput } from './service.js';
/** One notification for each user a query names, in one statement (fan-out to everyone who keeps a listing). */
export { notifyEach } from './service.js';
/** `12 990 ₽` of kopecks, as notification texts write prices; the one-order page a notice opens for each side. */
export { formatRub, orderPage } from './texts.js';
/** Notify once per thing while unread (a conversation's new messages), and mark such a notice read. */
export { markGroupRead, notifyWhileUnread } from './service.js';
/** A notification SMS under the common rules (the type switched on, at most 3 a day), sent after the commit. */
export { queueSms, SMS_PER_DAY } from './sms.js';
/** The generic push of any socket message to one person's sockets, on every process. */
export { onUserPush, pushToUser, type PushLoader } from './push.js';
