/**
 * The messenger's calls (`/v1/chats/…`, `/v1/offers/…`): thin wrappers of the API client (they never throw); a message
 * with photos goes through `apiUpload`, so its progress shows.
 */
import type { Chat, ChatMessage, ChatPage, MessagePage, PriceOffer } from '@vitrina/contract/chats';
import { api, type ApiResult } from '../../shared/api/client';
import { apiUpload } from '../../shared/api/upload';

/** Opens (or finds) the conversation about a listing or an order. */
export const openChat = (body: { product: number } | { order: number }) =>
  api<Chat>('/v1/chats/', { method: 'POST', json: body });

/** A page of the caller's conversations. */
export const fetchChats = (page: number, signal?: AbortSignal) => api<ChatPage>(`/v1/chats/?page=${page}`, { signal });

/** One conversation. */
export const fetchChat = (id: number, signal?: AbortSignal) => api<Chat>(`/v1/chats/${id}/`, { signal });

/** A page of a thread, newest first; `before` for older messages. */
export const fetchMessages = (id: number, before: number | null, signal?: AbortSignal) =>
  api<MessagePage>(`/v1/chats/${id}/messages/${before ? `?before=${before}` : ''}`, { signal });

/** Marks the other side's messages read. */
export const markRead = (id: number) =>
  api<{ up_to: number; unread_total: number }>(`/v1/chats/${id}/read/`, { method: 'POST' });

/** Makes a price offer (rubles). */
export const makeOffer = (chat: number, body: { price: number; size?: string }) =>
  api<PriceOffer>(`/v1/chats/${chat}/offers/`, { method: 'POST', json: body });

/** Answers an offer. */
export const answerOffer = (id: number, action: 'accept' | 'decline' | 'counter', price?: number) =>
  api<PriceOffer>(`/v1/offers/${id}/${action}/`, {
    method: 'POST',
    json: action === 'counter' ? { price } : undefined,
  });

/** The unread total (the first page's `unread_total`). */
export const fetchUnreadTotal = async (): Promise<number | null> => {
  const res = await api<ChatPage>('/v1/chats/?page_size=1');
  return res.ok ? res.data.unread_total : null;
};

/**
 * Sends a message (multipart: `text`, `photos`), reporting the upload's progress.
 * @param onProgress 0…100
 */
export function sendMessage(
  chat: number,
  text: string,
  photos: File[],
  onProgress: (percent: number) => void,
): Promise<ApiResult<ChatMessage>> {
  const form = new FormData();
  form.set('text', text);
  for (const p of photos) form.append('photos', p);
  return apiUpload<ChatMessage>('POST', `/v1/chats/${chat}/messages/`, form, {
    onProgress: (part) => onProgress(Math.round(part * 100)),
    fallback: (status) => (status === 413 ? 'Файл больше 15 МБ.' : undefined),
  });
}
