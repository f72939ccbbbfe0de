/**
 * The sales center's figures in Russian: counts («1 234»), conversion («1,8 %») and the change of a total
 * against the previous period («+12 %», «−5 %», «без изменений»), with its direction for the colour and the
 * words a screen reader says instead of the colour.
 */
import { formatPrice } from '../../shared/lib/price';

const NBSP = '\u00a0';
const grouped = new Intl.NumberFormat('ru-RU');
const oneDecimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** `formatCount(12345)` → «12 345» (no-break space). */
export const formatCount = (n: number): string => grouped.format(n).replace(/[\u202f\u00a0]/g, NBSP);

/** A fraction 0…1 as a percent: `formatConversion(0.0183)` → «1,8 %». */
export const formatConversion = (fraction: number): string =>
  `${oneDecimal.format(Math.round(fraction * 1000) / 10)}${NBSP}%`;

/** Rubles as the shop writes them: «12 990 ₽». */
export const formatRubles = (rubles: number): string => formatPrice(rubles);

/** The change of a total: `up`, `down` or `flat` (the same, or nothing in either period). */
export interface Change {
  direction: 'up' | 'down' | 'flat';
  /** «+12 %», «−5 %», «+3» (from nothing: the difference, formatted like the figure), «без изменений». */
  text: string;
  /** The same for a screen reader: «рост на 12 %», «снижение на 5 %», «без изменений». */
  spoken: string;
}

/**
 * The change of `current` against `previous` (whole percent; when `previous` is 0 the difference itself,
 * written by `format`).
 */
export function change(current: number, previous: number, format: (n: number) => string = formatCount): Change {
  const diff = current - previous;
  if (diff === 0) return { direction: 'flat', text: 'без изменений', spoken: 'без изменений' };
  const direction = diff > 0 ? 'up' : 'down';
  const sign = diff > 0 ? '+' : '\u2212';
  const amount =
    previous === 0 ? format(Math.abs(diff)) : `${grouped.format(Math.round(Math.abs(diff / previous) * 100))}${NBSP}%`;
  const percentRoundsToZero = previous !== 0 && Math.round(Math.abs(diff / previous) * 100) === 0;
  const text = percentRoundsToZero ? `${sign}<1${NBSP}%` : `${sign}${amount}`;
  const by = percentRoundsToZero ? `меньше чем на 1${NBSP}%` : `на ${amount}`;
  return { direction, text, spoken: `${diff > 0 ? 'рост' : 'снижение'} ${by}` };
}
