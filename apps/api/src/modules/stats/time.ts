/**
 * Moscow calendar of the statistics (spec §7): the buckets an event falls in and the spans of each
 * `period` (`Europe/Moscow`, through lib/moscow-time.ts; dayjs's utc plugin for calendar arithmetic). Days are
 * `YYYY-MM-DD`, months `YYYY-MM-01` (as stored), hours the `Date` the Moscow hour starts.
 */
import dayjs from 'dayjs';
import { LRUCache } from 'lru-cache';
import utc from 'dayjs/plugin/utc.js';
import { STATISTICS_CUSTOM_MAX_DAYS, type StatisticsPeriod } from '@vitrina/contract/sales';
import { fromMoscowWall, moscowDay, moscowParts } from '../../lib/moscow-time.js';
import { badRequest } from '../../lib/errors.js';

dayjs.extend(utc);

/**
 * The instant a Moscow day (`YYYY-MM-DD`) reaches `hour` o'clock (0–24; 24 is the next midnight). Computed with
 * one cached `Intl.DateTimeFormat` (lib/moscow-time.ts): dayjs's timezone plugin took ~0.2 ms per statistics
 * answer of the `day` period and per view counted.
 */
const moscowWall = (day: string, hour = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return fromMoscowWall(Date.UTC(y, m - 1, d, hour));
};

/** The first day of the month of a day. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * The pentad of a day (`YYYY-MM-DD`): the first day of its five — 1, 6, 11, 16, 21 or 26; the last pentad of a month
 * runs to the month's end (3 to 6 days).
 */
export const pentadOf = (day: string) => `${day.slice(0, 8)}${PENTAD_STARTS[Number(day.slice(8, 10))]}`;
/** The first day of the pentad of each day of a month (index = day of the month). */
const PENTAD_STARTS = Array.from({ length: 32 }, (_, d) =>
  String(Math.min(Math.floor((Math.max(d, 1) - 1) / 5), 5) * 5 + 1).padStart(2, '0'),
);

/** The hour, day, pentad and month buckets of an instant (Moscow time). */
export function bucketsOf(at: Date): { hour: Date; day: string; pentad: string; month: string } {
  const day = moscowDay(at);
  return {
    hour: moscowWall(day, moscowParts(at).hour),
    day,
    pentad: pentadOf(day),
    month: monthOf(day),
  };
}

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a UTC instant (ms): the calendar day of the UTC arithmetic below. */
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Adds days to a `YYYY-MM-DD` day (calendar arithmetic on UTC dates, no time zone involved; hot loops use it). */
export const addDays = (day: string, n: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
/** Days from `a` to `b` (`b − a`). */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);

/** An inclusive range of Moscow days. */
export interface DayRange {
  from: string;
  to: string;
}
/** A half-open range of instants (whole Moscow hours). */
export interface HourRange {
  from: Date;
  to: Date;
}

/** What a `period` covers: its points' buckets, the span of its totals and the like span before it. */
export type ResolvedPeriod = {
  period: StatisticsPeriod;
  dateFrom: string;
  dateTo: string;
  /** The Moscow day of «now». */
  today: string;
} & (
  | { grain: 'hour'; hours: HourRange; previousHours: HourRange }
  | { grain: 'day' | 'month'; days: DayRange; previousDays: DayRange }
);

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** Whether `YYYY-MM-DD` names a real day (Date.parse rolls 30 February over to March, so it is compared back). */
const isCalendarDay = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && isoDay(t) === v;
};
const ymdField = (name: string, v: string | undefined) => {
  if (!v) throw badRequest({ [name]: ['Обязательное поле для периода custom (формат ГГГГ-ММ-ДД).'] });
  if (!DAY_RE.test(v) || !isCalendarDay(v))
    throw badRequest({ [name]: ['Неверная дата: нужен формат ГГГГ-ММ-ДД, например 2026-11-01.'] });
  return v;
};

/**
 * Resolves a `period` query against the current time.
 * @throws ApiError 400 naming the field: `period` unknown, `date_from`/`date_to` missing or malformed for
 *   `custom`, `date_from` after `date_to`, or a range longer than {@link STATISTICS_CUSTOM_MAX_DAYS} days
 */
