import { describe, expect, it } from 'vitest';
import { countLabel, plural, WORDS } from './plural';

const forms = ['товар', 'товара', 'товаров'] as const;

describe('plural', () => {
  it.each([
    [0, 'товаров'],
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [14, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [25, 'товаров'],
    [101, 'товар'],
    [111, 'товаров'],
    [128, 'товаров'],
    [1.5, 'товара'],
  ])('%d → %s', (n, word) => {
    expect(plural(n, forms)).toBe(word);
  });
  it('labels counts with grouped thousands', () => {
    expect(countLabel(128, WORDS.product)).toBe('128 товаров');
    expect(countLabel(1234, WORDS.product)).toBe('1\u00a0234 товара');
    expect(countLabel(1, WORDS.brand)).toBe('1 бренд');
  });
});
