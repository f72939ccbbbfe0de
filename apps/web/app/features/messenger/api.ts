/**
 * The messenger's calls (`/v1/chats/…`, `/v1/offers/…`, blocking and reports): thin wrappers of the typed API client
 * (shared/api/typed.ts; they never throw); a message with photos goes through `apiUpload`, so its progress shows.
 */
import type { ReportReason } from '@vitrina/contract/chats';
import { apiClient } from '../../shared/api/typed';
import { apiUpload } from '../../shared/api/upload';

/** Opens (or finds) the conversation about a listing or an order. */
export const openChat = (body: { product: number } | { order: number }) => apiClient.POST('/v1/chats/', { body });

/** A page of the caller's conversations. */
export const fetchChats = (page: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/chats/', { params: { query: { page: String(page) } }, signal });

/** One conversation. */
export const fetchChat = (id: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/chats/{id}/', { params: { path: { id } }, signal });

/** A page of a thread, newest first; `before` for older messages. */
export const fetchMessages = (id: number, before: number | null, signal?: AbortSignal) =>
  apiClient.GET('/v1/chats/{id}/messages/', {
    params: { path: { id }, query: before ? { before: String(before) } : {} },
    signal,
  });

/** Marks the other side's messages read → `{up_to, unread_total}`. */
export const markRead = (id: number) => apiClient.POST('/v1/chats/{id}/read/', { params: { path: { id } } });

/** Makes a price offer (rubles). */
export const makeOffer = (chat: number, body: { price: number; size?: string }) =>
  apiClient.POST('/v1/chats/{id}/offers/', { params: { path: { id: chat } }, body });

/** Answers an offer: accepts, declines, or counters with a price (rubles). */
export const answerOffer = (id: number, action: 'accept' | 'decline' | 'counter', price?: number) => {
  const params = { path: { id } };
  if (action === 'counter') return apiClient.POST('/v1/offers/{id}/counter/', { params, body: { price: price ?? 0 } });
  return action === 'accept'
    ? apiClient.POST('/v1/offers/{id}/accept/', { params })
    : apiClient.POST('/v1/offers/{id}/decline/', { params });
};

/** The unread total (the first page's `unread_total`). */
export const fetchUnreadTotal = async (): Promise<number | null> => {
  const res = await apiClient.GET('/v1/chats/', { params: { query: { page_size: '1' } } });
  return res.ok ? res.data.unread_total : null;
};

/** Blocks (or unblocks) a person: they can no longer write to the caller. */
export const setBlocked = (user: number, blocked: boolean) =>
  blocked
    ? apiClient.POST('/v1/users/{id}/block/', { params: { path: { id: user } } })
    : apiClient.POST('/v1/users/{id}/unblock/', { params: { path: { id: user } } });

/** Reports a conversation to support (a reason of the list, and text). */
export const reportChat = (chat: number, reason: ReportReason, text: string) =>
  apiClient.POST('/v1/chats/{id}/report/', { params: { path: { id: chat } }, body: { reason, text } });

/**
 * Sends a message (multipart: `text`, `photos`), reporting the upload's progress.
 * @param onProgress 0…100
 */
export function sendMessage(chat: number, text: string, photos: File[], onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('text', text);
  for (const p of photos) form.append('photos', p);
  return apiUpload('POST', '/v1/chats/{id}/messages/', form, {
    path: { id: chat },
    onProgress: (part) => onProgress(Math.round(part * 100)),
    fallback: (status) => (status === 413 ? 'Файл больше 15 МБ.' : undefined),
  });
}
