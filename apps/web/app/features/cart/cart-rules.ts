/**
 * Cart rules of spec §3–§5 as pure functions (the zustand store in `store.ts` only wires them to state):
 * an item is identified by slug + size, size compared case-insensitively; price is a number or a string
 * with spaces that is parsed to a number; the count never goes below 1 nor above the stock the product
 * page showed (`stock`), so «Увеличить» cannot turn an item on sale into one the availability check
 * reports unavailable and removes.
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
  /** Pieces on offer in this size when it was added (the product page's offer count); the count's cap. */
  stock?: number;
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

/** A known stock (a whole number ≥ 1), or undefined when it is unknown or junk from storage. */
function validStock(stock: unknown): number | undefined {
  return typeof stock === 'number' && Number.isInteger(stock) && stock >= 1 ? stock : undefined;
}

/** `count` kept within 1…stock (no upper bound when the stock is unknown). */
function capCount(count: number, stock: number | undefined): number {
  return Math.max(1, stock === undefined ? count : Math.min(count, stock));
}

/**
 * Normalises an input item: price parsed to a number (NaN → 0), count a whole number from 1 to the
 * stock (when known); a stock that is not a whole number ≥ 1 is dropped.
 */
export function normalizeItem(input: CartItemInput): CartItem {
  const price = parsePrice(input.price);
  const stock = validStock(input.stock);
  const count = capCount(Math.floor(Number(input.count ?? 1)) || 1, stock);
  const item: CartItem = { ...input, price: Number.isFinite(price) ? price : 0, count };
  if (stock === undefined) delete item.stock;
  else item.stock = stock;
  return item;
}

/** Whether «Увеличить» may add one more piece (false at the known stock). */
export function canIncrease(item: CartItem): boolean {
  return item.stock === undefined || item.count < item.stock;
}

/**
 * Adds an item; when the same identity is already there its count grows by the added count, up to the
 * stock (the newer one when the input carries it).
 */
export function addItem(items: CartItem[], input: CartItemInput): CartItem[] {
  const item = normalizeItem(input);
  const i = items.findIndex((x) => sameItem(x, item));
  if (i === -1) return [...items, item];
  return items.map((x, j) => {
    if (j !== i) return x;
    const merged = { ...x, ...item, size: x.size };
    return { ...merged, count: capCount(x.count + item.count, merged.stock) };
  });
}

/** Removes the item with this slug and size. */
export function removeItem(items: CartItem[], key: CartKey): CartItem[] {
  return items.filter((x) => !sameItem(x, key));
}

/** Removes every item matching one of `keys` (after the availability check; after a paid order). */
export function removeItems(items: CartItem[], keys: CartKey[]): CartItem[] {
  return items.filter((x) => !keys.some((k) => sameItem(x, k)));
}

/** Count + 1, not above the known stock. */
export function increaseItem(items: CartItem[], key: CartKey): CartItem[] {
  return items.map((x) => (sameItem(x, key) && canIncrease(x) ? { ...x, count: x.count + 1 } : x));
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
