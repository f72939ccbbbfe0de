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
import { moscowDayTime } from '../../shared/lib/dates';
import { displayPhone } from '../auth';
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

export function TrackingNumber({ value, url, service }: { value: string; url?: string | null; service?: string }) {
  return (
    <Group gap={6} wrap="wrap">
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
      {url && (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" fz="sm" data-testid="tracking-link">
          Отследить{service ? ` на сайте ${deliveryServiceLabel(service)}` : ''}
        </Anchor>
      )}
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

/**
 * Who collects the parcel (for the waybill): the recipient given at checkout; for an order placed before checkout
 * asked, the buyer's profile name when there is one, else nothing.
 */
function Recipient({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const r = order.recipient;
  const profileName = [order.buyer.first_name, order.buyer.last_name].filter(Boolean).join(' ');
  if (!r) {
    if (role === 'buyer' || !profileName) return null;
    return <Line label="Покупатель">{profileName}</Line>;
  }
  return (
    <Line label="Получатель">
      <Text fz="sm" fw={600} data-testid="recipient-name">
        {r.name}
      </Text>
      <Anchor href={`tel:${r.phone}`} fz="sm" c="ink.9" data-testid="recipient-phone">
        {displayPhone(r.phone)}
      </Anchor>
    </Line>
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
          {moscowDayTime(refund.at)}
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
        {role === 'buyer' && (
          <Line label="Продавец">
            <Anchor component={Link} to={`/seller/${order.seller.id}`} c="ink.9" fz="sm">
              {[order.seller.first_name, order.seller.last_name].filter(Boolean).join(' ') || 'Страница продавца'}
            </Anchor>
          </Line>
        )}
        <Recipient order={order} role={role} />
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
            <TrackingNumber value={order.tracking_number} url={order.tracking_url} service={dp.delivery_service_type} />
          </Line>
        )}
        <OrderHistory order={order} role={role} />
      </Stack>
    </SimpleGrid>
  );
}
