/** An order's status timeline: its history in Moscow time and the step it waits for with the deadline. */
import { Text, Timeline } from '@mantine/core';
import type { Order } from '@vitrina/contract/orders';
import { moscowDayTime } from '../../shared/lib/dates';
import { deadlineView } from './deadlines';

/** The next step while the order waits for it, as the timeline names it. */
const NEXT_STEP: Record<string, string> = {
  awaiting_payment: 'Оплата',
  paid: 'Отправка',
  shipped: 'Доставка',
  delivered: 'Подтверждение получения',
};

/**
 * The order's history (the API's `history`, oldest first, times in Moscow) and the step it waits for with its
 * deadline («Отправьте до 29 ноября», «Подтвердите получение или сообщите о проблеме до 3 декабря, 14:20»).
 */
export function OrderHistory({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const deadline = deadlineView(order, role);
  const next = NEXT_STEP[order.status];
  const done = order.history;
  const ended = order.status === 'cancelled' || order.status === 'refunded';
  return (
    <Timeline
      active={done.length - 1}
      bulletSize={14}
      lineWidth={2}
      styles={{ item: { marginTop: 12 } }}
      color={ended ? 'gray' : 'ink'}
      aria-label="История заказа"
      data-testid="order-history"
    >
      {done.map((s, i) => (
        <Timeline.Item
          key={`${s.event}-${i}`}
          title={
            <Text fz="sm" fw={600}>
              {s.title}
            </Text>
          }
        >
          <Text fz="xs" c="dimmed">
            <time dateTime={s.at}>{moscowDayTime(s.at)}</time>
          </Text>
          {s.note && <Text fz="xs">{s.note}</Text>}
        </Timeline.Item>
      ))}
      {next && (
        <Timeline.Item
          title={
            <Text fz="sm" c="dimmed">
              {next}
            </Text>
          }
        >
          {deadline && (
            <Text fz="xs" fw={600} c={deadline.overdue ? 'red.8' : 'orange.8'} data-testid="order-deadline">
              {deadline.text}
            </Text>
          )}
        </Timeline.Item>
      )}
    </Timeline>
  );
}
