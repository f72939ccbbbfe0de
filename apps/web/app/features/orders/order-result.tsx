/**
 * `/success` and `/fail` screens. Success shows the order number and what happens next and clears the
 * bought items from the cart; fail explains (nothing was charged, the item is released) and offers to try
 * again — the items are still in the cart; an order still awaiting payment gets «Оплатить» and «Отменить заказ».
 */
import { Anchor, Box, Button, Group, List, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/query';
import { formatPrice } from '../../shared/lib/price';
import { useCart } from '../cart';
import { useOrder } from './queries';
import { OrderItems } from './order-details';
import { UnpaidOrder } from './payment-wait';
import { LazyPart } from '../../shared/lib/lazy';
import { refundView } from './refund';
import { deadlineView } from './deadlines';

const PAID = ['paid', 'shipped', 'delivered', 'completed'];

/** The order of the result screen: `error` is the Russian message when it cannot be shown. */
function useResultOrder(orderId: number | null) {
  const query = useOrder(orderId);
  const error = !orderId ? 'Заказ не найден.' : query.error ? errorMessage(query.error) : null;
  return { order: query.data ?? null, error };
}

function ResultSkeleton() {
  return (
    <Stack align="center" gap="md" py={64} aria-busy="true">
      <Skeleton circle h={64} />
      <Skeleton h={32} w={300} />
      <Skeleton h={120} w="100%" maw={560} />
    </Stack>
  );
}

export function OrderSuccess({ orderId }: { orderId: number | null }) {
  const { order, error } = useResultOrder(orderId);
  const removeItems = useCart((s) => s.removeItems);
  const navigate = useNavigate();

  useEffect(() => {
    if (!order) return;
    if (order.status === 'awaiting_payment') void navigate(`/payment?order=${order.id}`, { replace: true });
    else if (order.status === 'cancelled') void navigate(`/fail?order=${order.id}`, { replace: true });
    else if (PAID.includes(order.status)) removeItems(order.items.map(({ slug, size }) => ({ slug, size })));
  }, [order, removeItems, navigate]);

  if (error)
    return (
      <Stack align="center" gap="sm" py={64} ta="center">
        <Title order={1} fz={28}>
          Не удалось открыть заказ
        </Title>
        <Text c="dimmed">{error} Все ваши заказы — в «Истории покупок».</Text>
        <Button component={Link} to="/account/history">
          История покупок
        </Button>
      </Stack>
    );
  if (!order || !PAID.includes(order.status)) return <ResultSkeleton />;

  return (
    <Stack align="center" gap="lg" py={{ base: 32, sm: 64 }}>
      <ThemeIcon size={64} radius="xl" color="green" aria-hidden>
        <IconCheck size={36} />
      </ThemeIcon>
      <Box ta="center">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Заказ оплачен
        </Title>
        <Text mt={6} fz="lg">
          Номер заказа{' '}
          <Text span fw={700} data-testid="order-number">
            {order.number}
          </Text>
        </Text>
      </Box>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        w="100%"
        maw={600}
        style={{ borderColor: 'var(--vt-line)' }}
      >
        <Text fw={700} mb="sm">
          Что дальше
        </Text>
        <List spacing={6} fz="sm" type="ordered">
          <List.Item data-testid="success-ship-by">
            {order.ship_by
              ? `${deadlineView(order, 'buyer')?.text} включительно. Не отправит — заказ отменится, а деньги вернутся на карту.`
              : 'Продавец получил заказ и отправит его в пункт выдачи.'}
          </List.Item>
          <List.Item>
            Трек-номер появится в{' '}
            <Anchor component={Link} to="/account/history" c="ink.9" underline="always">
              «Истории покупок»
            </Anchor>
            .
          </List.Item>
          <List.Item>Заберите заказ в пункте выдачи: {order.delivery_point.address}.</List.Item>
          <List.Item>Проверьте вещь и подтвердите получение — тогда продавец получит деньги.</List.Item>
        </List>
        <Box mt="lg" pt="md" style={{ borderTop: '1px solid var(--vt-line)' }}>
          <OrderItems order={order} />
          <Group justify="space-between" mt="sm">
            <Text fw={700}>Оплачено</Text>
            <Text className="vt-price">{formatPrice(order.total)}</Text>
          </Group>
        </Box>
      </Paper>
      <Group gap="sm" justify="center">
        <Button component={Link} to="/account/history">
          История покупок
        </Button>
        <Button component={Link} to="/" variant="default">
          Продолжить покупки
        </Button>
      </Group>
    </Stack>
  );
}

export function OrderFail({ orderId }: { orderId: number | null }) {
  const { order } = useResultOrder(orderId);
  // Still awaiting payment (the bank refused one try, the reservation holds): pay again or cancel it here.
  if (order?.status === 'awaiting_payment')
    return (
      <LazyPart fallback={<ResultSkeleton />}>
        <UnpaidOrder order={order} />
      </LazyPart>
    );
  const retry = order ? `/checkout?seller=${order.seller.id}` : '/cart';
  const refund = order ? refundView(order) : null;
  return (
    <Stack align="center" gap="lg" py={{ base: 32, sm: 64 }} ta="center">
      <ThemeIcon size={64} radius="xl" color="red" aria-hidden>
        <IconX size={36} />
      </ThemeIcon>
      <Box maw={520}>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {refund ? 'Заказ отменён' : 'Оплата не прошла'}
        </Title>
        <Text mt="sm">
          {order?.cancel_reason && !/банк/i.test(order.cancel_reason)
            ? `Заказ ${order.number} отменён: ${order.cancel_reason.split('.')[0]!.replace(/^./, (c) => c.toLowerCase())}.`
            : `Банк отклонил платёж${order ? ` по заказу ${order.number}` : ''}.`}{' '}
          {refund
            ? `Оплата пришла, когда заказ уже нельзя было выполнить: ${refund.state === 'done' ? 'мы вернули' : 'возвращаем'} ${formatPrice(refund.amount)}. ${refund.note}.`
            : 'Деньги не списаны, а товар снова свободен — он остался в вашей корзине.'}
        </Text>
        <Text mt="sm" c="dimmed" fz="sm">
          Проверьте номер карты, срок действия и CVC или попробуйте другую карту. Если банк отказывает снова — позвоните
          в его поддержку.
        </Text>
      </Box>
      <Group gap="sm" justify="center">
        <Button component={Link} to={retry}>
          Попробовать снова
        </Button>
        <Button component={Link} to="/cart" variant="default">
          В корзину
        </Button>
      </Group>
    </Stack>
  );
}
