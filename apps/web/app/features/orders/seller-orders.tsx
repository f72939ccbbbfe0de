/**
 * «Продажи» tab of account-sales: the seller's orders (`GET /v1/sales/orders/seller/?page=`) with the
 * buyer's delivery point, the payout (total − fee) and where it is («Выплачено 25 ноября», «Выплата в
 * обработке», «Добавьте карту для выплат», «Ожидает получения покупателем»), «Отменить заказ» with a reason, and «Отправить»
 * (tracking number → ship); `?order=42` is that order's own page (order-page.tsx), where the notices lead.
 */
import { Accordion, Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconPackage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { sumRubles } from '@vitrina/contract/money';
import type { Order } from '@vitrina/contract/orders';
import { formatPrice } from '../../shared/lib/price';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { PAGE_SIZE } from './api';
import { OrderReview } from '../reviews';
import { OrderClaimPart } from '../disputes';
import { OrderDetails } from './order-details';
import { ListSkeleton, OrderHead } from './order-head';
import { useSellerOrders } from './queries';
import { OrderActions } from './order-actions';
import { OrderPage } from './order-page';
import { deadlineView } from './deadlines';
import { payoutView } from './payout';
import { ListPagination } from '../../shared/ui/list-pagination';

export function SellerOrders() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order')) || null;
  const [page, setPage] = useState(1);
  const query = useSellerOrders(page);
  const data = query.data ?? null;
  const notFound = errorInfo(query.error)?.status === 404 && page > 1;
  // A page past the end (the list shrank): back to the first.
  useEffect(() => {
    if (notFound) setPage(1);
  }, [notFound]);
  const error = query.error && !query.isFetching && !notFound ? errorMessage(query.error) : null;

  const toShip = data?.results.filter((o) => o.status === 'paid').length ?? 0;
  const payoutPage = sumRubles(
    data?.results.filter((o) => o.status !== 'cancelled' && o.status !== 'awaiting_payment').map((o) => o.payout) ?? [],
  );
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

  if (orderId)
    return <OrderPage id={orderId} role="seller" back={{ to: '/account/sales?status=orders', label: 'Все продажи' }} />;
  if (error)
    return (
      <Alert color="red" title="Не удалось загрузить продажи">
        <Text fz="sm">{error}</Text>
        <Button mt="sm" size="xs" variant="outline" onClick={() => void query.refetch()}>
          Повторить
        </Button>
      </Alert>
    );
  if (!data) return <ListSkeleton />;
  if (data.results.length === 0)
    return (
      <Stack align="center" gap="sm" py={48} ta="center">
        <IconPackage size={40} stroke={1.5} aria-hidden />
        <Text fw={700} fz="lg">
          Продаж пока нет
        </Text>
        <Text c="dimmed" fz="sm" maw={380}>
          Когда покупатель оплатит вашу вещь, заказ появится здесь — останется отправить его в пункт выдачи.
        </Text>
        <Button component={Link} to="/account/sell-create" mt="xs">
          Продать вещь
        </Button>
      </Stack>
    );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Paper p="sm" radius="md" bg="var(--vt-mist)">
          <Text fz="xs" c="dimmed">
            Всего заказов
          </Text>
          <Text fw={700} fz="lg">
            {data.count}
          </Text>
        </Paper>
        <Paper p="sm" radius="md" bg={toShip ? '#FFF4E6' : 'var(--vt-mist)'}>
          <Text fz="xs" c="dimmed">
            Ждут отправки
          </Text>
          <Text fw={700} fz="lg">
            {toShip}
          </Text>
        </Paper>
        <Paper p="sm" radius="md" bg="var(--vt-mist)" visibleFrom="sm">
          <Text fz="xs" c="dimmed">
            К выплате на этой странице
          </Text>
          <Text fw={700} fz="lg" className="vt-price">
            {formatPrice(payoutPage)}
          </Text>
        </Paper>
      </SimpleGrid>
      <Accordion
        variant="separated"
        radius="md"
        multiple
        defaultValue={data.results.filter((o) => o.status === 'paid').map((o) => String(o.id))}
      >
        {data.results.map((o) => (
          <Accordion.Item key={o.id} value={String(o.id)} data-testid="sale">
            <Accordion.Control>
              <OrderHead order={o} who={o.status === 'cancelled' ? undefined : `вам ${formatPrice(o.payout)}`} />
              <PayoutLine order={o} />
            </Accordion.Control>
            <Accordion.Panel>
              {payoutView(o)?.status === 'waiting_card' && (
                <Alert color="orange" variant="light" mb="md" icon={<IconCreditCard size={18} aria-hidden />}>
                  <Text fz="sm">
                    Деньги за заказ готовы к выплате. Добавьте карту в{' '}
                    <Text component={Link} to="/account#payout-card" fz="sm" c="orange.9" td="underline">
                      профиле
                    </Text>{' '}
                    — выплата уйдёт на неё автоматически.
                  </Text>
                </Alert>
              )}
              <OrderDetails order={o} role="seller" />
              <OrderClaimPart order={o} role="seller" />
              {(o.status === 'completed' || o.status === 'refunded') && <OrderReview orderId={o.id} role="seller" />}
              <OrderActions order={o} role="seller" />
              {o.status === 'paid' && (
                <Text fz="xs" mt="xs" c={deadlineView(o, 'seller')?.overdue ? 'red.8' : 'dimmed'}>
                  {deadlineView(o, 'seller')?.text}
                </Text>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {pages > 1 && (
        <Group justify="center">
          <ListPagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}

/** The payout's state under the order's header line. */
function PayoutLine({ order }: { order: Order }) {
  const v = payoutView(order);
  if (!v) return null;
  return (
    <Text fz="xs" fw={v.status === 'sent' ? 600 : 500} c={v.color} mt={6} data-testid="payout-status">
      {v.label}
      {v.status === 'sent' ? ` · ${formatPrice(v.amount)}` : ''}
    </Text>
  );
}
