/**
 * An order's details, shared by «История покупок» and the seller's «Продажи»: items, delivery point,
 * money (`order-money.tsx`), status timeline (`order-history.tsx`) and tracking number.
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
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { OrderChatButton } from '../messenger';
import { deliveryServiceLabel, orderStatusLabel, type Order } from '@vitrina/contract/orders';
import { displayPhone } from '../auth';
import { formatPrice } from '../../shared/lib/price';
import { STATUS_COLORS } from './api';
import { OrderHistory } from './order-history';
import { OrderMoney } from './order-money';

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

export function OrderDetails({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const dp = order.delivery_point;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Stack gap="md">
        <OrderItems order={order} />
        <OrderMoney order={order} role={role} />
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
