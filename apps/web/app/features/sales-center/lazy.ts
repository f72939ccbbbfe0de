/** The sales center's heavy parts as chunks of their own: the charts and the date-range picker. */
import { lazyWithReload } from '../../shared/lib/lazy';

/** A figure's chart (@mantine/charts + recharts). */
export const MetricChart = lazyWithReload(() => import('./metric-chart'));
/** The «Свой период» picker (@mantine/dates + dayjs `ru`). */
export const RangePicker = lazyWithReload(() => import('./range-picker'));
