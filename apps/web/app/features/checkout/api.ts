/**
 * Checkout calls: create the order (`POST /v1/sales/order/`, JSON, spec §7) and re-check what is still
 * available (`POST /v1/product/check-availability/`) when the order is refused.
 */
import type { OrderCreate, OrderCreated } from '@vitrina/contract/orders';
import { api } from '../../shared/api/client';
import type { CartItem, CartKey } from '../cart';

/** `POST /v1/sales/order/` → 201 `{success, order, payment: {confirmation_url}}`. */
export const createOrder = (body: OrderCreate) => api<OrderCreated>('/v1/sales/order/', { method: 'POST', json: body });

/** Which of `items` can no longer be bought (spec §4). An error → `[]`. */
export async function unavailableOf(items: CartItem[]): Promise<CartKey[]> {
  const r = await api<{ success: boolean; unavailable_items?: CartKey[] }>('/v1/product/check-availability/', {
    method: 'POST',
    json: items.map(({ slug, size, count, price }) => ({ slug, size, count, price })),
    auth: false,
  });
  return r.ok ? (r.data.unavailable_items ?? []) : [];
}
