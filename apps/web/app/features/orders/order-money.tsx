/** An order's money under its items: delivery, total, the buyer's refund, or the seller's fee and payout. */
import { Box, Group, Stack, Text } from '@mantine/core';
import type { Order } from '@vitrina/contract/orders';
import { moscowDayTime } from '../../shared/lib/dates';
import { formatPrice } from '../../shared/lib/price';
import { refundView } from './refund';

/** The buyer's refund: how much went back, when, and how long the bank takes. */
function RefundNote({ order }: { order: Order }) {
  const refund = refundView(order);
  if (!refund) return null;
  return (
    <Box
      p="sm"
      mt="xs"
      data-testid="refund-note"
      style={{ background: 'var(--vt-mist)', borderRadius: 8 }}
      role="status"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm" fw={700}>
          {refund.state === 'done' ? 'Деньги возвращены' : 'Возвращаем деньги'}
        </Text>
        <Text className="vt-price" fz="sm" c="#2F7D32">
          {formatPrice(refund.amount)}
        </Text>
      </Group>
      {refund.at && (
        <Text fz="xs" c="dimmed">
          {moscowDayTime(refund.at)}
        </Text>
      )}
      <Text fz="sm">{refund.note}.</Text>
    </Box>
  );
}

/** The totals column of the order details: what the buyer paid, or what the seller gets after the fee. */
export function OrderMoney({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  return (
    <Stack gap={4} pt="xs" style={{ borderTop: '1px solid var(--vt-line)' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fz="sm">Доставка</Text>
        <Text fz="sm" ta="right">
          {role === 'seller' ? 'Оплачиваете вы при отправке' : 'Бесплатно — оплачивает продавец'}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text fz="sm" fw={700}>
          Итого
        </Text>
        <Text className="vt-price" fz="sm">
          {formatPrice(order.total)}
        </Text>
      </Group>
      {role === 'buyer' && <RefundNote order={order} />}
      {role === 'seller' && order.status === 'cancelled' && (
        <Text fz="sm" c="dimmed">
          Заказ отменён — выплаты не будет.
        </Text>
      )}
      {role === 'seller' && order.status !== 'cancelled' && (
        <>
          {/* A refund by a claim comes off the total before the fee (the fee is on the rest). */}
          {!!order.refunded_amount && (
            <Group justify="space-between" data-testid="refunded-to-buyer">
              <Text fz="sm">Возвращено покупателю</Text>
              <Text className="vt-price" fz="sm" fw={500}>
                −{formatPrice(order.refunded_amount)}
              </Text>
            </Group>
          )}
          <Group justify="space-between">
            <Text fz="sm">Комиссия Витрины</Text>
            <Text className="vt-price" fz="sm" fw={500}>
              −{formatPrice(order.fee)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text fz="sm" fw={700}>
              Вы получите
            </Text>
            <Text className="vt-price" fz="sm" c={order.status === 'disputed' ? 'dimmed' : '#2F7D32'}>
              {formatPrice(order.payout)}
            </Text>
          </Group>
          {/* The payout is frozen while a claim is open: the amount may still fall by a refund. */}
          {order.status === 'disputed' && (
            <Text fz="xs" c="dimmed" data-testid="payout-frozen">
              Выплата заморожена до решения по претензии: сумма уменьшится, если покупателю вернут часть денег.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
