/**
 * The period switch (День / Неделя / Месяц / Год / Свой период — a radio group, arrow keys move it), the
 * range picker of «Свой период» and the CSV export of the period.
 */
import { Button, Group, SegmentedControl, Skeleton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showNotification } from '../../shared/lib/notify';
import { LazyPart } from '../../shared/lib/lazy';
import { downloadExport, exportPath } from './api';
import { RangePicker } from './lazy';
import { moscowToday, PERIOD_OPTIONS, periodQuery, type PeriodChoice } from './period';

/** The custom range a switch to «Свой период» starts with: the last 30 days up to today. */
function lastDays(days: number, today: string): { from: string; to: string } {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
}

/**
 * @param range the days of the statistics on screen (`YYYY-MM-DD`), for the file name; null while loading
 */
export function PeriodBar({
  choice,
  range,
  onChange,
}: {
  choice: PeriodChoice;
  range: { from: string; to: string } | null;
  onChange: (c: PeriodChoice) => void;
}) {
  const today = moscowToday();
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="sm" style={{ flex: '1 1 auto' }}>
        <SegmentedControl
          role="radiogroup"
          aria-label="Период"
          value={choice.period}
          onChange={(v) => {
            if (v === 'custom') onChange({ period: 'custom', ...lastDays(30, today) });
            else onChange({ period: v as Exclude<PeriodChoice['period'], 'custom'> });
          }}
          onPointerEnter={() => void RangePicker.preload()}
          data={PERIOD_OPTIONS}
          fullWidth
          w={{ base: '100%', sm: 'auto' }}
          styles={{ label: { paddingInline: 8 } }}
        />
        {choice.period === 'custom' && (
          <LazyPart fallback={<Skeleton h={36} w={{ base: '100%', sm: 300 }} radius="md" />}>
            <RangePicker
              from={choice.from}
              to={choice.to}
              max={today}
              onChange={(from, to) => onChange({ period: 'custom', from, to })}
            />
          </LazyPart>
        )}
      </Group>
      <ExportButton choice={choice} range={range} />
    </Group>
  );
}

/** «Скачать CSV»: the period's statistics as a file Excel opens in Russian (made on the server). */
function ExportButton({ choice, range }: { choice: PeriodChoice; range: { from: string; to: string } | null }) {
  const [busy, setBusy] = useState(false);
  const query = periodQuery(choice);
  const days = range ?? (choice.period === 'custom' ? choice : { from: moscowToday(), to: moscowToday() });
  const filename = `статистика-продаж-${days.from}_${days.to}.csv`;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} stroke={1.5} aria-hidden />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void downloadExport(query, filename).then((result) => {
          setBusy(false);
          if (!result.ok) showNotification({ color: 'red', title: 'Файл не скачался', message: result.error.message });
        });
      }}
      data-export-path={exportPath(query)}
    >
      Скачать CSV
    </Button>
  );
}
