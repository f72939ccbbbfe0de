import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatRelative,
  formatSince,
  moscowDate,
  moscowDateTime,
  moscowDay,
  moscowDayTime,
} from './dates';

describe('dates', () => {
  it('formats a day in Russian with the genitive month', () => {
    expect(formatDate('2026-11-22T12:00:00')).toBe('22 ноября 2026');
    expect(formatDate(new Date(2026, 2, 1, 12))).toBe('1 марта 2026');
  });
  it('formats date and time', () => {
    expect(formatDateTime('2026-11-22T14:05:00')).toBe('22 ноября 2026, 14:05');
  });
  it('formats month and year in the nominative', () => {
    expect(formatMonthYear('2024-03-15T12:00:00')).toBe('март 2024');
  });
  it('formats «since» with the genitive month', () => {
    expect(formatSince('2025-03-10T12:00:00')).toBe('марта 2025');
  });
  it('writes every month of formatSince as Intl does', () => {
    for (let m = 0; m < 12; m++) {
      const d = new Date(2025, m, 15, 12);
      const intl = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(
        d,
      );
      const month = intl.find((p) => p.type === 'month')?.value;
      expect(formatSince(d)).toBe(`${month} 2025`);
    }
  });
  it('returns an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatRelative', () => {
  const now = new Date(2026, 10, 25, 18, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('says how long ago, with Russian plurals', () => {
    expect(formatRelative(ago(20_000), now)).toBe('только что');
    expect(formatRelative(ago(60_000), now)).toBe('1 минуту назад');
    expect(formatRelative(ago(3 * 60_000), now)).toBe('3 минуты назад');
    expect(formatRelative(ago(25 * 60_000), now)).toBe('25 минут назад');
    expect(formatRelative(ago(2 * 3600_000), now)).toBe('2 часа назад');
    expect(formatRelative(ago(5 * 3600_000), now)).toBe('5 часов назад');
  });
  it('names today, yesterday and older days', () => {
    expect(formatRelative(new Date(2026, 10, 25, 9, 5), now)).toBe('сегодня, 09:05');
    expect(formatRelative(new Date(2026, 10, 24, 14, 5), now)).toBe('вчера, 14:05');
    expect(formatRelative(new Date(2026, 10, 2, 14, 5), now)).toBe('2 ноября, 14:05');
    expect(formatRelative(new Date(2025, 2, 2, 14, 5), now)).toBe('2 марта 2025');
    expect(formatRelative('nope', now)).toBe('');
  });
});

describe('Moscow day and time', () => {
  it('reads an instant in Moscow whatever the browser zone, past midnight too', () => {
    expect(moscowDayTime('2026-12-03T11:20:00Z')).toBe('3 декабря, 14:20');
    expect(moscowDay('2026-11-29T22:30:00Z')).toBe('30 ноября');
    expect(moscowDayTime('2026-11-29T21:05:00Z')).toBe('30 ноября, 00:05');
  });
});

describe('Moscow date and time with the year (staff screens)', () => {
  it('reads an instant in Moscow whatever the browser zone, past midnight and New Year too', () => {
    expect(moscowDateTime('2026-11-22T11:05:00Z')).toBe('22 ноября 2026, 14:05');
    expect(moscowDateTime('2026-11-29T22:30:00Z')).toBe('30 ноября 2026, 01:30');
    expect(moscowDate('2026-12-31T21:00:00Z')).toBe('1 января 2027');
    expect(moscowDate('nope')).toBe('');
    expect(moscowDateTime(null)).toBe('');
  });
});
