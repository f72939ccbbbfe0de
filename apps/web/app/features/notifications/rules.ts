/**
 * The notification list's rules (spec §4, §8), pure so they are tested alone: `initial_notifications`
 * replaces the list, `new_notification` goes to the front (an aggregate renewed with the same `id` replaces
 * that item and moves to the front, so the list never shows it twice), a disconnect clears it; the unread
 * count follows; older pages from REST are appended without duplicates. And the socket's reconnect delay.
 */
import type { Notification } from '@vitrina/contract/notifications';
import type { ChatMessage } from '@vitrina/contract/chats';

export type { Notification } from '@vitrina/contract/notifications';

export interface NotificationList {
  /** Newest first. */
  items: Notification[];
  /** Unread notifications of the account (the server's `unread_count`, kept current by the socket). */
  unread: number;
  /** Whether the initial list has arrived since the last (re)connect. */
  received: boolean;
  /** Whether REST may have older notifications than the list holds. */
  hasMore: boolean;
}

export const EMPTY_LIST: NotificationList = { items: [], unread: 0, received: false, hasMore: false };

/** How many notifications `initial_notifications` carries at most (contract `INITIAL_NOTIFICATIONS`). */
const INITIAL = 50;
/** REST page size (contract `NOTIFICATIONS_PAGE_SIZE`). */
export const PAGE_SIZE = 20;

const countUnread = (items: readonly Notification[]) => items.reduce((n, x) => n + (x.read ? 0 : 1), 0);

/** `initial_notifications`: the list is replaced; the count is that of the list until the server's arrives. */
export function receiveInitial(_state: NotificationList, notifications: Notification[]): NotificationList {
  return {
    items: notifications,
    unread: countUnread(notifications),
    received: true,
    hasMore: notifications.length >= INITIAL,
  };
}

/**
 * `new_notification`: put at the front; an item with the same id is replaced (not shown twice). The count
 * rises for a new unread one, or for a renewed one that was read (or not in the list) and is unread again.
 */
export function receiveNew(state: NotificationList, n: Notification): NotificationList {
  const old = state.items.find((x) => x.id === n.id);
  const wasUnread = old ? !old.read : false;
  const delta = (n.read ? 0 : 1) - (wasUnread ? 1 : 0);
  return {
    ...state,
    items: [n, ...state.items.filter((x) => x.id !== n.id)],
    unread: Math.max(0, state.unread + delta),
  };
}

/** Disconnect or sign-out: the list is cleared (spec §4). */
export const disconnected = (): NotificationList => EMPTY_LIST;

/** The server's `unread_count` (REST answers). */
export const withUnread = (state: NotificationList, unread: number): NotificationList => ({ ...state, unread });

/** One notification was marked read (the answer's notification and `unread_count`). */
export function markedRead(state: NotificationList, n: Notification, unread: number): NotificationList {
  return { ...state, items: state.items.map((x) => (x.id === n.id ? { ...x, read: true } : x)), unread };
}

/** Notifications `ids` were read elsewhere (a conversation read in some tab); `unread` is the server's count. */
export function idsRead(state: NotificationList, ids: number[], unread: number): NotificationList {
  const read = new Set(ids);
  return { ...state, items: state.items.map((x) => (read.has(x.id) && !x.read ? { ...x, read: true } : x)), unread };
}

/** «Прочитать все» succeeded. */
export function allRead(state: NotificationList): NotificationList {
  return { ...state, items: state.items.map((x) => (x.read ? x : { ...x, read: true })), unread: 0 };
}

/** The REST page to ask for next: the list is a prefix of the server's, so its length tells where it ends. */
export const nextPage = (state: NotificationList): number => Math.floor(state.items.length / PAGE_SIZE) + 1;

/** An older REST page arrived: appended, without the ones the list already has. */
export function appendPage(state: NotificationList, page: Notification[], more: boolean): NotificationList {
  const known = new Set(state.items.map((x) => x.id));
  return { ...state, items: [...state.items, ...page.filter((x) => !known.has(x.id))], hasMore: more };
}

/**
 * Reconnect delay after `attempt` failed tries in a row (0-based): 1 s doubling up to 30 s, with jitter
 * (between half and all of it), so tabs and users don't all come back in the same second after a restart.
 * @param random a number in [0, 1) (`Math.random()`)
 */
export function backoffDelay(attempt: number, random: number): number {
  const full = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(full / 2 + (full / 2) * random);
}

/** Whether a value looks like a notification (the socket's data is checked before it reaches the list). */
export function isNotification(v: unknown): v is Notification {
  if (!v || typeof v !== 'object') return false;
  const n = v as Record<string, unknown>;
  return (
    typeof n.id === 'number' &&
    typeof n.type === 'string' &&
    typeof n.title === 'string' &&
    typeof n.text === 'string' &&
    typeof n.link === 'string' &&
    (n.image === null || typeof n.image === 'string') &&
    typeof n.created_at === 'string' &&
    typeof n.read === 'boolean'
  );
}

export type SocketMessage =
  | { type: 'initial_notifications'; notifications: Notification[] }
  | { type: 'new_notification'; notification: Notification }
  | { type: 'notifications_read'; ids: number[]; unread_count: number }
  | { type: 'new_message'; message: ChatMessage }
  | { type: 'messages_read'; chat: number; up_to: number };

/** Whether a value looks like a messenger message (the fields the messenger reads). */
function isChatMessage(v: unknown): v is ChatMessage {
  if (!v || typeof v !== 'object') return false;
  const m = v as Record<string, unknown>;
  return (
    typeof m.id === 'number' &&
    typeof m.chat === 'number' &&
    typeof m.text === 'string' &&
    Array.isArray(m.photos) &&
    typeof m.created_at === 'string'
  );
}

/** Parses a socket frame; null for anything that isn't one of the known messages (ignored, like unknown types). */
export function parseMessage(data: unknown): SocketMessage | null {
  if (typeof data !== 'string') return null;
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const msg = m as Record<string, unknown>;
  if (msg.type === 'initial_notifications' && Array.isArray(msg.notifications))
    return { type: 'initial_notifications', notifications: msg.notifications.filter(isNotification) };
  if (msg.type === 'new_notification' && isNotification(msg.notification))
    return { type: 'new_notification', notification: msg.notification };
  if (msg.type === 'notifications_read' && Array.isArray(msg.ids) && Number.isInteger(msg.unread_count))
    return {
      type: 'notifications_read',
      ids: msg.ids.filter((x): x is number => Number.isInteger(x)),
      unread_count: msg.unread_count as number,
    };
  if (msg.type === 'new_message' && isChatMessage(msg.message)) return { type: 'new_message', message: msg.message };
  if (msg.type === 'messages_read' && Number.isInteger(msg.chat) && Number.isInteger(msg.up_to))
    return { type: 'messages_read', chat: msg.chat as number, up_to: msg.up_to as number };
  return null;
}

/** The socket's address for `token` under the API base (`''` = this page's origin). */
export function socketUrl(apiBase: string, pageOrigin: string, token: string): string {
  const base = new URL(apiBase || pageOrigin, pageOrigin);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = base.pathname.replace(/\/+$/, '');
  return `${base.protocol}//${base.host}${path}/ws/notifications/?token=${encodeURIComponent(token)}`;
}
