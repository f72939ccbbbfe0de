import { describe, expect, it } from 'vitest';
import { fixedDigits, groupedInteger } from './number-text';
import { formatPrice } from './price';
import { formatRating } from './plural';

/** What Intl writes, its spaces made U+00A0 as the site shows them. */
const intl = (options: Intl.NumberFormatOptions) => {
  const f = new Intl.NumberFormat('ru-RU', options);
  return (n: number) => f.format(n).replace(/[\u202f\u00a0]/g, '\u00a0');
};
const digits = (d: number) => intl({ minimumFractionDigits: d, maximumFractionDigits: d });

/** Prices as they come (kopecks / 100), halves, values near whole rubles, signs and powers of ten. */
function samples(): number[] {
  const out = [0, -0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 12990, 99999, 100000, 999999, 1e6, 1234567, 1e12];
  out.push(0.005, 1.005, 1.015, 2.675, 0.125, 99.5, 99.995, 999.995, 1299.5, 12990.004, 12989.996, 0.1 + 0.2, 4.45);
  out.push(-0.001, -0.005, -5.5, -12990, -1299.5, 1e-7, 1e21, 123456789012.345);
  // A fixed pseudo-random run (no Math.random: the same values on every run).
  let x = 12345;
  for (let i = 0; i < 3000; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push((x % 10_000_000) / 100, (x % 100_000) / 1000, x % 5_000_000);
  }
  return out;
}

describe('number-text: the same text as Intl ru-RU', () => {
  it('writes fixed decimals as Intl does (0, 1 and 2 digits)', () => {
    for (const d of [0, 1, 2]) {
      const expected = digits(d);
      for (const n of samples()) expect(fixedDigits(n, d), `${n} with ${d}`).toBe(expected(n));
    }
  });
  it('groups whole counts as Intl does', () => {
    const expected = intl({});
    for (const n of [...samples().filter(Number.isInteger), -1234, 2 ** 53 + 2, 1.5, NaN]) {
      expect(groupedInteger(n), String(n)).toBe(expected(n));
    }
  });
  it('formats prices as Intl currency does, with kopecks only when there are any', () => {
    const whole = intl({ style: 'currency', currency: 'RUB', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    const kopecks = intl({ style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Not -0: formatPrice remembers its answers by SameValueZero, so -0 is 0 there (as it always was).
    for (const n of samples().filter((v) => !Object.is(v, -0))) {
      expect(formatPrice(n), String(n)).toBe(Math.round(n * 100) % 100 === 0 ? whole(n) : kopecks(n));
    }
  });
  it('writes a rating with one decimal', () => {
    expect(formatRating(4.7)).toBe('4,7');
    expect(formatRating(5)).toBe('5,0');
    expect(formatRating(4.45)).toBe('4,5');
    expect(formatRating(null)).toBe('—');
  });
});
