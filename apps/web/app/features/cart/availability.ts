/**
 * The availability check of spec §4: POST the cart to `/v1/product/check-availability/` and remove
 * the items it reports unavailable. Returns the removed items (for a notice naming them).
 */
import { apiClient } from '../../shared/api/typed';
import { sameItem, type CartItem } from './cart-rules';
import { useCart } from './store';

export async function checkAvailability(): Promise<{ ok: boolean; removed: CartItem[] }> {
  const items = useCart.getState().items;
  if (!items.length) return { ok: true, removed: [] };
  const r = await apiClient.POST('/v1/product/check-availability/', {
    body: items.map(({ slug, size, count, price }) => ({ slug, size, count, price })),
    auth: false,
  });
  if (!r.ok) return { ok: false, removed: [] };
  const gone = r.data.unavailable_items ?? [];
  const removed = useCart.getState().items.filter((i) => gone.some((g) => sameItem(i, g)));
  if (gone.length) useCart.getState().removeItems(gone);
  return { ok: true, removed };
}
