/**
 * Dates in Russian (brand.md: `22 ноября 2026`) with the platform's Intl (no date library in the page's
 * code): the same local-time formatting dayjs with its 'ru' locale gave.
 */

import { plural } from '@vitrina/contract/plural';

type DateInput = string | number | Date | null | undefined;

/**
 * A formatter made on its first use, not when the module loads: a page's first `Intl.DateTimeFormat` loads ICU's
 * calendar data (tens of ms on a phone), which a page that shows no date at start should not pay then (decision
 * 0180).
 */
function later(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= make());
}

const DAY = later(() => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }));
const TIME = later(() => new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const MONTH = later(() => new Intl.DateTimeFormat('ru-RU', { month: 'long' }));
const MOSCOW_DATE = later(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Moscow',
    }),
);
const MOSCOW_DAY = later(
  () => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' }),
);
const MOSCOW_TIME = later(
  () =>
    new Intl.DateTimeFormat('ru-RU', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Moscow',
    }),
);

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `{day, month (genitive), year}` of a date, as Intl writes them for `22 ноября 2026` (local time, or `format`'s zone). */
function dayParts(d: Date, format = DAY()) {
  const parts = format.formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year') };
}

/** `22 ноября 2026` of a date in `date`'s zone, `, 14:05` added with `time`; invalid input → `''`. */
function dateIn(value: DateInput, date: () => Intl.DateTimeFormat, time?: () => Intl.DateTimeFormat): string {
  const d = toDate(value);
  if (!d) return '';
  const { day, month, year } = dayParts(d, date());
  return time ? `${day} ${month} ${year}, ${time().format(d)}` : `${day} ${month} ${year}`;
}

/** `formatDate('2026-11-22T10:00:00Z')` → `'22 ноября 2026'` (the browser's time). Invalid input → `''`. */
export const formatDate = (value: DateInput): string => dateIn(value, DAY);

/** `formatDateTime(…)` → `'22 ноября 2026, 14:05'` (the browser's time). */
export const formatDateTime = (value: DateInput): string => dateIn(value, DAY, TIME);

/**
 * An instant as a Moscow day, and time: `moscowDay('2026-12-03T11:20:00Z')` → `'3 декабря'`,
 * `moscowDayTime(…)` → `'3 декабря, 14:20'` — how an order's deadlines, history and claim read for everyone, wherever
 * the browser is (the deadlines are Moscow days).
 */
export const moscowDay = (iso: string): string => MOSCOW_DAY().format(new Date(iso));
/** @see moscowDay */
export const moscowDayTime = (iso: string): string => `${moscowDay(iso)}, ${MOSCOW_TIME().format(new Date(iso))}`;

/**
 * An instant as a Moscow date, and time, with the year: `moscowDate('2026-11-29T22:30:00Z')` → `'30 ноября 2026'`,
 * `moscowDateTime(…)` → `'30 ноября 2026, 01:30'` — how the staff screens read every time, wherever the browser is.
 * Invalid input → `''`.
 */
export const moscowDate = (value: DateInput): string => dateIn(value, MOSCOW_DATE);
/** @see moscowDate */
export const moscowDateTime = (value: DateInput): string => dateIn(value, MOSCOW_DATE, MOSCOW_TIME);

/** `formatMonthYear('2024-03-01')` → `'март 2024'` (nominative month). */
export function formatMonthYear(value: DateInput): string {
  const d = toDate(value);
  return d ? `${MONTH().format(d)} ${d.getFullYear()}` : '';
}

/** Months in the genitive, as Intl's ru-RU writes them in `22 ноября 2026` (dates.test.ts checks them against it). */
export const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

/**
 * `formatSince('2025-03-10')` → `'марта 2025'` (genitive, for «на Витрине с марта 2025»; the browser's time). The
 * product page's seller card writes it as it hydrates: from the month table, not a formatter (decision 0180).
 */
export function formatSince(value: DateInput): string {
  const d = toDate(value);
  return d ? `${MONTHS_GENITIVE[d.getMonth()]} ${d.getFullYear()}` : '';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WHEN_FORMS = {
  minute: ['минуту', 'минуты', 'минут'],
  hour: ['час', 'часа', 'часов'],
} as const;

/**
 * How long ago, in Russian: «только что», «5 минут назад», «2 часа назад», «вчера, 14:05», «22 ноября, 14:05»
 * (this year) or «22 ноября 2025». Invalid input → `''`.
 * @param now the current time (tests pass their own)
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const ago = now.getTime() - d.getTime();
  if (ago < MINUTE) return 'только что';
  if (ago < HOUR) {
    const m = Math.floor(ago / MINUTE);
    return `${m} ${plural(m, WHEN_FORMS.minute)} назад`;
  }
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (ago < 6 * HOUR || d.getTime() >= startOfToday) {
    if (ago < 6 * HOUR) {
      const h = Math.floor(ago / HOUR);
      return `${h} ${plural(h, WHEN_FORMS.hour)} назад`;
    }
    return `сегодня, ${TIME().format(d)}`;
  }
  if (d.getTime() >= startOfToday - 24 * HOUR) return `вчера, ${TIME().format(d)}`;
  const { day, month, year } = dayParts(d);
  return d.getFullYear() === now.getFullYear() ? `${day} ${month}, ${TIME().format(d)}` : `${day} ${month} ${year}`;
}
