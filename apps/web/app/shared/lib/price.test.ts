import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice } from './price';

const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('formatPrice', () => {
  it('formats whole rubles without kopecks', () => {
    expect(formatPrice(12990)).toBe(nb('12 990 ₽'));
    expect(formatPrice(0)).toBe(nb('0 ₽'));
    expect(formatPrice(990)).toBe(nb('990 ₽'));
    expect(formatPrice(1234567)).toBe(nb('1 234 567 ₽'));
  });
  it('shows kopecks only when there are any', () => {
    expect(formatPrice(99.5)).toBe(nb('99,50 ₽'));
  });
  it('accepts strings with spaces', () => {
    expect(formatPrice('12 990')).toBe(nb('12 990 ₽'));
  });
  it('shows a dash for junk', () => {
    expect(formatPrice('abc')).toBe('—');
  });
});

describe('parsePrice', () => {
  it('passes numbers through', () => {
    expect(parsePrice(12990)).toBe(12990);
  });
  it('parses strings with spaces of any kind', () => {
    expect(parsePrice('12 990')).toBe(12990);
    expect(parsePrice('12\u00a0990')).toBe(12990);
    expect(parsePrice('12\u202f990 ₽')).toBe(12990);
    expect(parsePrice(' 1 299,50 ')).toBe(1299.5);
    expect(parsePrice('500')).toBe(500);
  });
  it('returns NaN for junk', () => {
    expect(parsePrice('двенадцать')).toBeNaN();
    expect(parsePrice('')).toBeNaN();
    expect(parsePrice(null)).toBeNaN();
    expect(parsePrice('1.2.3')).toBeNaN();
  });
});
