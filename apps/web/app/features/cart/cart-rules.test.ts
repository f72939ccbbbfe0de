import { describe, expect, it } from 'vitest';
import {
  addItem,
  canIncrease,
  cartCount,
  cartTotal,
  decreaseItem,
  groupBySeller,
  increaseItem,
  removeItem,
  removeItems,
  sameItem,
  sanitizeItems,
  type CartItem,
} from './cart-rules';

const tee = { slug: 'futbolka-nike', size: 'M', price: 2990, seller_id: 1, seller_name: 'Анна' };
const jeans = { slug: 'dzhinsy-levis', size: '32/32', price: '7 490', seller_id: 2, seller_name: 'Олег' };

describe('cart rules (spec §3–§5)', () => {
  it('identifies items by slug and size, size case-insensitive', () => {
    expect(sameItem({ slug: 'a', size: 'M' }, { slug: 'a', size: 'm' })).toBe(true);
    expect(sameItem({ slug: 'a', size: 'M' }, { slug: 'a', size: 'L' })).toBe(false);
    expect(sameItem({ slug: 'a', size: 'M' }, { slug: 'b', size: 'M' })).toBe(false);
  });

  it('adds a new item with count 1 and a numeric price', () => {
    const items = addItem([], jeans);
    expect(items).toEqual([{ ...jeans, price: 7490, count: 1 }]);
  });

  it('parses a price string with spaces to a number', () => {
    expect(addItem([], { slug: 'x', size: 'S', price: '12 990' })[0]!.price).toBe(12990);
    expect(addItem([], { slug: 'x', size: 'S', price: '1\u00a0299' })[0]!.price).toBe(1299);
  });

  it('adding the same slug + size (any case) increases the count instead of a new line', () => {
    let items = addItem([], tee);
    items = addItem(items, { ...tee, size: 'm' });
    expect(items).toHaveLength(1);
    expect(items[0]!.count).toBe(2);
    expect(items[0]!.size).toBe('M');
    items = addItem(items, { ...tee, size: 'L' });
    expect(items).toHaveLength(2);
  });

  it('adds with an explicit count', () => {
    expect(addItem([], { ...tee, count: 3 })[0]!.count).toBe(3);
  });

  it('removes by slug and size (size case-insensitive) and leaves other sizes', () => {
    let items = addItem(addItem([], tee), { ...tee, size: 'L' });
    items = removeItem(items, { slug: tee.slug, size: 'm' });
    expect(items.map((i) => i.size)).toEqual(['L']);
  });

  it('increases and decreases, never below 1', () => {
    let items: CartItem[] = addItem([], tee);
    items = increaseItem(items, { slug: tee.slug, size: 'M' });
    expect(items[0]!.count).toBe(2);
    items = decreaseItem(items, { slug: tee.slug, size: 'm' });
    items = decreaseItem(items, { slug: tee.slug, size: 'M' });
    expect(items[0]!.count).toBe(1);
  });

  it('never counts above the stock the product page showed, so the availability check keeps the item', () => {
    let items: CartItem[] = addItem([], { ...tee, stock: 2 });
    expect(canIncrease(items[0]!)).toBe(true);
    items = increaseItem(items, { slug: tee.slug, size: 'M' });
    items = increaseItem(items, { slug: tee.slug, size: 'M' });
    expect(items[0]!.count).toBe(2);
    expect(canIncrease(items[0]!)).toBe(false);
    items = addItem(items, { ...tee, stock: 2 });
    expect(items[0]!.count).toBe(2);
    expect(addItem([], { ...tee, count: 5, stock: 1 })[0]!.count).toBe(1);
    // Stock dropped since: the newer figure caps the count. Junk stock from storage is ignored.
    expect(addItem(addItem([], { ...tee, count: 3 }), { ...tee, stock: 1 })[0]!.count).toBe(1);
    expect(sanitizeItems([{ ...tee, count: 2, stock: 'x' }])[0]).toEqual({ ...tee, count: 2 });
    expect(canIncrease(addItem([], tee)[0]!)).toBe(true);
  });

  it('removes a list of items (unavailable after the check)', () => {
    let items = addItem(addItem(addItem([], tee), jeans), { ...tee, size: 'L' });
    items = removeItems(items, [
      { slug: tee.slug, size: 'l' },
      { slug: jeans.slug, size: '32/32' },
      { slug: 'missing', size: 'M' },
    ]);
    expect(items.map((i) => `${i.slug}:${i.size}`)).toEqual(['futbolka-nike:M']);
  });

  it('counts pieces and totals rubles', () => {
    let items = addItem(addItem([], tee), jeans);
    items = increaseItem(items, { slug: tee.slug, size: 'M' });
    expect(cartCount(items)).toBe(3);
    expect(cartTotal(items)).toBe(2990 * 2 + 7490);
  });

  it('groups items by seller', () => {
    const items = addItem(addItem(addItem([], tee), jeans), { ...tee, slug: 'kepka', size: 'OS' });
    const groups = groupBySeller(items);
    expect(groups.map((g) => [g.seller_id, g.items.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('sanitizes stored items: drops junk, parses prices, merges duplicates', () => {
    const items = sanitizeItems([
      { slug: 'a', size: 'M', count: 1, price: '1 000' },
      { slug: 'a', size: 'm', count: 2, price: 1000 },
      { slug: '', size: 'M', count: 1, price: 1 },
      null,
      'junk',
      { slug: 'b', size: 42, count: 0, price: 500 },
    ]);
    expect(items).toEqual([
      { slug: 'a', size: 'M', count: 3, price: 1000 },
      { slug: 'b', size: '42', count: 1, price: 500 },
    ]);
    expect(sanitizeItems('nope')).toEqual([]);
  });
});
