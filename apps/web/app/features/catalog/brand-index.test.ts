import { describe, expect, it } from 'vitest';
import { brandIndex } from './brand-index';

const b = (name: string, name_ru: string, count = 1) => ({
  slug: name.toLowerCase().replace(/\W/g, '-'),
  name,
  name_ru,
  count,
});

describe('brand index', () => {
  it('lists brands under Latin and Cyrillic letters', () => {
    const groups = brandIndex([
      b('Nike', 'найк'),
      b('Adidas', 'адидас'),
      b('New Balance', 'нью беланс'),
      b('Зарина', 'Зарина'),
      b('12 Storeez', 'твелв сторис'),
    ]);
    expect(groups.map((g) => g.letter)).toEqual(['A', 'N', 'А', 'З', 'Н', 'Т', '0–9']);
    expect(groups.find((g) => g.letter === 'N')!.entries.map((e) => e.label)).toEqual(['New Balance', 'Nike']);
    expect(groups.find((g) => g.letter === 'Н')!.entries.map((e) => [e.label, e.alt])).toEqual([
      ['Найк', 'Nike'],
      ['Нью беланс', 'New Balance'],
    ]);
    expect(groups.find((g) => g.letter === 'З')!.entries).toHaveLength(1);
  });
});
