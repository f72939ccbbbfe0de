/**
 * What other features hear from the notification socket the header's bell keeps open (one socket per tab): the
 * messenger's messages (`new_message`, `messages_read`) and each new notification (the favorites page reloads its
 * list on a price drop or a sale). No React and no socket code: this module is tiny and may be imported anywhere.
 */
import type { ChatMessage } from '@vitrina/contract/chats';
import type { Notification } from '@vitrina/contract/notifications';

/** What the messenger hears. */
export type ChatSocketMessage =
  | { type: 'new_message'; message: ChatMessage }
  | { type: 'messages_read'; chat: number; up_to: number }
  /** The socket (re)connected: what came while it was down is lost, reload what is shown. */
  | { type: 'resync' };

const listeners = new Set<(m: ChatSocketMessage) => void>();

/**
 * Subscribes to the messenger's socket messages.
 * @returns the unsubscribe function
 */
export function onChatSocketMessage(listener: (m: ChatSocketMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands a message to the subscribers (socket.ts). */
export function emitChatSocketMessage(m: ChatSocketMessage): void {
  for (const l of [...listeners]) l(m);
}

/** A new notification, or `resync`: the socket (re)connected and what came while it was down is lost. */
export type NotificationSocketEvent = { type: 'new_notification'; notification: Notification } | { type: 'resync' };

const notificationListeners = new Set<(e: NotificationSocketEvent) => void>();

/**
 * Subscribes to each new notification that arrives on the socket (after the bell's list took it) and to reconnects.
 * @returns the unsubscribe function
 */
export function onNotificationSocketEvent(listener: (e: NotificationSocketEvent) => void): () => void {
  notificationListeners.add(listener);
  return () => notificationListeners.delete(listener);
}

/** Hands a new notification or a reconnect to the subscribers (socket.ts). */
export function emitNotificationSocketEvent(e: NotificationSocketEvent): void {
  for (const l of [...notificationListeners]) l(e);
}
