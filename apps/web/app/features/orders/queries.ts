/**
 * The orders feature's queries and changes on the shared cache (shared/api/query.ts): the query keys in one
 * place, the buyer's and the seller's orders, one order, the payment and the order filters. A change of an
 * order puts the answer into every cached list and marks the lists stale.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Page } from '@vitrina/contract/common';
import type { Order } from '@vitrina/contract/orders';
import { errorInfo, queryClient, unwrap } from '../../shared/api/query';
import {
  cancelOrder,
  confirmOrder,
  fetchOrder,
  fetchOrderFilters,
  fetchPayment,
  fetchPurchases,
  fetchSellerOrders,
  sellerCancelOrder,
  shipOrder,
} from './api';

/** Query keys of the orders feature. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  purchases: (page: number, filter: string) => ['orders', 'list', 'purchases', page, filter] as const,
  sales: (page: number) => ['orders', 'list', 'sales', page] as const,
  filters: ['orders', 'filters'] as const,
  order: (id: number) => ['orders', 'one', id] as const,
  payment: (id: string) => ['orders', 'payment', id] as const,
};

/** The order filters of the purchases list (`GET /v1/sales/order-filters/`). */
export function useOrderFilters() {
  return useQuery(
    {
      queryKey: orderKeys.filters,
      queryFn: async ({ signal }) => unwrap(await fetchOrderFilters(signal)),
      staleTime: Infinity,
    },
    queryClient,
  );
}

/** A page of the buyer's orders with a status filter. */
export function usePurchases(page: number, filter: string) {
  return useQuery(
    {
      queryKey: orderKeys.purchases(page, filter),
      queryFn: async ({ signal }) => unwrap(await fetchPurchases(page, filter, signal)),
    },
    queryClient,
  );
}

/** A page of the seller's orders. */
export function useSellerOrders(page: number) {
  return useQuery(
    { queryKey: orderKeys.sales(page), queryFn: async ({ signal }) => unwrap(await fetchSellerOrders(page, signal)) },
    queryClient,
  );
}

/** One order of the caller, while `id` is set. */
export function useOrder(id: number | null) {
  return useQuery(
    {
      queryKey: orderKeys.order(id ?? 0),
      queryFn: async ({ signal }) => unwrap(await fetchOrder(id!, signal)),
      enabled: !!id,
    },
    queryClient,
  );
}

/**
 * One poll of an order or its payment through the cache (the payment screen decides when to ask again).
 * Never throws: answers the client's `ApiResult`.
 */
export const pollOrder = (id: number) =>
  queryClient
    .fetchQuery({
      queryKey: orderKeys.order(id),
      queryFn: async () => unwrap(await fetchOrder(id)),
      staleTime: 0,
      retry: false,
    })
    .then(ok, failed);

/** One poll of a payment's status through the cache. Never throws: answers the client's `ApiResult`. */
export const pollPayment = (id: string) =>
  queryClient
    .fetchQuery({
      queryKey: orderKeys.payment(id),
      queryFn: async () => unwrap(await fetchPayment(id)),
      staleTime: 0,
      retry: false,
    })
    .then(ok, failed);

const ok = <T>(data: T) => ({ ok: true as const, data });
const failed = (error: unknown) => ({ ok: false as const, error: errorInfoOf(error) });
const errorInfoOf = (error: unknown) =>
  errorInfo(error) ?? { status: 0, message: 'Не удалось выполнить запрос.', fields: {} as Record<string, string[]> };

/**
 * Puts a changed order into every cached list and into its own entry, then marks the lists stale. The list
 * on screen is not refetched at once: an order cancelled under «Ожидает оплаты» stays there, marked
 * «Отменён», instead of vanishing from under the buyer's pointer; the next visit loads the lists anew.
 */
function putOrder(order: Order) {
  queryClient.setQueriesData<Page<Order>>(
    { queryKey: orderKeys.lists },
    (page) => page && { ...page, results: page.results.map((x) => (x.id === order.id ? order : x)) },
  );
  queryClient.setQueryData(orderKeys.order(order.id), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists, refetchType: 'none' });
}

/** The buyer confirms receipt or cancels an order awaiting payment. */
export function useOrderAction() {
  return useMutation(
    {
      mutationFn: async ({ id, kind }: { id: number; kind: 'confirm' | 'cancel' }) =>
        unwrap(await (kind === 'confirm' ? confirmOrder(id) : cancelOrder(id))),
      onSuccess: putOrder,
    },
    queryClient,
  );
}

/** The seller ships an order with its tracking number. */
/** The seller cancels a paid order with a reason; the lists are refreshed with the answer. */
export function useSellerCancelOrder() {
  return useMutation(
    {
      mutationFn: async ({ id, reason }: { id: number; reason: string }) => unwrap(await sellerCancelOrder(id, reason)),
      onSuccess: putOrder,
    },
    queryClient,
  );
}

export function useShipOrder() {
  return useMutation(
    {
      mutationFn: async ({ id, trackingNumber }: { id: number; trackingNumber: string }) =>
        unwrap(await shipOrder(id, trackingNumber)),
      onSuccess: putOrder,
    },
    queryClient,
  );
}
