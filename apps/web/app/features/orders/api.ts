/**
 * Calls of the orders domain (spec §7 `/v1/sales/*`; ours `/v1/sales/orders/{id}/…`, `/v1/payments/{id}/`).
 * All answers carry rubles; every function returns the never-throwing `ApiResult`.
 */
import type { Page } from '@vitrina/contract/common';
import type { Order, OrderFilter, PaymentStatusAnswer } from '@vitrina/contract/orders';
import { api } from '../../shared/api/client';

/** Orders per page of the lists (the API's default as well). */
export const PAGE_SIZE = 12;

/** `GET /v1/sales/orders/{id}/` — one order of the caller (buyer or seller). */
export const fetchOrder = (id: number | string, signal?: AbortSignal) =>
  api<Order>(`/v1/sales/orders/${id}/`, { signal });

/** `GET /v1/payments/{id}/` — what `/payment` polls. */
export const fetchPayment = (id: string, signal?: AbortSignal) =>
  api<PaymentStatusAnswer>(`/v1/payments/${encodeURIComponent(id)}/`, { signal });

/** `GET /v1/sales/orders/?page=&filter=` — the buyer's orders, a DRF page. */
export function fetchPurchases(page: number, filter: string, signal?: AbortSignal) {
  const p = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
  if (filter && filter !== 'all') p.set('filter', filter);
  return api<Page<Order>>(`/v1/sales/orders/?${p}`, { signal });
}

/** `GET /v1/sales/orders/seller/?page=` — the seller's orders, a DRF page. */
export const fetchSellerOrders = (page: number, signal?: AbortSignal) =>
  api<Page<Order>>(`/v1/sales/orders/seller/?page=${page}&page_size=${PAGE_SIZE}`, { signal });

/** `GET /v1/sales/order-filters/` → `[{value, label}]`. */
export const fetchOrderFilters = (signal?: AbortSignal) =>
  api<OrderFilter[]>('/v1/sales/order-filters/', { signal, auth: false });

/** `POST /v1/sales/orders/{id}/ship/` (seller) with the tracking number → the order. */
export const shipOrder = (id: number, trackingNumber: string) =>
  api<Order>(`/v1/sales/orders/${id}/ship/`, { method: 'POST', json: { tracking_number: trackingNumber } });

/** `POST /v1/sales/orders/{id}/cancel/` (the seller, a paid order before shipping) with a reason → the order. */
export const sellerCancelOrder = (id: number, reason: string) =>
  api<Order>(`/v1/sales/orders/${id}/cancel/`, { method: 'POST', json: { reason } });

/** `POST /v1/sales/orders/{id}/confirm/` (buyer confirms receipt) → the order. */
export const confirmOrder = (id: number) => api<Order>(`/v1/sales/orders/${id}/confirm/`, { method: 'POST', json: {} });

/** `POST /v1/sales/orders/{id}/cancel/` (buyer, while awaiting payment) → the order. */
export const cancelOrder = (id: number) => api<Order>(`/v1/sales/orders/${id}/cancel/`, { method: 'POST', json: {} });

/** Ordered items count. */
export const itemsCount = (o: Pick<Order, 'items'>) => o.items.reduce((n, i) => n + i.count, 0);

/** Status badge colours (brand.md: success, warning, error; ink for neutral). */
export const STATUS_COLORS: Record<string, string> = {
  awaiting_payment: 'orange',
  paid: 'blue',
  shipped: 'indigo',
  delivered: 'teal',
  disputed: 'red',
  completed: 'green',
  refunded: 'gray',
  cancelled: 'gray',
};
