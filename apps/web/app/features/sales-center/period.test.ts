import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  daysBetween,
  isIsoDay,
  periodFromSearch,
  periodQuery,
  periodToSearch,
  pointLabels,
  rangeCaption,
  rangeProblem,
  moscowToday,
  isFuturePoint,
} from './period';

describe('sales center period', () => {
  it('reads the period from the page address, falling back to the week', () => {
    expect(periodFromSearch(new URLSearchParams('period=month'))).toEqual({ period: 'month' });
    expect(periodFromSearch(new URLSearchParams('period=custom&from=2026-11-01&to=2026-11-20'))).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(periodFromSearch(new URLSearchParams('period=custom&from=2026-11-31&to=2026-12-01'))).toEqual({
      period: 'week',
    });
    expect(periodFromSearch(new URLSearchParams('period=custom&from=2024-01-01&to=2026-01-01'))).toEqual({
      period: 'week',
    });
    expect(periodFromSearch(new URLSearchParams('period=decade'))).toEqual({ period: 'week' });
  });

  it('writes the address and the API query', () => {
    expect(periodToSearch({ period: 'week' })).toBe('');
    expect(periodToSearch({ period: 'year' })).toBe('?period=year');
    const custom = { period: 'custom' as const, from: '2026-11-01', to: '2026-11-20' };
    expect(periodToSearch(custom)).toBe('?period=custom&from=2026-11-01&to=2026-11-20');
    expect(periodQuery(custom)).toBe('period=custom&date_from=2026-11-01&date_to=2026-11-20');
    expect(periodQuery({ period: 'day' })).toBe('period=day');
  });

  it('checks custom ranges: real days, in order, at most 366 days', () => {
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(daysBetween('2026-11-01', '2026-11-01')).toBe(1);
    expect(daysBetween('2025-11-26', '2026-11-26')).toBe(366);
    expect(rangeProblem('2025-11-26', '2026-11-26')).toBeNull();
    expect(rangeProblem('2025-11-25', '2026-11-26')).toBe('Период — не больше 366 дней.');
    expect(rangeProblem('2026-11-20', '2026-11-01')).toBe('Последний день раньше первого.');
  });

  it('labels chart points in Russian', () => {
    expect(pointLabels('2026-11-25T14:00')).toEqual({ short: '14:00', full: '25 ноября, 14:00' });
    expect(pointLabels('2026-11-05')).toEqual({ short: '5 ноя', full: '5 ноября 2026' });
    expect(pointLabels('2026-05-09').short).toBe('9 мая');
    expect(pointLabels('2026-05')).toEqual({ short: 'май', full: 'май 2026' });
  });

  it('writes the range in words', () => {
    expect(rangeCaption('2026-11-26', '2026-11-26')).toBe('26 ноября 2026');
    expect(rangeCaption('2026-11-23', '2026-11-29')).toBe('23–29 ноября 2026');
    expect(rangeCaption('2026-10-28', '2026-11-03')).toBe('28 октября – 3 ноября 2026');
    expect(rangeCaption('2025-12-29', '2026-01-04')).toBe('29 декабря 2025 – 4 января 2026');
  });

  it('knows today in Moscow', () => {
    expect(moscowToday(new Date('2026-11-25T21:30:00Z'))).toBe('2026-11-26');
    expect(moscowToday(new Date('2026-11-25T20:59:00Z'))).toBe('2026-11-25');
  });

  it('tells points still to come (Moscow time)', () => {
    const now = new Date('2026-11-26T11:30:00Z'); // 14:30 in Moscow
    expect(isFuturePoint('2026-11-26T14:00', now)).toBe(false);
    expect(isFuturePoint('2026-11-26T15:00', now)).toBe(true);
    expect(isFuturePoint('2026-11-26', now)).toBe(false);
    expect(isFuturePoint('2026-11-27', now)).toBe(true);
    expect(isFuturePoint('2026-11', now)).toBe(false);
    expect(isFuturePoint('2026-12', now)).toBe(true);
  });
});

describe('chart axis labels', () => {
  it('keeps every label up to 12 points; of more, the first, today and evenly spaced ones', () => {
    const week = ['22 ноя', '23 ноя', '24 ноя', '25 ноя', '26 ноя', '27 ноя', '28 ноя'];
    expect(axisTicks(week)).toEqual(week);
    const year = ['дек', 'янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя'];
    expect(axisTicks(year)).toEqual(year);
    const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    expect(axisTicks(hours, 14)).toEqual(['00:00', '04:00', '07:00', '11:00', '14:00', '18:00', '22:00']);
    const month = Array.from({ length: 30 }, (_, i) => `${i + 1} ноя`);
    const ticks = axisTicks(month, 27);
    expect(ticks[0]).toBe('1 ноя');
    expect(ticks).toContain('28 ноя');
    expect(ticks.length).toBeLessThanOrEqual(7);
    const quarter = Array.from({ length: 90 }, (_, i) => `d${i}`);
    expect(axisTicks(quarter).at(-1)).toBe('d89');
    expect(axisTicks(quarter).length).toBeLessThanOrEqual(7);
  });
});
