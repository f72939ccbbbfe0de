/**
 * The notification socket (spec §4, §8): `/ws/notifications/?token=<key>` under the API base.
 * Opened while signed in; `initial_notifications` replaces the list, `new_notification` goes to the front, a
 * disconnect clears the list. Reconnects with back-off (1 s doubling to 30 s, with jitter) — at once when the
 * browser comes back online — except after 4401 (a bad or revoked token: the auth store signs out) and 4429
 * (another tab of this user took the slot: back when this tab is visible again). Errors are only logged with
 * `console.warn`: a dropped socket is expected, not an error.
 */
import { apiBase } from '../../shared/api/client';
import { backoffDelay, parseMessage, socketUrl, type Notification } from './rules';
import { socketEvents, type SocketStatus } from './store';
import { emitChatSocketMessage, emitNotificationSocketEvent } from './live';

const UNAUTHORIZED = 4401;
const TOO_MANY = 4429;

/**
 * Opens the socket for `token` and keeps it open.
 * @param onNew called for each `new_notification` (after the list took it)
 * @returns `stop()`: closes the socket, stops reconnecting and clears the list; `retry()`: tries again at once
 */
export function connectNotifications(
  token: string,
  onNew: (n: Notification) => void,
): { stop: () => void; retry: () => void } {
  let ws: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = false;
  let parked = false; // 4429: waiting for the tab to become visible

  const schedule = () => {
    if (stopped || timer) return;
    const delay = backoffDelay(attempt++, Math.random());
    timer = setTimeout(() => {
      timer = null;
      open(false);
    }, delay);
  };
  // A socket that dropped after working (a server restart) shows the loading state while it comes back; the
  // error state shows from the second failure in a row on.
  const lost = (): SocketStatus => (attempt === 0 ? 'connecting' : 'failed');

  function open(manual: boolean) {
    if (stopped || ws) return;
    socketEvents.connecting(manual);
    let socket: WebSocket;
    try {
      socket = new WebSocket(socketUrl(apiBase(), window.location.origin, token));
    } catch (err) {
      console.warn('Уведомления: не удалось открыть соединение', err);
      socketEvents.closed(lost());
      schedule();
      return;
    }
    ws = socket;
    socket.onmessage = (e) => {
      const msg = parseMessage(e.data);
      if (!msg) return;
      if (msg.type === 'initial_notifications') {
        attempt = 0;
        socketEvents.initial(msg.notifications);
        emitChatSocketMessage({ type: 'resync' });
        emitNotificationSocketEvent({ type: 'resync' });
      } else if (msg.type === 'notifications_read') {
        socketEvents.read(msg.ids, msg.unread_count);
      } else if (msg.type === 'new_message' || msg.type === 'messages_read') {
        emitChatSocketMessage(msg);
      } else {
        socketEvents.added(msg.notification);
        onNew(msg.notification);
        emitNotificationSocketEvent(msg);
      }
    };
    socket.onerror = () => console.warn('Уведомления: ошибка соединения');
    socket.onclose = (e) => {
      if (ws !== socket) return;
      ws = null;
      if (stopped) return;
      if (e.code === UNAUTHORIZED) {
        console.warn('Уведомления: ключ входа не принят (4401)');
        socketEvents.closed('unauthorized');
        return;
      }
      console.warn(`Уведомления: соединение закрыто (${e.code})`);
      socketEvents.closed(lost());
      if (e.code === TOO_MANY && document.visibilityState !== 'visible') parked = true;
      else schedule();
    };
  }

  const reconnectNow = () => {
    if (stopped || ws) return;
    parked = false;
    if (timer) clearTimeout(timer);
    timer = null;
    open(true);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible' && parked) reconnectNow();
  };
  window.addEventListener('online', reconnectNow);
  document.addEventListener('visibilitychange', onVisible);
  open(true);

  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    window.removeEventListener('online', reconnectNow);
    document.removeEventListener('visibilitychange', onVisible);
    const socket = ws;
    ws = null;
    if (socket) {
      socket.onmessage = null;
      socket.onerror = null;
      socket.onclose = null;
      // Closing before the connection is up makes Chromium log an error: wait for it to open, then close.
      if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(1000);
      else socket.close(1000);
    }
    socketEvents.closed('idle');
  };
  return { stop, retry: reconnectNow };
}
