import { afterAll, describe, expect, it, vi } from 'vitest';
import { timeOnVitrina } from './seller-profile';

// The profile's lazy parts start loading when its module loads (shared/lib/lazy.tsx): wait for them.
afterAll(() => vi.dynamicImportSettled());

describe('timeOnVitrina', () => {
  it('counts whole years by UTC dates, the same on the server and in any browser', () => {
    const joined = '2024-03-10T22:30:00Z'; // 11 March in Moscow, 10 March by UTC
    expect(timeOnVitrina(joined, '2024-12-31')).toBe('на Витрине с 2024 года');
    expect(timeOnVitrina(joined, '2025-03-09')).toBe('на Витрине с 2024 года');
    expect(timeOnVitrina(joined, '2025-03-10')).toBe('1 год на Витрине');
    expect(timeOnVitrina(joined, '2027-03-10')).toBe('3 года на Витрине');
    expect(timeOnVitrina(joined, '2029-11-30')).toBe('5 лет на Витрине');
  });

  it('says nothing for an unreadable date', () => {
    expect(timeOnVitrina('не дата', '2026-11-30')).toBe('');
    expect(timeOnVitrina('2024-03-10T22:30:00Z', '2026-11-30T10:00:00Z')).toBe('');
  });
});
