/**
 * Calls of claims and disputes (`/v1/sales/orders/{id}/claim/…`, staff `/v1/admin/disputes/…`): every function
 * returns the never-throwing `ApiResult`, typed from the server's OpenAPI document (shared/api/typed.ts); forms with
 * photos report upload progress (XMLHttpRequest, since fetch has none).
 */
import type { DisputeFilter, DisputeResolve } from '@vitrina/contract/disputes';
import { apiClient } from '../../shared/api/typed';
import { apiUpload } from '../../shared/api/upload';

/** `GET /v1/sales/orders/{id}/claim/` — the order's claim and whether the buyer may open one. */
export const fetchOrderClaim = (id: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/sales/orders/{id}/claim/', { params: { path: { id } }, signal });

/** `POST /v1/sales/orders/{id}/claim/` (the buyer) — reason, text, photos. */
export const sendClaim = (id: number, form: FormData, onProgress?: (part: number) => void) =>
  apiUpload('POST', '/v1/sales/orders/{id}/claim/', form, {
    path: { id },
    onProgress,
    fallback: (s) => (s === 413 || s >= 500 ? undefined : 'Не удалось отправить претензию.'),
  });

/** `POST /v1/sales/orders/{id}/claim/reply/` (the seller) — action, amount, text, photos. */
export const sendReply = (id: number, form: FormData, onProgress?: (part: number) => void) =>
  apiUpload('POST', '/v1/sales/orders/{id}/claim/reply/', form, {
    path: { id },
    onProgress,
    fallback: (s) => (s === 413 || s >= 500 ? undefined : 'Не удалось отправить ответ.'),
  });

/** `POST …/claim/accept-offer/` or `…/reject-offer/` (the buyer). */
export const answerOffer = (id: number, accept: boolean) =>
  accept
    ? apiClient.POST('/v1/sales/orders/{id}/claim/accept-offer/', { params: { path: { id } } })
    : apiClient.POST('/v1/sales/orders/{id}/claim/reject-offer/', { params: { path: { id } } });

/** `GET /v1/admin/disputes/?filter=&page=` (staff). */
export const fetchDisputes = (filter: DisputeFilter, page: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/disputes/', {
    params: { query: { filter, page: String(page), page_size: '10' } },
    signal,
  });

/** `POST /v1/admin/disputes/{order_id}/resolve/` (staff). */
export const resolveDispute = (orderId: number, body: DisputeResolve) =>
  apiClient.POST('/v1/admin/disputes/{order_id}/resolve/', { params: { path: { order_id: orderId } }, body });
