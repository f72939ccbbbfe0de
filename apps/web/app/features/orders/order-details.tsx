/**
 * An order's details, shared by «История покупок» and the seller's «Продажи»: items, delivery point,
 * money, status timeline and tracking number.
 */
import {
  Anchor,
  Badge,
  Box,
  CopyButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { OrderChatButton } from '../messenger';
import { deliveryServiceLabel, orderStatusLabel, type Order } from '@vitrina/contract/orders';
import { formatDateTime } from '../../shared/lib/dates';
import { formatPrice } from '../../shared/lib/price';
import { STATUS_COLORS } from './api';
import { refundView } from './refund';
import { deadlineView } from './deadlines';

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" radius="sm" tt="none" fw={600}>
      {label ?? orderStatusLabel(status)}
    </Badge>
  );
}

export function OrderItems({ order }: { order: Order }) {
  return (
    <Stack gap="sm">
      {order.items.map((it) => (
        <Group key={it.id} wrap="nowrap" gap="sm" align="flex-start">
          <Box
            w={56}
            style={{
              flexShrink: 0,
              aspectRatio: '4 / 5',
              background: 'var(--vt-mist)',
              borderRadius: 6,
              overflow: 'hidden',
            }}
          >
            {it.photo && <Image src={it.photo} alt="" w="100%" h="100%" fit="cover" />}
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Anchor component={Link} to={`/product/${it.slug}`} c="ink.9" fz="sm" lineClamp={2}>
              {it.title}
            </Anchor>
            <Text fz="xs" c="dimmed">
              Размер {it.size || '—'} · {it.count} шт.
            </Text>
          </Box>
          <Text className="vt-price" fz="sm">
            {formatPrice(it.price * it.count)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Steps({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const deadline = deadlineView(order, role);
  const steps: { title: string; at: string | null; note?: string; key?: string }[] =
    order.status === 'cancelled'
      ? [
          { title: 'Оформлен', at: order.created_at },
          ...(order.paid_at ? [{ title: 'Оплачен', at: order.paid_at }] : []),
          { title: 'Отменён', at: order.cancelled_at, note: order.cancel_reason ?? undefined },
          ...(order.refunded_at ? [{ title: 'Деньги возвращены', at: order.refunded_at }] : []),
        ]
      : [
          { title: 'Оформлен', at: order.created_at },
          { title: 'Оплачен', at: order.paid_at },
          { title: 'Отправлен', at: order.shipped_at, key: 'shipped' },
          { title: 'Доставлен', at: order.delivered_at, key: 'delivered' },
          { title: 'Завершён', at: order.completed_at, key: 'completed' },
          // The seller's payout (only their answers carry it).
          ...(order.payout_status ? [{ title: 'Выплата на карту', at: order.paid_out_at ?? null }] : []),
        ];
  const active = steps.reduce((a, s, i) => (s.at ? i : a), 0);
  return (
    <Timeline
      active={active}
      bulletSize={14}
      lineWidth={2}
      styles={{ item: { marginTop: 12 } }}
      color={order.status === 'cancelled' ? 'gray' : 'ink'}
    >
      {steps.map((s) => (
        <Timeline.Item
          key={s.title}
          title={
            <Text fz="sm" fw={s.at ? 600 : 400} c={s.at ? undefined : 'dimmed'}>
              {s.title}
            </Text>
          }
        >
          {s.at && (
            <Text fz="xs" c="dimmed">
              {formatDateTime(s.at)}
            </Text>
          )}
          {s.note && <Text fz="xs">{s.note}</Text>}
          {deadline && s.key === deadline.step && (
            <Text fz="xs" fw={600} c={deadline.overdue ? 'red.8' : 'orange.8'} data-testid="order-deadline">
              {deadline.text}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

export function TrackingNumber({ value }: { value: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="sm" ff="monospace" data-testid="tracking-number">
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Скопировано' : 'Скопировать'} withArrow>
            <UnstyledButton onClick={copy} aria-label="Скопировать трек-номер" style={{ display: 'flex' }}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </UnstyledButton>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** Label + value line. */
function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Box>
  );
}

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
          {formatDateTime(refund.at)}
        </Text>
      )}
      <Text fz="sm">{refund.note}.</Text>
    </Box>
  );
}

export function OrderDetails({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const dp = order.delivery_point;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="md">
        <OrderItems order={order} />
        <Stack gap={4} pt="xs" style={{ borderTop: '1px solid var(--vt-line)' }}>
          <Group justify="space-between">
            <Text fz="sm">Доставка</Text>
            <Text fz="sm">Бесплатно</Text>
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
                <Text className="vt-price" fz="sm" c="#2F7D32">
                  {formatPrice(order.payout)}
                </Text>
              </Group>
            </>
          )}
        </Stack>
      </Stack>
      <Stack gap="md">
        <Line label={role === 'seller' ? 'Отправить в пункт выдачи покупателя' : 'Пункт выдачи'}>
          <Text fz="sm" fw={600}>
            {deliveryServiceLabel(dp.delivery_service_type)} · {dp.name}
          </Text>
          <Text fz="sm">{dp.address}</Text>
          {role === 'seller' && (
            <Text fz="xs" c="dimmed">
              Код пункта: {dp.point_id}
            </Text>
          )}
        </Line>
        {role === 'buyer' ? (
          <Line label="Продавец">
            <Anchor component={Link} to={`/seller/${order.seller.id}`} c="ink.9" fz="sm">
              {[order.seller.first_name, order.seller.last_name].filter(Boolean).join(' ') || 'Страница продавца'}
            </Anchor>
          </Line>
        ) : (
          <Line label="Покупатель">
            {[order.buyer.first_name, order.buyer.last_name].filter(Boolean).join(' ') || 'Имя не указано'}
          </Line>
        )}
        <div>
          <OrderChatButton orderId={order.id} role={role} />
        </div>
        {order.card && role === 'buyer' && (
          <Line label="Оплата">
            {order.card.brand} •••• {order.card.last4}
          </Line>
        )}
        {order.tracking_number && (
          <Line label="Трек-номер">
            <TrackingNumber value={order.tracking_number} />
          </Line>
        )}
        <Steps order={order} role={role} />
      </Stack>
    </SimpleGrid>
  );
}
