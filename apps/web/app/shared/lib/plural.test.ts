import { describe, expect, it } from 'vitest';
import { countLabel, WORDS } from './plural';

// The forms themselves: packages/contract/src/plural.test.ts.
describe('countLabel', () => {
  it('labels counts with grouped thousands and the plural form', () => {
    expect(countLabel(128, WORDS.product)).toBe('128 товаров');
    expect(countLabel(1234, WORDS.product)).toBe('1\u00a0234 товара');
    expect(countLabel(1, WORDS.brand)).toBe('1 бренд');
    expect(countLabel(21, WORDS.piece)).toBe('21 штука');
  });
});
