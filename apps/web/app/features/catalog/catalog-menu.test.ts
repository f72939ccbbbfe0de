import { describe, expect, it } from 'vitest';
import { buildMenu } from './catalog-menu';

const categories = [
  { id: 1, name: 'Одежда', type: 'women', parent: null },
  { id: 2, name: 'Платья', type: 'women', parent: 1 },
  { id: 3, name: 'Юбки', type: 'women', parent: 1 },
  { id: 4, name: 'Обувь', type: 'men', parent: null },
  { id: 5, name: 'Кеды', type: 'men', parent: 4 },
];

describe('catalog menu', () => {
  it('groups each type’s top categories with their children', () => {
    const menu = buildMenu(categories);
    expect(menu.women).toEqual([
      {
        id: 1,
        name: 'Одежда',
        children: [
          { id: 2, name: 'Платья' },
          { id: 3, name: 'Юбки' },
        ],
      },
    ]);
    expect(menu.men).toEqual([{ id: 4, name: 'Обувь', children: [{ id: 5, name: 'Кеды' }] }]);
    expect(menu.kids).toEqual([]);
  });

  it('is built once per categories array (every page’s layout asks for it), anew for another array', () => {
    expect(buildMenu(categories)).toBe(buildMenu(categories));
    expect(buildMenu([...categories])).not.toBe(buildMenu(categories));
    expect(buildMenu([...categories])).toEqual(buildMenu(categories));
  });
});
