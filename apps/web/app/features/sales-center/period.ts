/**
 * The sales center's period (spec §7 `GET /v1/sales/statistics/?period=…`) in Russian: the switch's labels,
 * the period as it is kept in the page address (`?period=month`, `?period=custom&from=…&to=…`), the query
 * string of the statistics and export calls, chart axis labels («25 ноя», «14:00», «ноя») and the range
 * caption («23–29 ноября 2026»). Dates are the API's Moscow-day strings (`YYYY-MM-DD`), read as text — no
 * time zone is involved in showing them.
 */
import { STATISTICS_CUSTOM_MAX_DAYS, type StatisticsPeriod } from '@vitrina/contract/sales';
import { MONTHS_GENITIVE } from '../../shared/lib/dates';

/** The switch's choices, in order. */
export const PERIOD_OPTIONS: { value: StatisticsPeriod; label: string }[] = [
  { value: 'day', label: 'День' },
  { value: 'week', label: 'Неделя' },
  { value: 'month', label: 'Месяц' },
  { value: 'year', label: 'Год' },
  { value: 'custom', label: 'Свой период' },
];

/** What the change of a total is compared with: «+12 % к прошлой неделе». */
export const PREVIOUS_LABEL: Record<StatisticsPeriod, string> = {
  day: 'ко вчера',
  week: 'к прошлой неделе',
  month: 'к прошлому месяцу',
  year: 'к прошлому году',
  custom: 'к предыдущему периоду',
};

/** The previous period when it had none of a figure: «в прошлом году» (продаж не было). */
export const PREVIOUS_NONE: Record<StatisticsPeriod, string> = {
  day: 'вчера',
  week: 'на прошлой неделе',
  month: 'в прошлом месяце',
  year: 'в прошлом году',
  custom: 'в предыдущем периоде',
};

/** A chosen period: `from`/`to` (`YYYY-MM-DD`, both included) only for `custom`. */
export type PeriodChoice =
  { period: Exclude<StatisticsPeriod, 'custom'> } | { period: 'custom'; from: string; to: string };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `s` is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(s: string | null | undefined): s is string {
  if (!s || !ISO_DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Days from `from` to `to`, both included (`YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a custom range cannot be asked for (Russian), or null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isIsoDay(from) || !isIsoDay(to)) return 'Выберите первый и последний день.';
  if (to < from) return 'Последний день раньше первого.';
  if (daysBetween(from, to) > STATISTICS_CUSTOM_MAX_DAYS)
    return `Период — не больше ${STATISTICS_CUSTOM_MAX_DAYS} дней.`;
  return null;
}

/** The period of the page address (`?period=…&from=…&to=…`); anything unknown or invalid → the week. */
export function periodFromSearch(params: URLSearchParams): PeriodChoice {
  const p = params.get('period');
  if (p === 'day' || p === 'week' || p === 'month' || p === 'year') return { period: p };
  if (p === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (rangeProblem(from, to) === null) return { period: 'custom', from, to };
  }
  return { period: 'week' };
}

/** The page address's query for a period (the week, the default, has none). */
export function periodToSearch(choice: PeriodChoice): string {
  if (choice.period === 'week') return '';
  if (choice.period === 'custom') return `?period=custom&from=${choice.from}&to=${choice.to}`;
  return `?period=${choice.period}`;
}

/** The API's query for a period: `period=month` or `period=custom&date_from=…&date_to=…`. */
export function periodQuery(choice: PeriodChoice): string {
  return choice.period === 'custom'
    ? `period=custom&date_from=${choice.from}&date_to=${choice.to}`
    : `period=${choice.period}`;
}

const MONTH_SHORT = ['янв', 'фев', 'мар', 'апр', 'мая', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const MONTH_SHORT_NOMINATIVE = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const MONTH_NOMINATIVE = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
];

const parts = (date: string) => {
  const [y = '', m = '1', d = '1'] = date.slice(0, 10).split('-');
  return { year: y, month: Number(m) - 1, day: Number(d) };
};

/**
 * A chart point's labels: `short` for the axis, `full` for the tooltip.
 * `2026-11-25T14:00` → «14:00» / «25 ноября, 14:00»; `2026-11-25` → «25 ноя» / «25 ноября 2026»;
 * `2026-11` → «ноя» / «ноябрь 2026».
 */
export function pointLabels(date: string): { short: string; full: string } {
  const { year, month, day } = parts(date);
  if (date.length > 10) {
    const hour = date.slice(11, 16);
    return { short: hour, full: `${day} ${MONTHS_GENITIVE[month]}, ${hour}` };
  }
  if (date.length === 7) return { short: MONTH_SHORT_NOMINATIVE[month]!, full: `${MONTH_NOMINATIVE[month]} ${year}` };
  return { short: `${day} ${MONTH_SHORT[month]}`, full: `${day} ${MONTHS_GENITIVE[month]} ${year}` };
}

/** The period's days in words: «26 ноября 2026», «23–29 ноября 2026», «28 октября – 3 ноября 2026». */
export function rangeCaption(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return `${a.day} ${MONTHS_GENITIVE[a.month]} ${a.year}`;
  if (a.year === b.year && a.month === b.month) return `${a.day}–${b.day} ${MONTHS_GENITIVE[b.month]} ${b.year}`;
  if (a.year === b.year) return `${a.day} ${MONTHS_GENITIVE[a.month]} – ${b.day} ${MONTHS_GENITIVE[b.month]} ${b.year}`;
  return `${a.day} ${MONTHS_GENITIVE[a.month]} ${a.year} – ${b.day} ${MONTHS_GENITIVE[b.month]} ${b.year}`;
}

/**
 * Whether a chart point lies after now (Moscow): an hour, a day or a month still to come. Such points have
 * no figures yet, and the charts leave them empty rather than draw them as a fall to zero.
 */
export function isFuturePoint(date: string, now: Date = new Date()): boolean {
  const today = moscowToday(now);
  if (date.length === 7) return date > today.slice(0, 7);
  if (date.length > 10) {
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', hour: '2-digit', hourCycle: 'h23' })
      .format(now)
      .padStart(2, '0');
    return date > `${today}T${hour}:00`;
  }
  return date > today;
}

/** Today in Moscow, `YYYY-MM-DD` (the statistics' days are Moscow days). */
export function moscowToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now);
}

/** About this many labels under a chart of more than 12 points (30 days, 24 hours, a long custom period). */
const SPREAD_TICKS = 6;

/**
 * The x-axis labels to draw: every point's up to 12 (a week's days, a year's months — none dropped); of more, the
 * first, the newest with figures (`anchor`: today, this hour) and evenly spaced ones between, then on past it to
 * the end. Recharts' own thinning (`minTickGap`) dropped labels by their measured widths: today's «28 ноя», a
 * year's «июн» and «ноя».
 * @param anchor index of the newest point that has figures (default: the last)
 */
export function axisTicks(labels: string[], anchor = labels.length - 1): string[] {
  const n = labels.length;
  if (n <= 12) return labels;
  const step = n / SPREAD_TICKS;
  const last = Math.min(Math.max(anchor, 0), n - 1);
  const parts = Math.max(1, Math.round(last / step));
  const picked = new Set<number>();
  for (let j = 0; j <= parts; j++) picked.add(Math.round((j * last) / parts));
  for (let i = last + step; Math.round(i) < n; i += step) picked.add(Math.round(i));
  return [...picked].sort((a, b) => a - b).map((i) => labels[i]!);
}
