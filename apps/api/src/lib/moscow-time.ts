/**
 * Moscow time (the shop's calendar, architecture §3): deadlines that end «at the end of the day» end at 23:59:59
 * Moscow time whatever the server's time zone, and dates shown in texts are Moscow dates.
 */
export const MOSCOW_TZ = 'Europe/Moscow';

/** Days a seller has to ship a paid order (buyer protection enforces the deadline). */
export const SHIP_WITHIN_DAYS = 5;

const ymd = new Intl.DateTimeFormat('en-CA', {
  timeZone: MOSCOW_TZ,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const full = new Intl.DateTimeFormat('en-US', {
  timeZone: MOSCOW_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * The Moscow calendar day of an instant, `YYYY-MM-DD` (one cached `Intl.DateTimeFormat`: ≈ 1 µs, where dayjs's
 * timezone plugin takes tens of µs a call — the statistics read «today» on every request).
 */
export const moscowDay = (at: Date): string => ymd.format(at);

const parts = (f: Intl.DateTimeFormat, d: Date) =>
  Object.fromEntries(f.formatToParts(d).map((p) => [p.type, Number(p.value)])) as Record<string, number>;

/** Moscow's offset from UTC at an instant, ms (3 h since 2014). */
export function moscowOffsetMs(d: Date): number {
  const p = parts(full, d);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(d.getTime() / 1000) * 1000;
}

/**
 * The instant of a Moscow wall-clock time written as if it were UTC — `Date.UTC` of its fields, which may overflow
 * (hour 24 is the next midnight, day 0 the last day of the month before) — shifted by Moscow's offset at that time.
 * @example fromMoscowWall(Date.UTC(2026, 10, 22, 0)) → 2026-11-21T21:00:00Z (midnight of 22 November in Moscow)
 */
export const fromMoscowWall = (wallAsUtc: number): Date =>
  new Date(wallAsUtc - moscowOffsetMs(new Date(wallAsUtc - 3 * 3_600_000)));

/** Wall-clock fields: `month` 1–12, `hour` 0–23. */
export type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

/** The Moscow wall-clock fields of an instant. */
export const moscowParts = (at: Date): WallClock => parts(full, at) as WallClock;

/**
 * The last millisecond of the Moscow calendar day `days` days after the day of `at`.
 * @example endOfMoscowDay(2026-11-22T21:30Z (00:30 on the 23rd in Moscow), 5) → 2026-11-28T20:59:59.999Z
 */
export function endOfMoscowDay(at: Date, days = 0): Date {
  const p = parts(ymd, at);
  // Midnight that starts the day after, as if Moscow were UTC, then shifted by Moscow's offset at that time.
  return new Date(fromMoscowWall(Date.UTC(p.year!, p.month! - 1, p.day! + days + 1)).getTime() - 1);
}

/** When a seller must ship an order paid at `paidAt`: the end of the 5th day after payment, Moscow time. */
export const shipByDeadline = (paidAt: Date): Date => endOfMoscowDay(paidAt, SHIP_WITHIN_DAYS);

const dayMonth = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW_TZ, day: 'numeric', month: 'long' });
/** «27 ноября» — a Moscow date in texts. */
export const formatMoscowDate = (d: Date): string => dayMonth.format(d);
