import { describe, expect, it } from 'vitest';
import { displayPhone, formatCountdown, formatPhone, nextPhoneDigits, phoneDigits } from './phone-mask';

describe('phone mask', () => {
  it('formats as far as the digits go', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('9')).toBe('+7 (9');
    expect(formatPhone('999')).toBe('+7 (999');
    expect(formatPhone('9991')).toBe('+7 (999) 1');
    expect(formatPhone('9991234')).toBe('+7 (999) 123-4');
    expect(formatPhone('999123456')).toBe('+7 (999) 123-45-6');
    expect(formatPhone('9991234567')).toBe('+7 (999) 123-45-67');
    expect(formatPhone('99912345678')).toBe('+7 (999) 123-45-67');
  });

  it('understands typed, pasted and autofilled numbers', () => {
    expect(phoneDigits('9')).toBe('9');
    expect(phoneDigits('+7 (999) 123-45-6')).toBe('999123456');
    expect(phoneDigits('+7 (999) 123-45-677')).toBe('9991234567');
    expect(phoneDigits('89991234567')).toBe('9991234567');
    expect(phoneDigits('8 (999) 123-45-67')).toBe('9991234567');
    expect(phoneDigits('+79991234567')).toBe('9991234567');
    expect(phoneDigits('79991234567')).toBe('9991234567');
    expect(phoneDigits('999 123 45 67')).toBe('9991234567');
    // Backspace over a literal keeps the digits.
    expect(phoneDigits('+7 (999) ')).toBe('999');
    expect(phoneDigits('+7 (')).toBe('');
  });

  it('types +7…, 8… and 9… key by key into the same number', () => {
    for (const typed of ['+79991234567', '89991234567', '9991234567', '79991234567']) {
      let digits = '';
      let shown = '';
      for (const ch of typed) {
        digits = nextPhoneDigits(digits, (shown || '+7 (') + ch);
        shown = formatPhone(digits);
      }
      expect(shown, typed).toBe('+7 (999) 123-45-67');
    }
  });

  it('shows stored numbers and countdowns', () => {
    expect(displayPhone('+79991234567')).toBe('+7 (999) 123-45-67');
    expect(displayPhone('+380501234567')).toBe('+380501234567');
    expect(displayPhone(null)).toBe('');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(5.2)).toBe('0:06');
  });
});
