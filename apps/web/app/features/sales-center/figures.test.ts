import { describe, expect, it } from 'vitest';
import { change, formatConversion, formatCount, formatRubles } from './figures';

describe('sales center figures', () => {
  it('writes counts, conversion and rubles in Russian', () => {
    expect(formatCount(12345)).toBe('12\u00a0345');
    expect(formatConversion(0.0183)).toBe('1,8\u00a0%');
    expect(formatConversion(0)).toBe('0\u00a0%');
    expect(formatRubles(112350)).toBe('112\u00a0350\u00a0₽');
  });

  it('words the change against the previous period', () => {
    expect(change(112, 100)).toEqual({ direction: 'up', text: '+12\u00a0%', spoken: 'рост на 12\u00a0%' });
    expect(change(95, 100)).toEqual({ direction: 'down', text: '\u22125\u00a0%', spoken: 'снижение на 5\u00a0%' });
    expect(change(7, 7)).toEqual({ direction: 'flat', text: 'без изменений', spoken: 'без изменений' });
    expect(change(0, 0).direction).toBe('flat');
    // From nothing a percent means nothing: the difference itself, written like the figure.
    expect(change(5, 0)).toMatchObject({ direction: 'up', text: '+5' });
    expect(change(7490, 0, formatRubles).text).toBe('+7\u00a0490\u00a0₽');
    expect(change(1001, 1000)).toMatchObject({ text: '+<1\u00a0%', spoken: 'рост меньше чем на 1\u00a0%' });
  });
});
