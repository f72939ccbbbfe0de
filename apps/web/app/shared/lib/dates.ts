/**
 * Dates in Russian (brand.md: `22 ноября 2026`) with dayjs and its 'ru' locale.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/ru';

dayjs.locale('ru');

/** `formatDate('2026-11-22T10:00:00Z')` → `'22 ноября 2026'`. Invalid input → `''`. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.locale('ru').format('D MMMM YYYY') : '';
}

/** `formatDateTime(…)` → `'22 ноября 2026, 14:05'`. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.locale('ru').format('D MMMM YYYY, HH:mm') : '';
}

/** `formatMonthYear('2024-03-01')` → `'март 2024'` (nominative month). */
export function formatMonthYear(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.locale('ru').format('MMMM YYYY') : '';
}

/** `formatSince('2025-03-10')` → `'марта 2025'` (genitive, for «на Витрине с марта 2025»). */
export function formatSince(value: string | number | Date | null | undefined): string {
  return formatDate(value).replace(/^\d+\s+/, '');
}
