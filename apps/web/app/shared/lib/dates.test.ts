import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, formatSince } from './dates';

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
  it('returns an empty string for missing or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
