/**
 * The chart of one figure over the period's points (@mantine/charts on recharts): bars or an area, Russian
 * axis labels («25 ноя», «14:00», «ноя»), a compact value axis («12 тыс.»), and the point's full date with
 * the exact value in the tooltip. Loaded as a chunk of its own (lazy.ts) with its stylesheet, so no other
 * page carries the charts' code.
 */
import chartsCss from '@mantine/charts/styles.css?url';
import { AreaChart, BarChart, ChartTooltip } from '@mantine/charts';
import type { StatisticsPoint } from '@vitrina/contract/sales';
import type { TooltipContentProps } from 'recharts';
import { axisTicks, isFuturePoint, pointLabels } from './period';

export interface MetricChartProps {
  points: StatisticsPoint[];
  metric: 'views' | 'favorites' | 'orders' | 'revenue';
  /** The series' name in the tooltip («Просмотры»). */
  name: string;
  color: string;
  kind: 'area' | 'bar';
  /** Writes a value in full («12 990 ₽»). */
  format: (n: number) => string;
}

const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

export default function MetricChart({ points, metric, name, color, kind, format }: MetricChartProps) {
  const now = new Date();
  // Hours, days and months still to come stay empty (null), not a fall to zero.
  const data = points.map((p) => ({ ...pointLabels(p.date), value: isFuturePoint(p.date, now) ? null : p[metric] }));
  const series = [{ name: 'value', label: name, color }];
  // Nothing in the period: a low strip with the days under it, not 200 px of empty grid (four of them filled a phone).
  const empty = data.every((d) => !d.value);
  const common = {
    h: empty ? 64 : 200,
    data,
    dataKey: 'short',
    series,
    valueFormatter: format,
    gridAxis: empty ? ('none' as const) : ('y' as const),
    withYAxis: !empty,
    tickLine: 'none' as const,
    strokeDasharray: '3 3',
    textColor: 'gray.7',
    xAxisProps: {
      ticks: axisTicks(
        data.map((d) => d.short),
        data.findLastIndex((d) => d.value !== null),
      ),
      interval: 0 as const,
      tick: { fontSize: 11 },
    },
    yAxisProps: {
      width: 56,
      allowDecimals: false,
      // Money as everywhere else, with its sign: «34 тыс. ₽».
      tickFormatter: (v: number) => (metric === 'revenue' ? `${compact.format(v)}\u00a0₽` : compact.format(v)),
    },
    tooltipAnimationDuration: 150,
    tooltipProps: {
      content: ({ payload }: TooltipContentProps<number, string>) =>
        payload[0]?.value == null ? null : (
          <ChartTooltip
            label={(payload[0]?.payload as { full?: string } | undefined)?.full}
            payload={payload as unknown as Record<string, unknown>[]}
            series={series}
            valueFormatter={format}
          />
        ),
    },
  };
  return (
    <>
      {/* The charts' styles, a file of their own (not in the stylesheet every page waits for). */}
      <link rel="stylesheet" href={chartsCss} precedence="mantine-charts" />
      {kind === 'bar' ? (
        <BarChart {...common} barProps={{ radius: [3, 3, 0, 0] }} maxBarWidth={28} />
      ) : (
        <AreaChart {...common} curveType="linear" withDots={false} fillOpacity={0.18} strokeWidth={2} />
      )}
    </>
  );
}
