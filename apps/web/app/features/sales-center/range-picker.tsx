/**
 * «Свой период»: a Russian, Monday-first date-range picker (@mantine/dates with dayjs `ru`), up to today (Moscow)
 * and at most 366 days. Loaded as a chunk of its own (lazy.ts), with its stylesheet as a file of its own, only
 * when the seller picks their own period. A range is reported once both ends are chosen and it is valid.
 */
import datesCss from '@mantine/dates/styles.css?url';
import 'dayjs/locale/ru';
import { DatePickerInput, DatesProvider, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { rangeProblem } from './period';

const ARIA_LABELS = {
  monthLevelControl: 'Выбрать месяц',
  yearLevelControl: 'Выбрать год',
  nextMonth: 'Следующий месяц',
  previousMonth: 'Предыдущий месяц',
  nextYear: 'Следующий год',
  previousYear: 'Предыдущий год',
  nextDecade: 'Следующее десятилетие',
  previousDecade: 'Предыдущее десятилетие',
};

export interface RangePickerProps {
  from: string;
  to: string;
  /** The last day that can be picked (today in Moscow), `YYYY-MM-DD`. */
  max: string;
  onChange: (from: string, to: string) => void;
}

export default function RangePicker({ from, to, max, onChange }: RangePickerProps) {
  const [value, setValue] = useState<DatesRangeValue<string>>([from, to]);
  useEffect(() => setValue([from, to]), [from, to]);
  const [a, b] = value;
  const problem = a && b ? rangeProblem(a, b) : null;
  // On a phone the calendar opens in a dialog, without the presets (they do not fit beside it).
  const wide = useMediaQuery('(min-width: 48em)', true);
  const back = (days: number): [string, string] => [
    dayjs(max)
      .subtract(days - 1, 'day')
      .format('YYYY-MM-DD'),
    max,
  ];
  return (
    <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
      {/* The calendar's styles, a file of their own: not in the one stylesheet every page waits for. React
          puts it in <head> and shows the picker once it has loaded. */}
      <link rel="stylesheet" href={datesCss} precedence="mantine-dates" />
      <DatePickerInput
        type="range"
        aria-label="Даты периода"
        value={value}
        onChange={(v) => {
          setValue(v);
          if (v[0] && v[1] && rangeProblem(v[0], v[1]) === null) onChange(v[0], v[1]);
        }}
        maxDate={max}
        getDayAriaLabel={(d) => dayjs(d).locale('ru').format('D MMMM YYYY')}
        ariaLabels={ARIA_LABELS}
        valueFormat="D MMM YYYY"
        labelSeparator="–"
        allowSingleDateInRange
        leftSection={<IconCalendar size={18} stroke={1.5} aria-hidden />}
        error={problem}
        w={{ base: '100%', sm: 300 }}
        dropdownType={wide ? 'popover' : 'modal'}
        modalProps={{ title: 'Свой период', centered: true }}
        presets={
          wide
            ? [
                { value: back(7), label: 'Последние 7 дней' },
                { value: back(30), label: 'Последние 30 дней' },
                { value: back(90), label: 'Последние 90 дней' },
                { value: back(365), label: 'Последние 365 дней' },
              ]
            : undefined
        }
        popoverProps={{ withinPortal: true }}
        data-testid="range-picker"
      />
    </DatesProvider>
  );
}
