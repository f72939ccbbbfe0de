/**
 * The unread total of the signed-in user's conversations (the header's and the account menu's badge): a small
 * zustand store refreshed from `GET /v1/chats/` when first shown and whenever the socket says something changed.
 */
import { create } from 'zustand';
import { authToken } from '../../shared/api/client';
import { onChatSocketMessage } from '../notifications';
import { fetchUnreadTotal } from './api';

export const useChatUnread = create<{ total: number }>()(() => ({ total: 0 }));

let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Asks the server for the unread total (calls within 300 ms share one request), unless signed out by then: the
 * header's mount or a socket message just before «Выйти» would otherwise ask without a token (a 401).
 */
export function refreshUnread(): void {
  if (timer) return;
  timer = setTimeout(() => {
    timer = null;
    if (!authToken()) return;
    void fetchUnreadTotal().then((n) => {
      if (n !== null) useChatUnread.setState({ total: n });
    });
  }, 300);
}

let listening = false;

/** Starts following the socket (once per tab): any message or reconnect refreshes the total. */
export function followUnread(): void {
  if (listening) return;
  listening = true;
  onChatSocketMessage(() => refreshUnread());
  refreshUnread();
}
