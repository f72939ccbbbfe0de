/** Calls of subscriptions (spec §7 `/v1/social/*`). Never throw (spec §8). */
import type { Page } from '@vitrina/contract/common';
import type { UserCard } from '@vitrina/contract/products';
import { api } from '../../shared/api/client';

export const subscribe = (id: number) =>
  api<{ success: boolean; subscribed: boolean }>(`/v1/social/subscribe/${id}/`, { method: 'POST' });
export const unsubscribe = (id: number) =>
  api<{ success: boolean; subscribed: boolean }>(`/v1/social/unsubscribe/${id}/`, { method: 'POST' });
export const fetchIsSubscribed = (id: number) => api<{ subscribed: boolean }>(`/v1/social/is-subscribed/${id}/`);
/** `which`: `subscribers` (who follows me) or `subscribes` (whom I follow); 12 per page (spec §9). */
export const fetchUserPage = (which: 'subscribers' | 'subscribes', page: number, signal?: AbortSignal) =>
  api<Page<UserCard>>(`/v1/social/${which}/?page_size=12&page=${page}`, { signal });
