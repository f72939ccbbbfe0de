/**
 * Checkout calls: create the order (`POST /v1/sales/order/`, JSON, spec §7) and re-check what is still
 * available (`POST /v1/product/check-availability/`) when the order is refused — typed from the server's OpenAPI
 * document (shared/api/typed.ts).
 */
import type { OrderCreate } from '@vitrina/contract/orders';
import { apiClient } from '../../shared/api/typed';
import type { CartItem, CartKey } from '../cart';

/** `POST /v1/sales/order/` → 201 `{success, order, payment: {confirmation_url}}`. */
export const createOrder = (body: OrderCreate) => apiClient.POST('/v1/sales/order/', { body });

/** Which of `items` can no longer be bought (spec §4). An error → `[]`. */
export async function unavailableOf(items: CartItem[]): Promise<CartKey[]> {
  const r = await apiClient.POST('/v1/product/check-availability/', {
    body: items.map(({ slug, size, count, price }) => ({ slug, size, count, price })),
    auth: false,
  });
  return r.ok ? (r.data.unavailable_items ?? []) : [];
}
