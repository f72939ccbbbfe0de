/**
 * The period's totals, each with its change against the previous period («+12 % к прошлой неделе»: coloured,
 * with an arrow, and said in words to a screen reader) and its chart over the period.
 */
import { Group, Paper, SimpleGrid, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import type { Statistics, StatisticsPeriod, StatisticsTotals } from '@vitrina/contract/sales';
import { LazyPart } from '../../shared/lib/lazy';
import { change, formatConversion, formatCount, formatRubles } from './figures';
import { MetricChart } from './lazy';
import type { MetricChartProps } from './metric-chart';
import { PREVIOUS_LABEL, PREVIOUS_NONE } from './period';
import { TONE } from './tones';

interface Metric {
  key: MetricChartProps['metric'];
  label: string;
  color: string;
  kind: MetricChartProps['kind'];
  format: (n: number) => string;
  /** The figure in «… не было» (genitive plural): «продаж». */
  none: string;
}

const METRICS: Metric[] = [
  { key: 'views', label: 'Просмотры', color: 'ink.9', kind: 'area', format: formatCount, none: 'просмотров' },
  {
    key: 'favorites',
    label: 'Добавили в избранное',
    color: 'coral.5',
    kind: 'bar',
    format: formatCount,
    none: 'добавлений в избранное',
  },
  { key: 'orders', label: 'Заказы', color: 'ink.7', kind: 'bar', format: formatCount, none: 'заказов' },
  { key: 'revenue', label: 'Выручка', color: '#2F9E44', kind: 'bar', format: formatRubles, none: 'продаж' },
];

/**
 * «+12 % к прошлой неделе» in the figure's tone; against an empty previous period no made-up growth but «в прошлом
 * году продаж не было» (`none`: the figure's word).
 */
export function ChangeLine({
  current,
  previous,
  period,
  format,
  none,
}: {
  current: number;
  previous: number;
  period: StatisticsPeriod;
  format: (n: number) => string;
  none: string;
}) {
  if (previous === 0 && current > 0)
    return (
      <Text fz="sm" c="dimmed" data-testid="change" data-direction="new">
        {`${PREVIOUS_NONE[period][0]!.toUpperCase()}${PREVIOUS_NONE[period].slice(1)} ${none} не было`}
      </Text>
    );
  const c = change(current, previous, format);
  const Arrow = c.direction === 'up' ? IconArrowUpRight : c.direction === 'down' ? IconArrowDownRight : null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="change" data-direction={c.direction}>
      {Arrow && <Arrow size={16} stroke={2} color={TONE[c.direction]} aria-hidden />}
      <Text fz="sm" fw={600} c={TONE[c.direction]} aria-hidden>
        {c.text}
      </Text>
      <Text fz="sm" c="dimmed" aria-hidden>
        {PREVIOUS_LABEL[period]}
      </Text>
      <VisuallyHidden>{`${c.spoken} ${PREVIOUS_LABEL[period]}`}</VisuallyHidden>
    </Group>
  );
}

export function MetricCards({ stats }: { stats: Statistics | null }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {METRICS.map((m) =>
        stats ? <MetricCard key={m.key} metric={m} stats={stats} /> : <Skeleton key={m.key} h={322} radius="md" />,
      )}
    </SimpleGrid>
  );
}

function MetricCard({ metric: m, stats }: { metric: Metric; stats: Statistics }) {
  const total = stats.totals[m.key];
  return (
    <Paper withBorder radius="md" p="md" data-testid={`metric-${m.key}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fz="sm" c="dimmed">
            {m.label}
          </Text>
          <Text fz={{ base: 24, sm: 28 }} fw={700} className="vt-price" lh={1.25} data-testid="total">
            {m.format(total)}
          </Text>
        </div>
        {m.key === 'orders' && <Conversion totals={stats.totals} />}
      </Group>
      <ChangeLine
        current={total}
        previous={stats.previous_totals[m.key]}
        period={stats.period}
        format={m.format}
        none={m.none}
      />
      <div style={{ marginTop: 12 }} data-testid="chart">
        <LazyPart fallback={<Skeleton h={200} radius="sm" />}>
          <MetricChart
            points={stats.points}
            metric={m.key}
            name={m.label}
            color={m.color}
            kind={m.kind}
            format={m.format}
          />
        </LazyPart>
      </div>
    </Paper>
  );
}

function Conversion({ totals }: { totals: StatisticsTotals }) {
  return (
    <div style={{ textAlign: 'right' }}>
      <Text fz="sm" c="dimmed">
        Конверсия
      </Text>
      <Text fz="lg" fw={700} className="vt-price" data-testid="conversion">
        {formatConversion(totals.conversion)}
      </Text>
    </div>
  );
}
