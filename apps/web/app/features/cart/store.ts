/**
 * The cart store (spec §3–§5, §9): zustand with `persist` in localStorage under `STORAGE_KEYS.cart`.
 * Rules live in `cart-rules.ts`. Use `useCart((s) => s.items)` in components; `useCart.getState()` elsewhere.
 * The server renders an empty cart: components showing cart contents should render them only after mount
 * (`useMounted()` from @mantine/hooks, or `useCartItems()` below) so the first client render matches the HTML.
 */
import { useMounted } from '@mantine/hooks';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';
import {
  addItem,
  decreaseItem,
  increaseItem,
  removeItem,
  removeItems,
  type CartItem,
  type CartItemInput,
  type CartKey,
  sanitizeItems,
} from './cart-rules';

export type { CartItem, CartItemInput, CartKey } from './cart-rules';

export interface CartState {
  items: CartItem[];
  /** Adds an item; the same slug + size (size case-insensitive) increases the count instead. */
  add: (item: CartItemInput) => void;
  /** Removes by slug and size. */
  remove: (slug: string, size: string) => void;
  /** Count + 1. */
  increase: (slug: string, size: string) => void;
  /** Count − 1, not below 1. */
  decrease: (slug: string, size: string) => void;
  /** Removes every listed item (availability check, successful checkout). */
  removeItems: (keys: CartKey[]) => void;
  /** Empties the cart. */
  clear: () => void;
}

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      add: (item) => set((s) => ({ items: addItem(s.items, item) })),
      remove: (slug, size) => set((s) => ({ items: removeItem(s.items, { slug, size }) })),
      increase: (slug, size) => set((s) => ({ items: increaseItem(s.items, { slug, size }) })),
      decrease: (slug, size) => set((s) => ({ items: decreaseItem(s.items, { slug, size }) })),
      removeItems: (keys) => set((s) => ({ items: removeItems(s.items, keys) })),
      clear: () => set({ items: [] }),
    }),
    {
      name: STORAGE_KEYS.cart,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ items: s.items }),
      // Whatever is in storage is re-checked by the rules (price strings → numbers, counts ≥ 1).
      merge: (persisted, current) => ({
        ...current,
        items: sanitizeItems((persisted as { items?: unknown } | undefined)?.items),
      }),
    },
  ),
);

const EMPTY: CartItem[] = [];

/** Cart items, `[]` during SSR and the hydration render (no mismatch), the stored items after mount. */
export function useCartItems(): CartItem[] {
  const mounted = useMounted();
  const items = useCart((s) => s.items);
  return mounted ? items : EMPTY;
}

/**
 * Whether the cart changed on this page before the account's following started (server-sync.ts, loaded as its own
 * chunk after the page's start): «В корзину» pressed while that chunk is on its way is this device's change, which
 * the account has not had yet.
 */
let changedBeforeSync = false;
const stopWatchingEarly = useCart.subscribe((s, prev) => {
  if (s.items !== prev.items) changedBeforeSync = true;
});

/**
 * Stops watching for early changes (the account's following takes over).
 * @returns whether there was one — true once at most: the second call answers false
 */
export function takeEarlyChange(): boolean {
  stopWatchingEarly();
  const changed = changedBeforeSync;
  changedBeforeSync = false;
  return changed;
}
