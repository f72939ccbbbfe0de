import { describe, expect, it } from 'vitest';
import { brandDescription } from './brand-description';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('brand page description', () => {
  it('names the count, the top categories, the mix of conditions and the lowest price', () => {
    const text = brandDescription({
      name: 'Nike',
      count: 1234,
      price_min: 2990,
      new_count: 100,
      top_categories: ['Кроссовки', 'Пуховики', 'Худи и свитшоты'],
    });
    expect(nbsp(text)).toBe(
      'Nike — 1 234 товара: кроссовки, пуховики, худи и свитшоты. Новые и с историей, цены от 2 990 ₽ на Витрине.',
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('says «Новые, с биркой» or «Вещи с историей» when all are one kind, and copes with no listings', () => {
    const base = { name: 'Moncler', count: 1, price_min: 89000, top_categories: ['Пуховики'] };
    expect(nbsp(brandDescription({ ...base, new_count: 1 }))).toBe(
      'Moncler — 1 товар: пуховики. Новые, с биркой, цены от 89 000 ₽ на Витрине.',
    );
    expect(brandDescription({ ...base, new_count: 0 })).toContain('Вещи с историей');
    expect(brandDescription({ ...base, count: 0, new_count: 0, price_min: null, top_categories: [] })).toMatch(
      /^Moncler на Витрине: .*ничего нет/,
    );
  });
});
