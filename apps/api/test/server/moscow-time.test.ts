/**
 * Moscow time without dayjs's timezone plugin (lib/moscow-time.ts, stats/time.ts): wall-clock times to instants,
 * the ship-by deadline's end of day, and the spans of the statistics' `day` and `month` periods around midnight.
 */
import { describe, expect, it } from 'vitest';
import { endOfMoscowDay, fromMoscowWall, moscowParts } from '../../src/lib/moscow-time.js';
import { bucketsOf, resolvePeriod } from '../../src/modules/stats/time.js';

describe('Moscow wall-clock time', () => {
  it('turns wall-clock fields into instants, overflowing fields included', () => {
    expect(fromMoscowWall(Date.UTC(2026, 10, 22)).toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(fromMoscowWall(Date.UTC(2026, 10, 22, 24)).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(fromMoscowWall(Date.UTC(2026, 2, 0)).toISOString()).toBe('2026-02-27T21:00:00.000Z');
    // Before 2011 Moscow kept summer time (+4 in July 2010).
    expect(fromMoscowWall(Date.UTC(2010, 6, 1, 12)).toISOString()).toBe('2010-07-01T08:00:00.000Z');
    expect(moscowParts(new Date('2026-11-22T21:30:00Z'))).toMatchObject({ year: 2026, month: 11, day: 23, hour: 0 });
    expect(endOfMoscowDay(new Date('2026-11-22T21:30:00Z'), 5).toISOString()).toBe('2026-11-28T20:59:59.999Z');
  });

  it('puts an instant in its Moscow hour and day', () => {
    const b = bucketsOf(new Date('2026-11-22T21:30:00Z'));
    expect(b.hour.toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(b).toMatchObject({ day: '2026-11-23', pentad: '2026-11-21', month: '2026-11-01' });
  });

  it('spans the day period by Moscow hours and the like span of yesterday', () => {
    const p = resolvePeriod({ period: 'day' }, new Date('2026-11-22T12:30:00Z')); // 15:30 in Moscow
    expect(p).toMatchObject({ today: '2026-11-22', dateFrom: '2026-11-22', dateTo: '2026-11-22', grain: 'hour' });
    if (p.grain !== 'hour') throw new Error('hourly');
    expect([p.hours.from.toISOString(), p.hours.to.toISOString()]).toEqual([
      '2026-11-21T21:00:00.000Z',
      '2026-11-22T21:00:00.000Z',
    ]);
    // Yesterday from midnight through the end of the hour it is now (16:00 Moscow).
    expect([p.previousHours.from.toISOString(), p.previousHours.to.toISOString()]).toEqual([
      '2026-11-20T21:00:00.000Z',
      '2026-11-21T13:00:00.000Z',
    ]);
    // Half past midnight in Moscow is already the next day; at 23:xx the like span runs to yesterday's end.
    expect(resolvePeriod({ period: 'day' }, new Date('2026-11-22T21:30:00Z')).dateFrom).toBe('2026-11-23');
    const late = resolvePeriod({ period: 'day' }, new Date('2026-11-22T20:59:00Z'));
    if (late.grain !== 'hour') throw new Error('hourly');
    expect(late.previousHours.to.toISOString()).toBe('2026-11-21T21:00:00.000Z');
  });

  it('spans the month period and the same days of the month before, short months clipped', () => {
    const nov = resolvePeriod({ period: 'month' }, new Date('2026-11-22T12:00:00Z'));
    expect(nov).toMatchObject({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      previousDays: { from: '2026-10-01', to: '2026-10-22' },
    });
    const mar = resolvePeriod({ period: 'month' }, new Date('2026-03-31T12:00:00Z'));
    expect(mar).toMatchObject({ dateTo: '2026-03-31', previousDays: { from: '2026-02-01', to: '2026-02-28' } });
    const jan = resolvePeriod({ period: 'month' }, new Date('2026-01-15T12:00:00Z'));
    expect(jan).toMatchObject({ dateTo: '2026-01-31', previousDays: { from: '2025-12-01', to: '2025-12-15' } });
  });
});
