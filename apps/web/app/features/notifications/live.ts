/**
 * The messenger's messages that come over the notification socket (`new_message`, `messages_read`): a feature
 * subscribes here and hears them from the one socket the header's bell keeps open (one socket per tab). No React
 * and no socket code: this module is tiny and may be imported anywhere.
 */
import type { ChatMessage } from '@vitrina/contract/chats';

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
