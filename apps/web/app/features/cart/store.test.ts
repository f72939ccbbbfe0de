import { beforeAll, describe, expect, it } from 'vitest';
import type { useCart as UseCart } from './store';

// The store persists to localStorage (spec §9); Node has none, so give it a small in-memory one.
const memory = new Map<string, string>();
let useCart: typeof UseCart;
beforeAll(async () => {
  (globalThis as unknown as { localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> }).localStorage = {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  };
  memory.set(
    'cart',
    JSON.stringify({ state: { items: [{ slug: 'old', size: 'S', count: 1, price: '1 500' }] }, version: 0 }),
  );
  ({ useCart } = await import('./store'));
});

describe('cart store', () => {
  it('hydrates from storage with prices parsed', () => {
    expect(useCart.getState().items).toEqual([{ slug: 'old', size: 'S', count: 1, price: 1500 }]);
  });

  it('adds, changes counts, removes and persists under the «cart» key', () => {
    const s = () => useCart.getState();
    s().clear();
    s().add({ slug: 'kurtka', size: 'L', price: '12 990', title: 'Куртка', seller_id: 3 });
    s().add({ slug: 'kurtka', size: 'l', price: 12990 });
    expect(s().items).toHaveLength(1);
    expect(s().items[0]).toMatchObject({ slug: 'kurtka', size: 'L', count: 2, price: 12990, title: 'Куртка' });
    s().decrease('kurtka', 'L');
    s().decrease('kurtka', 'L');
    expect(s().items[0]!.count).toBe(1);
    s().increase('kurtka', 'l');
    expect(s().items[0]!.count).toBe(2);
    const stored = JSON.parse(memory.get('cart')!) as { state: { items: { count: number }[] } };
    expect(stored.state.items[0]!.count).toBe(2);
    s().add({ slug: 'kedy', size: '42', price: 5000 });
    s().removeItems([{ slug: 'kedy', size: '42' }]);
    expect(s().items.map((i) => i.slug)).toEqual(['kurtka']);
    s().remove('kurtka', 'L');
    expect(s().items).toEqual([]);
  });
});
