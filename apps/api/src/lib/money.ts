/**
 * Money: integer kopecks in the database, rubles (numbers) in the API (architecture §3). The rules themselves —
 * conversions, the fee, the payout — live in `@vitrina/contract/money`, shared with the web; this file only names
 * them for the API and reads the configured fee.
 */
import { kopecksToRubles, rublesToKopecks, type FeeRule } from '@vitrina/contract/money';

/** Kopecks → rubles for API answers (e.g. 1299000 → 12990). */
export const toRubles = kopecksToRubles;

/** Rubles from a client → integer kopecks (12990 → 1299000, 10.5 → 1050). */
export const toKopecks = rublesToKopecks;

/** The configured fee (`config.fee`) as the contract's rule — what `GET /v1/fee/` answers and checkout charges. */
export const feeRule = (fee: { percent: number; minRub: number }): FeeRule => ({
  percent: fee.percent,
  min: fee.minRub,
});

const rub = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 2 });
const rubWhole = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });

/**
 * Kopecks → Russian price text for people (notices, order histories): «12 990 ₽», «1 000,50 ₽» — no kopecks for whole
 * rubles (architecture §3), ordinary spaces instead of the no-break ones `Intl` puts in.
 */
export const formatRub = (kopecks: number): string =>
  (kopecks % 100 === 0 ? rubWhole : rub).format(kopecks / 100).replace(/\u00a0/g, ' ');
