/**
 * Calls of claims and disputes (`/v1/sales/orders/{id}/claim/…`, staff `/v1/admin/disputes/…`): every function
 * returns the never-throwing `ApiResult`; forms with photos report upload progress.
 */
import type { Dispute, DisputeFilter, DisputeResolve, OrderClaim } from '@vitrina/contract/disputes';
import type { Page } from '@vitrina/contract/common';
import { api } from '../../shared/api/client';
import { apiUpload } from '../../shared/api/upload';

const base = (id: number) => `/v1/sales/orders/${id}/claim/`;

/** `GET /v1/sales/orders/{id}/claim/` — the order's claim and whether the buyer may open one. */
export const fetchOrderClaim = (id: number, signal?: AbortSignal) => api<OrderClaim>(base(id), { signal });

/** `POST /v1/sales/orders/{id}/claim/` (the buyer) — reason, text, photos. */
export const sendClaim = (id: number, form: FormData, onProgress?: (part: number) => void) =>
  apiUpload<OrderClaim>('POST', base(id), form, {
    onProgress,
    fallback: (s) => (s === 413 || s >= 500 ? undefined : 'Не удалось отправить претензию.'),
  });

/** `POST /v1/sales/orders/{id}/claim/reply/` (the seller) — action, amount, text, photos. */
export const sendReply = (id: number, form: FormData, onProgress?: (part: number) => void) =>
  apiUpload<OrderClaim>('POST', `${base(id)}reply/`, form, {
    onProgress,
    fallback: (s) => (s === 413 || s >= 500 ? undefined : 'Не удалось отправить ответ.'),
  });

/** `POST …/claim/accept-offer/` or `…/reject-offer/` (the buyer). */
export const answerOffer = (id: number, accept: boolean) =>
  api<OrderClaim>(`${base(id)}${accept ? 'accept' : 'reject'}-offer/`, { method: 'POST', json: {} });

/** `GET /v1/admin/disputes/?filter=&page=` (staff). */
export const fetchDisputes = (filter: DisputeFilter, page: number, signal?: AbortSignal) =>
  api<Page<Dispute>>(`/v1/admin/disputes/?filter=${filter}&page=${page}&page_size=10`, { signal });

/** `POST /v1/admin/disputes/{order_id}/resolve/` (staff). */
export const resolveDispute = (orderId: number, body: DisputeResolve) =>
  api<Dispute>(`/v1/admin/disputes/${orderId}/resolve/`, { method: 'POST', json: body });
