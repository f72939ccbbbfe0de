/** Sorting and marking of the favorites page: pure, tested in sort.test.ts. */
import type { FavoriteItem } from '@vitrina/contract/favorites';

/** The sort choices of the page (`?sort=`; `added` is the default). */
export const SORTS = [
  { value: 'added', label: 'Сначала добавленные недавно' },
  { value: 'price_asc', label: 'Сначала дешевле' },
  { value: 'price_desc', label: 'Сначала дороже' },
];

/** The label a no-longer-available item is greyed with. */
export const mutedOf = (item: FavoriteItem) =>
  item.available
    ? undefined
    : item.status === 'sold'
      ? 'Продано'
      : item.status === 'reserved'
        ? 'Забронировано'
        : 'Снято с продажи';

/** The items in the chosen order (the answer is newest first). */
export function sortFavorites(items: FavoriteItem[], sort: string): FavoriteItem[] {
  if (sort !== 'price_asc' && sort !== 'price_desc') return items;
  const dir = sort === 'price_asc' ? 1 : -1;
  return [...items].sort(
    (a, b) => Number(b.available) - Number(a.available) || dir * (a.price - b.price) || b.id - a.id,
  );
}
