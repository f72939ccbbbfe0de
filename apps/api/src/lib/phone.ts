/**
 * Phone numbers: every number is normalised with libphonenumber-js (full metadata, default
 * region RU) and stored in E.164. `+7 999 123-45-67`, `8 (999) 123-45-67` and `9991234567` are one number.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from './errors.js';

export const INVALID_PHONE = 'Введите корректный номер телефона.';
export const NOT_MOBILE_PHONE = 'Введите номер мобильного телефона: на него придёт SMS с кодом.';

/**
 * Normalises a phone number.
 * @returns E.164 (`+79991234567`), or null when the input is not a valid number
 */
export function parsePhone(input: string): { e164: string; mobile: boolean; country?: string } | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const p = parsePhoneNumberFromString(input.trim(), 'RU');
  if (!p || !p.isValid()) return null;
  const type = p.getType();
  return {
    e164: p.number,
    mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' || type === undefined,
    country: p.country,
  };
}

/**
 * Normalises a phone number that must be able to receive an SMS.
 * @param field name of the field for the 400 answer
 * @throws ApiError 400 `{[field]: ['Введите корректный номер телефона.']}`
 */
export function normalizePhone(input: string, field = 'phone'): string {
  const p = parsePhone(input);
  if (!p) throw badRequest({ [field]: [INVALID_PHONE] });
  if (!p.mobile) throw badRequest({ [field]: [NOT_MOBILE_PHONE] });
  return p.e164;
}

const regionNames = new Intl.DisplayNames('ru', { type: 'region' });

/**
 * Checks that an E.164 number belongs to one of `countries` (SMS allow-list against SMS pumping).
 * @param countries ISO 3166 codes, e.g. `['RU']`
 * @throws ApiError 400 `{[field]: ['Коды входа приходят только на номера стран: Россия.']}`
 */
export function requirePhoneCountry(e164: string, countries: readonly string[], field = 'phone'): void {
  const country = parsePhone(e164)?.country;
  if (country && countries.includes(country)) return;
  const names = countries.map((c) => regionNames.of(c) ?? c).join(', ');
  throw badRequest({
    [field]: [`Коды входа приходят только на номера ${countries.length === 1 ? 'страны' : 'стран'}: ${names}.`],
  });
}