export function resolvePeriod(q: { period?: string; date_from?: string; date_to?: string }, now: Date): ResolvedPeriod {
  const today = moscowDay(now);
  switch (q.period) {
    case 'day': {
      const yesterday = addDays(today, -1);
      return {
        today,
        period: 'day',
        dateFrom: today,
        dateTo: today,
        grain: 'hour',
        hours: { from: moscowWall(today), to: moscowWall(addDays(today, 1)) },
        // Yesterday through the end of the hour it is now (the like span).
        previousHours: { from: moscowWall(yesterday), to: moscowWall(yesterday, moscowParts(now).hour + 1) },
      };
    }
    case 'week': {
      const monday = addDays(today, -((dayjs.utc(today).day() + 6) % 7));
      return {
        today,
        period: 'week',
        dateFrom: monday,
        dateTo: addDays(monday, 6),
        grain: 'day',
        days: { from: monday, to: addDays(monday, 6) },
        previousDays: { from: addDays(monday, -7), to: addDays(today, -7) },
      };
    }
    case 'month': {
      const first = monthOf(today);
      const [y, m] = first.split('-').map(Number) as [number, number];
      const last = isoDay(Date.UTC(y, m, 0));
      const prevFirst = isoDay(Date.UTC(y, m - 2, 1));
      const prevLast = isoDay(Date.UTC(y, m - 1, 0));
      const sameDay = addDays(prevFirst, daysBetween(first, today));
      return {
        today,
        period: 'month',
        dateFrom: first,
        dateTo: last,
        grain: 'day',
        days: { from: first, to: last },
        previousDays: { from: prevFirst, to: sameDay < prevLast ? sameDay : prevLast },
      };
    }
    case 'year': {
      const first = `${today.slice(0, 4)}-01-01`;
      const prevFirst = `${Number(today.slice(0, 4)) - 1}-01-01`;
      // 29 February of a leap year compares with 28 February of the year before.
      const sameDay = dayjs.utc(today).subtract(1, 'year').format('YYYY-MM-DD');
      return {
        today,
        period: 'year',
        dateFrom: first,
        dateTo: `${today.slice(0, 4)}-12-31`,
        grain: 'month',
        days: { from: first, to: `${today.slice(0, 4)}-12-31` },
        previousDays: { from: prevFirst, to: sameDay },
      };
    }
    case 'custom': {
      const from = ymdField('date_from', q.date_from);
      const to = ymdField('date_to', q.date_to);
      if (from > to) throw badRequest({ date_from: ['Дата начала позже даты окончания.'] });
      const n = daysBetween(from, to) + 1;
      if (n > STATISTICS_CUSTOM_MAX_DAYS)
        throw badRequest({ date_to: [`Период не может быть длиннее ${STATISTICS_CUSTOM_MAX_DAYS} дней.`] });
      return {
        today,
        period: 'custom',
        dateFrom: from,
        dateTo: to,
        grain: 'day',
        days: { from, to },
        previousDays: { from: addDays(from, -n), to: addDays(from, -1) },
      };
    }
    default:
      throw badRequest({
        period: [
          q.period
            ? `Неизвестный период «${q.period}»: допустимы day, week, month, year, custom.`
            : 'Обязательное поле: day, week, month, year или custom.',
        ],
      });
  }
}

/** Every day of a range, oldest first. */
export function eachDay(r: DayRange): string[] {
  const out: string[] = [];
  const end = Date.parse(`${r.to}T00:00:00Z`) / DAY_MS;
  for (let n = Date.parse(`${r.from}T00:00:00Z`) / DAY_MS; n <= end; n++) out.push(dayLabel(n));
  return out;
}

/** `YYYY-MM-DD` of days since 1970-01-01, remembered: a year of points formats 366 dates on every request. */
const DAY_LABELS = new LRUCache<number, string>({ max: 4000 });
function dayLabel(n: number): string {
  let label = DAY_LABELS.get(n);
  if (label === undefined) {
    label = isoDay(n * DAY_MS);
    DAY_LABELS.set(n, label);
  }
  return label;
}

/** Every month (`YYYY-MM-01`) of a range of days, oldest first. */
export function eachMonth(r: DayRange): string[] {
  const out: string[] = [];
  const [y, m] = r.from.split('-').map(Number) as [number, number];
  for (let i = 0; ; i++) {
    const month = isoDay(Date.UTC(y, m - 1 + i, 1));
    if (month > r.to) return out;
    out.push(month);
  }
}
