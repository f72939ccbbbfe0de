import { describe, expect, it } from 'vitest';
import { brandIndex, matchesBrand } from './brand-index';

const b = (name: string, name_ru: string, count = 1) => ({
  slug: name.toLowerCase().replace(/\W/g, '-'),
  name,
  name_ru,
  count,
});

describe('brand index', () => {
  const brands = [
    b('Nike', 'найк'),
    b('Adidas', 'адидас'),
    b('New Balance', 'нью беланс'),
    b('Зарина', 'Зарина'),
    b('12 Storeez', 'твелв сторис'),
  ];

  it('lists each brand once, under the first letter of its name as written', () => {
    const groups = brandIndex(brands);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'N', 'З', '0–9']);
    expect(groups.find((g) => g.letter === 'N')!.entries.map((e) => [e.label, e.alt])).toEqual([
      ['New Balance', 'Нью беланс'],
      ['Nike', 'Найк'],
    ]);
    expect(groups.find((g) => g.letter === 'З')!.entries.map((e) => [e.label, e.alt])).toEqual([['Зарина', '']]);
    expect(groups.flatMap((g) => g.entries)).toHaveLength(brands.length);
  });

  it('finds a brand by either spelling, from a word start', () => {
    const found = (q: string) => brands.filter((x) => matchesBrand(x, q)).map((x) => x.name);
    expect(found('най')).toEqual(['Nike']);
    expect(found('NI')).toEqual(['Nike']);
    expect(found('бел')).toEqual(['New Balance']);
    expect(found('bal')).toEqual(['New Balance']);
    expect(found('ike')).toEqual([]);
    expect(found('  ')).toHaveLength(brands.length);
  });
});
