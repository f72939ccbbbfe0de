/** Public face of the notifications feature (spec §4, §8). */
/** The header bell (socket, list, toasts) and the profile page's settings section, each loaded as a chunk. */
export { NotificationBell, NotificationSettingsSection } from './lazy';
/** The messenger's live messages from the same socket (`new_message`, `messages_read`, a reconnect's `resync`). */
export { onChatSocketMessage, type ChatSocketMessage } from './live';
/** Each new notification from the same socket, and its reconnects (`resync`): e.g. the favorites page's price drops. */
export { onNotificationSocketEvent, type NotificationSocketEvent } from './live';
