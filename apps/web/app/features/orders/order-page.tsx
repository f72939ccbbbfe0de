/**
 * One order's page inside «История покупок» (`/account/history?order=42`) and «Продажи» (`/account/sales?order=42`),
 * where the notices lead: the deadline the side must meet, the order's details and history step by step, and the
 * claim (the buyer's «Сообщить о проблеме», the seller's answer, a partial offer, the decision), the reviews and the
 * actions (confirm or report a problem, ship or cancel with a reason). Loading, not-found and error states.
 */
import { Alert, Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Order } from '@vitrina/contract/orders';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { formatDate } from '../../shared/lib/dates';
import { deadlineView } from './deadlines';
import { OrderActions } from './order-actions';
import { OrderDetails, StatusBadge } from './order-details';
import { useOrder } from './queries';
import { OrderReview } from '../reviews';
import { OrderClaimPart, openClaimDialog } from '../disputes';

/** The deadline this side must meet now, large: «Отправьте до 29 ноября», overdue in red. */
function DeadlineBanner({ order, role }: { order: Order; role: 'buyer' | 'seller' }) {
  const d = deadlineView(order, role);
  if (!d) return null;
  return (
    <Alert
      color={d.overdue ? 'red' : 'orange'}
      variant="light"
      icon={d.overdue ? <IconAlertTriangle size={18} aria-hidden /> : <IconClock size={18} aria-hidden />}
      data-testid="deadline-banner"
    >
      <Text fz="sm" fw={600}>
        {d.text}
      </Text>
    </Alert>
  );
}

/**
 * `?claim=1` in the address (the list's «Есть проблема») opens the buyer's claim dialog once the order is here,
 * and leaves the address.
 *
 * @param id the order's id from the address
 * @param back where «← Все …» leads (the list without `?order=`)
 */
export function OrderPage({
  id,
  role,
  back,
}: {
  id: number;
  role: 'buyer' | 'seller';
  back: { to: string; label: string };
}) {
  const query = useOrder(id);
  const order = query.data ?? null;
  const [params, setParams] = useSearchParams();
  const askClaim = params.get('claim') === '1' && order?.role === 'buyer';
  useEffect(() => {
    if (!askClaim) return;
    openClaimDialog(id);
    setParams((p) => (p.delete('claim'), p), { replace: true });
  }, [askClaim, id, setParams]);
  const status = errorInfo(query.error)?.status;
  const backLink = (
    <Anchor component={Link} to={back.to} fz="sm" c="dimmed">
      ← {back.label}
    </Anchor>
  );

  if (query.error && !query.isFetching)
    return (
      <Stack gap="sm" align="flex-start">
        {backLink}
        <Alert
          color={status === 404 ? 'gray' : 'red'}
          title={status === 404 ? 'Заказ не найден' : 'Не удалось загрузить заказ'}
        >
          <Text fz="sm">
            {status === 404
              ? 'Такого заказа нет среди ваших. Проверьте ссылку или откройте список.'
              : errorMessage(query.error)}
          </Text>
          {status !== 404 && (
            <Button mt="sm" size="xs" variant="outline" onClick={() => void query.refetch()}>
              Повторить
            </Button>
          )}
        </Alert>
      </Stack>
    );
  if (!order)
    return (
      <Stack gap="md" aria-busy="true" aria-label="Загрузка заказа">
        {backLink}
        <Skeleton h={32} w={260} />
        <Skeleton h={56} />
        <Skeleton h={280} />
      </Stack>
    );
  // The other side's order under this side's address (a buyer opening a sales link): read it as it is.
  const side = order.role;
  return (
    <Stack gap="md" data-testid="order-page">
      {backLink}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Box>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            Заказ {order.number}
          </Title>
          <Text fz="sm" c="dimmed">
            от {formatDate(order.created_at)}
          </Text>
        </Box>
        <StatusBadge status={order.status} label={order.status_label} />
      </Group>
      <DeadlineBanner order={order} role={side} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} style={{ borderColor: 'var(--vt-line)' }}>
        <OrderDetails order={order} role={side} />
        <OrderClaimPart order={order} role={side} />
        {(order.status === 'completed' || order.status === 'refunded') && (
          <OrderReview orderId={order.id} role={side} />
        )}
        <OrderActions order={order} role={side} onProblem={(o) => openClaimDialog(o.id)} />
      </Paper>
      {side !== role && (
        <Text fz="xs" c="dimmed">
          {side === 'seller' ? 'Это ваша продажа.' : 'Это ваша покупка.'}
        </Text>
      )}
    </Stack>
  );
}
