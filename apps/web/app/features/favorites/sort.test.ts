import { describe, expect, it } from 'vitest';
import type { FavoriteItem } from '@vitrina/contract/favorites';
import { mutedOf, sortFavorites } from './sort';

const item = (id: number, price: number, available = true, status = 'active'): FavoriteItem => ({
  id,
  slug: `p-${id}`,
  title: `Вещь ${id}`,
  brand_text: null,
  brand: null,
  sizes: ['M'],
  verified: false,
  price,
  condition: 'excellent',
  condition_label: 'Отличное',
  photo: null,
  seller_id: 1,
  status,
  created_at: '2026-11-01T00:00:00.000Z',
  added_at: '2026-11-02T00:00:00.000Z',
  available,
  old_price: null,
});

describe('favorites sorting', () => {
  const list = [item(1, 5000), item(2, 900, false, 'sold'), item(3, 1200), item(4, 5000)];
  it('keeps the answer’s order (newest first) for «added»', () => {
    expect(sortFavorites(list, 'added').map((i) => i.id)).toEqual([1, 2, 3, 4]);
  });
  it('sorts by price either way, items no longer on sale last, equal prices newest id first', () => {
    expect(sortFavorites(list, 'price_asc').map((i) => i.id)).toEqual([3, 4, 1, 2]);
    expect(sortFavorites(list, 'price_desc').map((i) => i.id)).toEqual([4, 1, 3, 2]);
  });
  it('greys what can no longer be bought with the reason', () => {
    expect(mutedOf(item(1, 1))).toBeUndefined();
    expect(mutedOf(item(1, 1, false, 'sold'))).toBe('Продано');
    expect(mutedOf(item(1, 1, false, 'deleted'))).toBe('Снято с продажи');
    expect(mutedOf(item(1, 1, false, 'reserved'))).toBe('Забронировано');
  });
});
