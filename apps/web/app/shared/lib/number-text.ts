/**
 * Numbers written the way `Intl.NumberFormat('ru-RU')` writes them — thousands grouped by no-break spaces, a
 * decimal comma — without creating an `Intl.NumberFormat` at start (decision 0180). A page's first number formatter
 * loads ICU's number data: 25–50 ms of a quiet desktop's main thread, 100–185 ms on a phone four times slower, in
 * the middle of the page's start, for prices and counts that digits and a comma write as well. The answers are
 * Intl's, checked value by value against it (number-text.test.ts); what this does not cover (non-finite, very
 * large or very small numbers) goes to a formatter made on first use.
 */

/** U+00A0: the no-break space the site writes between groups of digits and before «₽». */
export const NBSP = '\u00a0';

/** Formatters for what the digits below do not cover, made on first use (never at a page's start). */
const fallbacks = new Map<string, Intl.NumberFormat>();
function viaIntl(n: number, digits: number | null): string {
  const key = String(digits);
  let f = fallbacks.get(key);
  if (!f) {
    f = new Intl.NumberFormat(
      'ru-RU',
      digits === null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits },
    );
    fallbacks.set(key, f);
  }
  return f.format(n).replace(/[\u202f\u00a0]/g, NBSP);
}

/** `'1234567'` → `'1 234 567'` (no-break spaces). */
function group(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    out = digits.slice(Math.max(0, end - 3), end) + (out ? NBSP + out : '');
  }
  return out;
}

/**
 * The digits of `abs` (≥ 0, finite, written without an exponent) rounded to `digits` decimals half away from zero on
 * its shortest decimal form — as ICU rounds (1.005 → «1,01»: the number's decimal form, not its binary value).
 */
function rounded(abs: number, digits: number): { whole: string; fraction: string } | null {
  const text = String(abs);
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = (fraction + '0'.repeat(digits)).slice(0, digits);
  if ((fraction[digits] ?? '0') < '5') return { whole, fraction: kept };
  // Round up: add one to the last kept digit, carrying into the whole part.
  const all = (whole + kept).split('').map(Number);
  let i = all.length - 1;
  while (i >= 0 && all[i] === 9) all[i--] = 0;
  if (i < 0) all.unshift(1);
  else all[i]! += 1;
  const joined = all.join('');
  return { whole: joined.slice(0, joined.length - digits), fraction: joined.slice(joined.length - digits) };
}

/**
 * `n` with exactly `digits` decimals, written as `Intl.NumberFormat('ru-RU', {minimumFractionDigits: digits,
 * maximumFractionDigits: digits})` writes it (without a currency):
 * `fixedDigits(1299.5, 2)` → `'1 299,50'`, `fixedDigits(12990, 0)` → `'12 990'`.
 */
export function fixedDigits(n: number, digits: number): string {
  const abs = Math.abs(n);
  const r = Number.isFinite(n) && abs < 1e15 ? rounded(abs, digits) : null;
  if (!r) return viaIntl(n, digits);
  // Intl keeps the sign of a negative number that rounds to zero (and of -0).
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${group(r.whole)}${digits ? `,${r.fraction}` : ''}`;
}

/**
 * A whole count grouped as `Intl.NumberFormat('ru-RU').format` groups it: `groupedInteger(1234)` → `'1 234'`;
 * a number that is not a safe integer goes to Intl itself.
 */
export function groupedInteger(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return viaIntl(n, null);
  return (n < 0 ? '-' : '') + group(String(Math.abs(n)));
}
