/** Pieces the buyer's and the seller's order lists share: an order's header line and the loading state. */
import { Avatar, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Order } from '@vitrina/contract/orders';
import { formatDate } from '../../shared/lib/dates';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { formatPrice } from '../../shared/lib/price';
import { itemsCount } from './api';
import { StatusBadge } from './order-details';

/** The order's header line inside the accordion control. */
export function OrderHead({ order, who }: { order: Order; who?: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" w="100%" pr="xs">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar.Group spacing="sm">
          {order.items.slice(0, 3).map((i) => (
            <Avatar key={i.id} src={i.photo} radius="sm" size={44} alt="">
              {i.title.slice(0, 1)}
            </Avatar>
          ))}
        </Avatar.Group>
        <Box style={{ minWidth: 0 }}>
          <Text fw={700} fz="sm">
            Заказ {order.number}
          </Text>
          <Text fz="xs" c="dimmed">
            {formatDate(order.created_at)} · {countLabel(itemsCount(order), WORDS.product)}
            {who ? ` · ${who}` : ''}
          </Text>
        </Box>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <StatusBadge status={order.status} label={order.status_label} />
        <Text className="vt-price" fz="sm">
          {formatPrice(order.total)}
        </Text>
      </Group>
    </Group>
  );
}

/** The lists' loading state: four order-sized placeholders. */
export function ListSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Загрузка заказов">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={72} radius="md" />
      ))}
    </Stack>
  );
}
