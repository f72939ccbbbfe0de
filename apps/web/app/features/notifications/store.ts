/**
 * The notification list of the signed-in user (spec §4, §8): a zustand store fed by the socket
 * (`socket.ts`) through the rules in `rules.ts`, plus the REST calls that mark read and load older pages.
 * Loaded only with the bell's chunk, for signed-in users.
 */
import { create } from 'zustand';
import { apiClient } from '../../shared/api/typed';
import {
  allRead,
  appendPage,
  disconnected,
  EMPTY_LIST,
  idsRead,
  markedRead,
  nextPage,
  PAGE_SIZE,
  receiveInitial,
  receiveNew,
  withUnread,
  type Notification,
  type NotificationList,
} from './rules';

/** `open`: the initial list came; `failed`: the last try to connect failed (a retry is scheduled). */
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'failed' | 'unauthorized';

export interface NotificationsState extends NotificationList {
  status: SocketStatus;
  /** An older page is loading / could not be loaded. */
  moreLoading: boolean;
  moreError: string | null;
  /** Bumped by each socket message: a REST count that was asked before the latest message is stale. */
  version: number;
}

export const useNotifications = create<NotificationsState>()(() => ({
  ...EMPTY_LIST,
  status: 'idle',
  moreLoading: false,
  moreError: null,
  version: 0,
}));

const set = useNotifications.setState;
const get = useNotifications.getState;

/** Socket side: the list and the connection state. */
export const socketEvents = {
  /** A try begins; after failures the error stays on screen while retrying on its own, not on «Повторить». */
  connecting: (manual: boolean) =>
    set((s) => ({ status: s.received ? 'open' : s.status === 'failed' && !manual ? 'failed' : 'connecting' })),
  initial(items: Notification[]) {
    set((s) => ({ ...receiveInitial(s, items), status: 'open', version: s.version + 1 }));
    void refreshUnread();
  },
  added: (n: Notification) => set((s) => ({ ...receiveNew(s, n), version: s.version + 1 })),
  /** Some were read elsewhere (a conversation read): shown read, the count is the server's. */
  read: (ids: number[], unread: number) => set((s) => ({ ...idsRead(s, ids, unread), version: s.version + 1 })),
  /** The socket closed: the list is cleared (spec §4); `why` says what the bell shows meanwhile. */
  closed: (why: SocketStatus) =>
    set((s) => ({ ...disconnected(), status: why, moreLoading: false, moreError: null, version: s.version + 1 })),
};

/** The server's unread count (the initial list holds only the latest 50). */
async function refreshUnread() {
  const asked = get().version;
  const res = await apiClient.GET('/v1/notifications/', { params: { query: { page: '1', page_size: '1' } } });
  if (res.ok && get().version === asked && get().received) set((s) => withUnread(s, res.data.unread_count));
}

/** Marks one notification read (`POST …/read/`); the count follows the answer. */
export async function markRead(id: number): Promise<void> {
  const item = get().items.find((x) => x.id === id);
  if (!item || item.read) return;
  const res = await apiClient.POST('/v1/notifications/{id}/read/', { params: { path: { id } } });
  if (res.ok) set((s) => markedRead(s, res.data.notification, res.data.unread_count));
}

/** «Прочитать все». @returns the error message, or null */
export async function markAllRead(): Promise<string | null> {
  const res = await apiClient.POST('/v1/notifications/read-all/');
  if (!res.ok) return res.error.message;
  set((s) => withUnread(allRead(s), res.data.unread_count));
  return null;
}

/** Loads the next older REST page (20) after the list. */
export async function loadMore(): Promise<void> {
  const s = get();
  if (s.moreLoading || !s.hasMore || !s.received) return;
  const asked = s.version;
  set({ moreLoading: true, moreError: null });
  const res = await apiClient.GET('/v1/notifications/', {
    params: { query: { page: String(nextPage(s)), page_size: String(PAGE_SIZE) } },
  });
  if (!get().received) return; // disconnected meanwhile: the list was cleared
  if (!res.ok) {
    set({ moreLoading: false, moreError: res.error.message });
    return;
  }
  // Messages that came meanwhile only shift the pages forward: appending drops what is already there.
  set((cur) => ({
    ...appendPage(cur, res.data.results, res.data.next !== null),
    moreLoading: false,
    ...(cur.version === asked ? { unread: res.data.unread_count } : {}),
  }));
}
