/**
 * The messenger's data on the shared query cache: the conversation list and each thread (infinite pages, older
 * messages on demand), kept live by the notification socket's messages (`new_message` merged into its thread,
 * `messages_read` marking the reader's own messages, a reconnect reloading what is shown).
 */
import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ChatPage, MessagePage } from '@vitrina/contract/chats';
import { privatePhotoRefresh, queryClient, unwrap } from '../../shared/api/query';
import { onChatSocketMessage } from '../notifications';
import { fetchChat, fetchChats, fetchMessages } from './api';
import { markReadUpTo, mergeMessage } from './rules';
import { refreshUnread } from './unread';

/** Query keys of the messenger. */
export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  chat: (id: number) => ['chats', 'one', id] as const,
  thread: (id: number) => ['chats', 'thread', id] as const,
};

/** The caller's conversations, most recent first, page by page. */
export function useChatList() {
  return useInfiniteQuery(
    {
      queryKey: chatKeys.list,
      queryFn: async ({ pageParam, signal }) => unwrap(await fetchChats(pageParam, signal)),
      initialPageParam: 1,
      getNextPageParam: (last: ChatPage, _all, page: number) => (last.next ? page + 1 : undefined),
    },
    queryClient,
  );
}

/** One conversation (for a thread opened by its address before the list has it). */
export function useChat(id: number | null) {
  return useQuery(
    {
      queryKey: chatKeys.chat(id ?? 0),
      queryFn: async ({ signal }) => unwrap(await fetchChat(id!, signal)),
      enabled: id !== null,
    },
    queryClient,
  );
}

/** A thread, newest first; `fetchNextPage` loads older messages. */
export function useThread(id: number) {
  return useInfiniteQuery(
    {
      queryKey: chatKeys.thread(id),
      queryFn: async ({ pageParam, signal }) => unwrap(await fetchMessages(id, pageParam, signal)),
      initialPageParam: null as number | null,
      getNextPageParam: (last: MessagePage) => (last.next ? last.results.at(-1)?.id : undefined),
      // Message photos' links work about an hour.
      ...privatePhotoRefresh,
    },
    queryClient,
  );
}

/** A thread's cached pages. */
export type Thread = InfiniteData<MessagePage, number | null>;

/**
 * Changes a cached thread with what the socket or an answer of the server said. A fetch of that thread already in
 * flight (a reconnect's reload, older messages) read the server before this change and would write over it when it
 * lands — a message shown live would vanish again: that fetch is cancelled and the thread loaded anew.
 */
export function updateThread(id: number, update: (data: Thread) => Thread): void {
  const queryKey = chatKeys.thread(id);
  queryClient.setQueryData<Thread>(queryKey, (data) => data && update(data));
  if (queryClient.isFetching({ queryKey, exact: true })) void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** Puts a message into its cached thread (first page; a known id anywhere is replaced). */
export function putMessage(m: ChatMessage): void {
  updateThread(m.chat, (data) => {
    const known = data.pages.some((p) => p.results.some((x) => x.id === m.id));
    return {
      ...data,
      pages: data.pages.map((p, i) =>
        known
          ? { ...p, results: p.results.map((x) => (x.id === m.id ? m : x)) }
          : i === 0
            ? { ...p, results: mergeMessage(p.results, m) }
            : p,
      ),
    };
  });
}

let live = false;

/**
 * Follows the socket for the messenger (once per tab): a new or changed message goes into its thread and the list is
 * refreshed; a read mark marks the reader's messages; a reconnect reloads every thread and the list.
 * @param me the signed-in user's id (whose messages a read mark is about)
 */
export function followLive(me: () => number | null): void {
  if (live) return;
  live = true;
  onChatSocketMessage((m) => {
    if (m.type === 'new_message') {
      putMessage(m.message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    } else if (m.type === 'messages_read') {
      const id = me();
      if (id === null) return;
      updateThread(m.chat, (data) => ({
        ...data,
        pages: data.pages.map((p) => ({ ...p, results: markReadUpTo(p.results, id, m.up_to) })),
      }));
    } else {
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    }
    refreshUnread();
  });
}
