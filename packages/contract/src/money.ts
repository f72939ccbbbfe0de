/**
 * Every money rule of Vitrina, in ONE place (architecture §3): the API charges with these
 * functions and the web shows their results, so the sell form's «Вы получите …» is exactly the payout the seller
 * gets when the listing sells. Amounts are integer kopecks inside; rubles (numbers, possibly with kopecks, e.g.
 * `11431.2`) only at the edges — API answers and what the web formats.
 */

/** Kopecks in one ruble. */
export const KOPECKS_PER_RUBLE = 100;

/** Rubles (a number from a client, a form or the configuration) → integer kopecks: 12990 → 1299000, 10.5 → 1050. */
export const rublesToKopecks = (rubles: number): number => Math.round(rubles * KOPECKS_PER_RUBLE);

/** Kopecks → rubles for answers and display: 1299000 → 12990, 1143120 → 11431.2. */
export const kopecksToRubles = (kopecks: number): number => Math.round(kopecks) / KOPECKS_PER_RUBLE;

/**
 * The marketplace fee as configured (`FEE_PERCENT`, `FEE_MIN_RUB`) and answered by `GET /v1/fee/`: a percent of
 * the order total and a minimum in rubles.
 */
export interface FeeRule {
  /** Percent of the total, 0…100 (may be fractional, e.g. 7.5). */
  percent: number;
  /** The least fee, rubles. */
  min: number;
}

/**
 * The fee in kopecks for a total in kopecks: `max(round(total × percent / 100), min)`, never above the total.
 * Always a whole number of kopecks.
 */
export function feeKopecks(totalKopecks: number, rule: FeeRule): number {
  const byPercent = Math.round((totalKopecks * rule.percent) / 100);
  return Math.min(totalKopecks, Math.max(byPercent, rublesToKopecks(rule.min)));
}

/** A total split between the marketplace and the seller, kopecks: `fee + payout === total`. */
export interface MoneySplit {
  total: number;
  fee: number;
  payout: number;
}

/** Splits an order total (kopecks) into the fee and the seller's payout (what an order records). */
export function splitTotal(totalKopecks: number, rule: FeeRule): MoneySplit {
  const fee = feeKopecks(totalKopecks, rule);
  return { total: totalKopecks, fee, payout: totalKopecks - fee };
}

/**
 * What the seller receives for a price in rubles and the fee taken — the same split an order of one piece at that
 * price records, in rubles (kopecks where the percent leaves them: 12 990 ₽ at 12 % → 11 431,20 ₽ and 1 558,80 ₽).
 * A missing or non-positive price gives zeros.
 */
export function sellerReceives(priceRub: number, rule: FeeRule): { receive: number; commission: number } {
  if (!Number.isFinite(priceRub) || priceRub <= 0) return { receive: 0, commission: 0 };
  const split = splitTotal(rublesToKopecks(priceRub), rule);
  return { receive: kopecksToRubles(split.payout), commission: kopecksToRubles(split.fee) };
}

/** Adds amounts in rubles through kopecks, so 0.1 + 0.2 is 0.3 and a page of payouts has no float dust. */
export const sumRubles = (amounts: readonly number[]): number =>
  kopecksToRubles(amounts.reduce((sum, a) => sum + rublesToKopecks(a), 0));
