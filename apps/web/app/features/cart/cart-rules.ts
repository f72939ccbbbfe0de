/**
 * Cart rules of spec §3–§5 as pure functions (the zustand store in `store.ts` only wires them to state):
 * an item is identified by slug + size, size compared case-insensitively; price is a number or a string
 * with spaces that is parsed to a number; the count never goes below 1.
 */
import { parsePrice } from '../../shared/lib/price';

/** A cart item as kept in browser storage. `slug`, `size`, `count`, `price` are the spec's fields; the rest is for display. */
export interface CartItem {
  slug: string;
  size: string;
  count: number;
  /** Rubles per piece. */
  price: number;
  title?: string;
  brand?: string;
  /** Photo URL (small). */
  photo?: string;
  seller_id?: number;
  seller_name?: string;
}

/** What `add` accepts: price may still be a string such as «12 990». */
export type CartItemInput = Omit<CartItem, 'price' | 'count'> & { price: number | string; count?: number };

/** An item reference (slug + size), as in the availability check answer and the checked-for-order list. */
export interface CartKey {
  slug: string;
  size: string;
}

/** Spec §5: same slug and same size, size compared case-insensitively. */
export function sameItem(a: CartKey, b: CartKey): boolean {
  return a.slug === b.slug && String(a.size).toLowerCase() === String(b.size).toLowerCase();
}

/** Normalises an input item: price parsed to a number (NaN → 0), count a whole number ≥ 1. */
export function normalizeItem(input: CartItemInput): CartItem {
  const price = parsePrice(input.price);
  const count = Math.max(1, Math.floor(Number(input.count ?? 1)) || 1);
  return { ...input, price: Number.isFinite(price) ? price : 0, count };
}

/** Adds an item; when the same identity is already there its count grows by the added count. */
export function addItem(items: CartItem[], input: CartItemInput): CartItem[] {
  const item = normalizeItem(input);
  const i = items.findIndex((x) => sameItem(x, item));
  if (i === -1) return [...items, item];
  return items.map((x, j) => (j === i ? { ...x, ...item, size: x.size, count: x.count + item.count } : x));
}

/** Removes the item with this slug and size. */
export function removeItem(items: CartItem[], key: CartKey): CartItem[] {
  return items.filter((x) => !sameItem(x, key));
}

/** Removes every item matching one of `keys` (after the availability check; after a paid order). */
export function removeItems(items: CartItem[], keys: CartKey[]): CartItem[] {
  return items.filter((x) => !keys.some((k) => sameItem(x, k)));
}

/** Count + 1. */
export function increaseItem(items: CartItem[], key: CartKey): CartItem[] {
  return items.map((x) => (sameItem(x, key) ? { ...x, count: x.count + 1 } : x));
}

/** Count − 1, never below 1 (removal is a separate action). */
export function decreaseItem(items: CartItem[], key: CartKey): CartItem[] {
  return items.map((x) => (sameItem(x, key) ? { ...x, count: Math.max(1, x.count - 1) } : x));
}

/** Number of pieces in the cart. */
export function cartCount(items: CartItem[]): number {
  return items.reduce((s, x) => s + x.count, 0);
}

/** Sum of price × count, rubles. */
export function cartTotal(items: CartItem[]): number {
  return items.reduce((s, x) => s + x.price * x.count, 0);
}

/** Items grouped by seller (an order is per seller), in first-appearance order. */
export function groupBySeller(
  items: CartItem[],
): { seller_id: number | null; seller_name: string; items: CartItem[] }[] {
  const groups = new Map<string, { seller_id: number | null; seller_name: string; items: CartItem[] }>();
  for (const it of items) {
    const key = String(it.seller_id ?? 'none');
    let g = groups.get(key);
    if (!g) {
      g = { seller_id: it.seller_id ?? null, seller_name: it.seller_name ?? 'Продавец', items: [] };
      groups.set(key, g);
    }
    g.items.push(it);
  }
  return [...groups.values()];
}

/** Re-validates items read from browser storage: drops malformed entries, merges duplicates. */
export function sanitizeItems(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  let items: CartItem[] = [];
  for (const r of raw) {
    if (!r || typeof r !== 'object') continue;
    const o = r as Record<string, unknown>;
    if (typeof o.slug !== 'string' || !o.slug || (typeof o.size !== 'string' && typeof o.size !== 'number')) continue;
    if (typeof o.price !== 'number' && typeof o.price !== 'string') continue;
    items = addItem(items, { ...(o as unknown as CartItemInput), size: String(o.size) });
  }
  return items;
}
