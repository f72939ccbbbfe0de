/**
 * Card checks of the test gateway (issue «Buying»): Luhn, brand by BIN, expiry and CVC, as a bank would check
 * them. `4000 0000 0000 0002` is the card the test bank declines; every other valid number pays.
 */
import { badRequest, type FieldErrors } from '../../lib/errors.js';

/** The card number that the test bank declines. */
export const DECLINED_TEST_CARD = '4000000000000002';

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card brand by BIN: Мир 2200–2204, Visa 4, Mastercard 51–55 and 2221–2720; anything else «Карта». */
export function cardBrand(digits: string): string {
  const p4 = Number(digits.slice(0, 4));
  const p2 = Number(digits.slice(0, 2));
  if (p4 >= 2200 && p4 <= 2204) return 'Мир';
  if (digits.startsWith('4')) return 'Visa';
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return 'Mastercard';
  return 'Карта';
}
/** A checked card: what the gateway keeps of it (never the number). */
export interface ValidCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  outcome: 'succeed' | 'decline';
}

/**
 * Checks card fields like a bank would (Luhn, expiry against `now`, 3-digit CVC). The number never leaves
 * this function: the result holds only brand, last 4, expiry and the test outcome.
 * @throws ApiError 400 `{number|exp_month|exp_year|cvc: [Russian message]}`
 */
export function validateCard(body: Record<string, unknown>, now: Date): ValidCard {
  const errors: FieldErrors = {};
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  const digits = str(body.number).replace(/[\s-]/g, '');
  if (!digits) errors.number = ['Введите номер карты.'];
  else if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) errors.number = ['Неверный номер карты.'];
  const monthText = str(body.exp_month);
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (!(month >= 1 && month <= 12)) errors.exp_month = ['Месяц — число от 1 до 12.'];
  const yearText = str(body.exp_year);
  let year = /^\d{2}$|^\d{4}$/.test(yearText) ? Number(yearText) : NaN;
  if (year < 100) year += 2000;
  const thisYear = now.getUTCFullYear();
  if (!(year >= 2000 && year <= thisYear + 20)) errors.exp_year = ['Неверный год окончания срока действия.'];
  else if (!errors.exp_month && (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1))) {
    errors.exp_year = ['Срок действия карты истёк.'];
  }
  if (!/^\d{3}$/.test(str(body.cvc))) errors.cvc = ['CVC — три цифры на обороте карты.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: month,
    expYear: year,
    outcome: digits === DECLINED_TEST_CARD ? 'decline' : 'succeed',
  };
}
