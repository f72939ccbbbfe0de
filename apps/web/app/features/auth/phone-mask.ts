/**
 * The `+7 (___) ___-__-__` phone mask of the sign-in dialog: a tiny formatter over the 10 national digits.
 * Pasted or autofilled numbers in any common form (`+7 999…`, `8 999…`, `7999…`, `999…`) are understood.
 */

/** The mask as shown to people. */
export const PHONE_MASK = '+7 (___) ___-__-__';

/**
 * The national digits (at most 10) of what is in the field.
 * @param raw the field's text after an edit
 */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (raw.trimStart().startsWith('+7')) digits = digits.slice(1);
  else if (digits.length === 11 && (digits[0] === '8' || digits[0] === '7')) digits = digits.slice(1);
  else if (digits.length > 10 && (digits[0] === '8' || digits[0] === '7')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/**
 * Formats national digits as far as they go: `999` → `+7 (999`, `9991234567` → `+7 (999) 123-45-67`,
 * `''` → `''` (so the placeholder shows).
 */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 10);
  if (!d) return '';
  let out = `+7 (${d.slice(0, 3)}`;
  if (d.length > 3) out += `) ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/** An E.164 number (`+79991234567`) shown as `+7 (999) 123-45-67`; other numbers as they are. */
export function displayPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const m = /^\+7(\d{10})$/.exec(e164);
  return m ? formatPhone(m[1]!) : e164;
}

/** `0:59` for a countdown in seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The digits after an edit of the masked field. A leading `7` or `8` typed into an empty field is the
 * country/trunk prefix people are used to typing, not the first digit of the number (mobile numbers start
 * with 9), so it is swallowed.
 * @param prev digits before the edit
 * @param raw the field's text after the edit
 */
export function nextPhoneDigits(prev: string, raw: string): string {
  const d = phoneDigits(raw);
  if (prev === '' && (d === '7' || d === '8')) return '';
  return d;
}
