/**
 * Calls of subscriptions (spec §7 `/v1/social/*`), typed from the server's OpenAPI document (shared/api/typed.ts).
 * Never throw (spec §8).
 */
import { apiClient } from '../../shared/api/typed';

/** `POST /v1/social/subscribe/{id}/` → `{success, subscribed}`. */
export const subscribe = (id: number) => apiClient.POST('/v1/social/subscribe/{id}/', { params: { path: { id } } });
/** `POST /v1/social/unsubscribe/{id}/` → `{success, subscribed}`. */
export const unsubscribe = (id: number) => apiClient.POST('/v1/social/unsubscribe/{id}/', { params: { path: { id } } });
/** `GET /v1/social/is-subscribed/{id}/` → `{subscribed}`. */
export const fetchIsSubscribed = (id: number) =>
  apiClient.GET('/v1/social/is-subscribed/{id}/', { params: { path: { id } } });
/** `which`: `subscribers` (who follows me) or `subscribes` (whom I follow); 12 per page (spec §9). */
export const fetchUserPage = (which: 'subscribers' | 'subscribes', page: number, signal?: AbortSignal) => {
  const init = { params: { query: { page_size: '12', page: String(page) } }, signal };
  return which === 'subscribers'
    ? apiClient.GET('/v1/social/subscribers/', init)
    : apiClient.GET('/v1/social/subscribes/', init);
};
