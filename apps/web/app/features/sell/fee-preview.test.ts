/**
 * The sell form's fee line shows exactly what the API charges: for any price 1 ₽ … 10 000 000 ₽ and fee setting,
 * the «Вы получите …» amount, read back from the formatted text, is the payout in kopecks that an order of one
 * piece records (`splitTotal` of the contract, which the API's checkout uses).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rublesToKopecks, splitTotal } from '@vitrina/contract/money';
import { parsePrice } from '../../shared/lib/price';
import { feePreview } from './fee-preview';

const rule = fc.record({
  percent: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  min: fc.integer({ min: 0, max: 500_000 }).map((n) => n / 100),
});

/** The amount of «Вы получите 11 431,20 ₽, комиссия 12 %», in kopecks. */
const shownKopecks = (line: string) => rublesToKopecks(parsePrice(/Вы получите (.+?₽)/.exec(line)![1]!));

describe('feePreview', () => {
  it('shows kopecks when the percent leaves them (12 990 ₽ at 12 %)', () => {
    expect(feePreview(12990, { percent: 12, min: 0 })).toBe('Вы получите 11\u00a0431,20\u00a0₽, комиссия 12\u00a0%');
    expect(feePreview(12990, { percent: 10, min: 0 })).toBe('Вы получите 11\u00a0691\u00a0₽, комиссия 10\u00a0%');
    expect(feePreview(50, { percent: 12.5, min: 0 })).toBe('Комиссия 12,5\u00a0%');
    expect(feePreview(12990, null)).toBeUndefined();
  });

  it('shows, for any valid price and fee, the payout the API records for it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), rule, (price, fee) => {
        expect(shownKopecks(feePreview(price, fee)!)).toBe(splitTotal(rublesToKopecks(price), fee).payout);
      }),
      { numRuns: 1000 },
    );
  });
});
