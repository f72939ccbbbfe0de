/**
 * The money rules (./money): fixed examples and fast-check properties over prices 1 ₽ … 10 000 000 ₽ and fee
 * settings — the split adds up, the fee is whole kopecks and at least the minimum, and the seller's line the web
 * shows is exactly the payout an order records.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeKopecks, kopecksToRubles, rublesToKopecks, sellerReceives, splitTotal, type FeeRule } from './money';

/** Fee settings as `FEE_PERCENT` (0…100, to hundredths) and `FEE_MIN_RUB` (0…5 000 ₽, to kopecks) allow. */
const feeRule: fc.Arbitrary<FeeRule> = fc.record({
  percent: fc.oneof(
    fc.integer({ min: 0, max: 100 }),
    fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  ),
  min: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 5_000 }),
    fc.integer({ min: 0, max: 500_000 }).map((n) => n / 100),
  ),
});
/** Listing prices: whole rubles 1 … 10 000 000 (the form allows 100 … 10 000 000; below is covered too). */
const priceRub = fc.integer({ min: 1, max: 10_000_000 });
/** Order totals in kopecks: up to 99 pieces of the dearest listing. */
const totalKopecks = fc.integer({ min: 100, max: 99 * 1_000_000_000 });

describe('money conversions', () => {
  it('converts rubles and kopecks both ways', () => {
    expect(rublesToKopecks(12990)).toBe(1_299_000);
    expect(rublesToKopecks(10.5)).toBe(1050);
    expect(rublesToKopecks(0.1 + 0.2)).toBe(30);
    expect(kopecksToRubles(1_143_120)).toBe(11431.2);
  });

  it('round-trips every whole number of kopecks', () => {
    fc.assert(fc.property(totalKopecks, (k) => rublesToKopecks(kopecksToRubles(k)) === k));
  });
});

describe('the fee', () => {
  it('takes the percent in kopecks, at least the minimum, never more than the total', () => {
    expect(splitTotal(1_299_000, { percent: 12, min: 0 })).toEqual({
      total: 1_299_000,
      fee: 155_880,
      payout: 1_143_120,
    });
    expect(feeKopecks(10_000, { percent: 12, min: 50 })).toBe(5_000);
    expect(feeKopecks(3_000, { percent: 12, min: 50 })).toBe(3_000);
  });

  it('shows the seller the kopecks the order records (12 990 ₽ at 12 % → 11 431,20 ₽, not 11 431 ₽)', () => {
    expect(sellerReceives(12990, { percent: 12, min: 0 })).toEqual({ receive: 11431.2, commission: 1558.8 });
    expect(sellerReceives(100, { percent: 12, min: 50 })).toEqual({ receive: 50, commission: 50 });
    expect(sellerReceives(30, { percent: 12, min: 50 })).toEqual({ receive: 0, commission: 30 });
    expect(sellerReceives(Number.NaN, { percent: 12, min: 0 })).toEqual({ receive: 0, commission: 0 });
  });

  it('splits every total: payout + fee = total, fee whole kopecks, at least the minimum, at most the total', () => {
    fc.assert(
      fc.property(totalKopecks, feeRule, (total, rule) => {
        const { fee, payout } = splitTotal(total, rule);
        expect(Number.isInteger(fee)).toBe(true);
        expect(Number.isInteger(payout)).toBe(true);
        expect(payout + fee).toBe(total);
        expect(fee).toBeGreaterThanOrEqual(Math.min(total, rublesToKopecks(rule.min)));
        expect(fee).toBeLessThanOrEqual(total);
        expect(payout).toBeGreaterThanOrEqual(0);
        // Above the minimum the fee is the percent, rounded to the nearest kopeck.
        if (fee > rublesToKopecks(rule.min) && fee < total)
          expect(Math.abs(fee - (total * rule.percent) / 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the seller, for any price 1 ₽ … 10 000 000 ₽, exactly the split of an order of one piece', () => {
    fc.assert(
      fc.property(priceRub, feeRule, (price, rule) => {
        const order = splitTotal(rublesToKopecks(price), rule);
        const shown = sellerReceives(price, rule);
        expect(rublesToKopecks(shown.receive)).toBe(order.payout);
        expect(rublesToKopecks(shown.commission)).toBe(order.fee);
        expect(shown.receive + shown.commission).toBeCloseTo(price, 6);
        expect(rublesToKopecks(shown.receive) + rublesToKopecks(shown.commission)).toBe(rublesToKopecks(price));
      }),
      { numRuns: 2000 },
    );
  });
});
