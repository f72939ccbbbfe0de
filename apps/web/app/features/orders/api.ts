/**
 * Calls of the orders domain (spec §7 `/v1/sales/*`; ours `/v1/sales/orders/{id}/…`, `/v1/payments/{id}/`).
 * All answers carry rubles; every function returns the never-throwing `ApiResult`, typed from the server's
 * OpenAPI document (shared/api/typed.ts).
 */
import type { Order } from '@vitrina/contract/orders';
import { apiClient } from '../../shared/api/typed';

/** Orders per page of the lists (the API's default as well). */
export const PAGE_SIZE = 12;

/** `GET /v1/sales/orders/{id}/` — one order of the caller (buyer or seller). */
export const fetchOrder = (id: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/sales/orders/{id}/', { params: { path: { id } }, signal });

/** `GET /v1/payments/{id}/` — what `/payment` polls. */
export const fetchPayment = (id: string, signal?: AbortSignal) =>
  apiClient.GET('/v1/payments/{id}/', { params: { path: { id } }, signal });

/** `GET /v1/sales/orders/?page=&filter=` — the buyer's orders, a DRF page. */
export const fetchPurchases = (page: number, filter: string, signal?: AbortSignal) =>
  apiClient.GET('/v1/sales/orders/', {
    params: {
      query: {
        page: String(page),
        page_size: String(PAGE_SIZE),
        ...(filter && filter !== 'all' ? { filter } : {}),
      },
    },
    signal,
  });

/** `GET /v1/sales/orders/seller/?page=` — the seller's orders, a DRF page. */
export const fetchSellerOrders = (page: number, signal?: AbortSignal) =>
  apiClient.GET('/v1/sales/orders/seller/', {
    params: { query: { page: String(page), page_size: String(PAGE_SIZE) } },
    signal,
  });

/** `GET /v1/sales/order-filters/` → `[{value, label}]`. */
export const fetchOrderFilters = (signal?: AbortSignal) =>
  apiClient.GET('/v1/sales/order-filters/', { signal, auth: false });

/** `POST /v1/sales/orders/{id}/ship/` (seller) with the tracking number → the order. */
export const shipOrder = (id: number, trackingNumber: string) =>
  apiClient.POST('/v1/sales/orders/{id}/ship/', {
    params: { path: { id } },
    body: { tracking_number: trackingNumber },
  });

/** `POST /v1/sales/orders/{id}/cancel/` (the seller, a paid order before shipping) with a reason → the order. */
export const sellerCancelOrder = (id: number, reason: string) =>
  apiClient.POST('/v1/sales/orders/{id}/cancel/', { params: { path: { id } }, body: { reason } });

/** `POST /v1/sales/orders/{id}/confirm/` (buyer confirms receipt) → the order. */
export const confirmOrder = (id: number) =>
  apiClient.POST('/v1/sales/orders/{id}/confirm/', { params: { path: { id } } });

/** `POST /v1/sales/orders/{id}/cancel/` (buyer, while awaiting payment) → the order. */
export const cancelOrder = (id: number) =>
  apiClient.POST('/v1/sales/orders/{id}/cancel/', { params: { path: { id } }, body: {} });

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
