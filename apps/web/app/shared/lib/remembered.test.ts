import { describe, expect, it, vi } from 'vitest';
import { remembered } from './remembered';
import { formatPrice } from './price';
import { countLabel, WORDS } from './plural';

describe('remembered', () => {
  it('calls the function once per argument and gives its answer every time', () => {
    const fn = vi.fn((n: number) => `#${n}`);
    const f = remembered(fn);
    expect([f(1), f(2), f(1), f(2), f(1)]).toEqual(['#1', '#2', '#1', '#2', '#1']);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('remembers an answer that is undefined or falsy', () => {
    const fn = vi.fn((n: number) => (n ? undefined : 0));
    const f = remembered(fn);
    expect([f(0), f(0), f(1), f(1)]).toEqual([0, 0, undefined, undefined]);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('keeps at most `max` answers, starting over when full', () => {
    const fn = vi.fn((n: number) => n * 2);
    const f = remembered(fn, 3);
    for (const n of [1, 2, 3]) f(n);
    expect(f(3)).toBe(6);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(f(4)).toBe(8); // full: starts over with 4
    expect(f(1)).toBe(2); // forgotten: computed again
    expect(fn).toHaveBeenCalledTimes(5);
  });

  it('gives prices and counts as before, a number and its string alike', () => {
    expect([formatPrice(12990), formatPrice('12 990'), formatPrice(12990), formatPrice(99.5)]).toEqual([
      '12\u00a0990\u00a0₽',
      '12\u00a0990\u00a0₽',
      '12\u00a0990\u00a0₽',
      '99,50\u00a0₽',
    ]);
    expect([countLabel(1234, WORDS.product), countLabel(1234, WORDS.brand)]).toEqual([
      '1\u00a0234 товара',
      '1\u00a0234 бренда',
    ]);
  });
});
