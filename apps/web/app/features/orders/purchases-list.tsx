/**
 * «История покупок» (account-history): the buyer's orders (`GET /v1/sales/orders/?page=&filter=`) with
 * status chips from `/v1/sales/order-filters/`, expandable details, «Подтвердить получение» for shipped
 * orders, «Оплатить»/«Отменить» while awaiting payment, pagination and an empty state.
 */
import { Accordion, Alert, Button, Chip, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingBag } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_FILTERS, type Order } from '@vitrina/contract/orders';
import dayjs from 'dayjs';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { PAGE_SIZE } from './api';
import { CancelOrderDialog } from './cancel-order';
import { OrderReview } from '../reviews';
import { OrderDetails } from './order-details';
import { ListSkeleton, OrderHead } from './order-head';
import { useOrderAction, useOrderFilters, usePurchases } from './queries';
import { ListPagination } from '../../shared/ui/list-pagination';

const formatTime = (iso: string) => dayjs(iso).format('HH:mm');

export function PurchasesList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = params.get('filter') || 'all';
  const filtersQuery = useOrderFilters();
  const filters = filtersQuery.data?.length ? filtersQuery.data : ORDER_FILTERS;
  const query = usePurchases(page, filter);
  const data = query.data ?? null;
  const action = useOrderAction();
  const busy = action.isPending ? (action.variables?.id ?? null) : null;
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const notFound = errorInfo(query.error)?.status === 404 && page > 1;
  // A page past the end (the list shrank): back to the first.
  useEffect(() => {
    if (notFound) setParams((p) => (p.delete('page'), p), { replace: true });
  }, [notFound, setParams]);
  const error = query.error && !query.isFetching && !notFound ? errorMessage(query.error) : null;

  const go = (next: { page?: number; filter?: string }) =>
    setParams((p) => {
      if (next.filter !== undefined) {
        if (next.filter === 'all') p.delete('filter');
        else p.set('filter', next.filter);
        p.delete('page');
      }
      if (next.page !== undefined) {
        if (next.page <= 1) p.delete('page');
        else p.set('page', String(next.page));
      }
      return p;
    });

  const confirm = (o: Order) =>
    action.mutate(
      { id: o.id, kind: 'confirm' },
      {
        onSuccess: () => notifications.show({ message: 'Спасибо! Получение подтверждено.', color: 'green' }),
        onError: (err) => notifications.show({ title: 'Не получилось', message: errorMessage(err), color: 'red' }),
      },
    );

  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <ScrollArea type="never" offsetScrollbars={false}>
        <Chip.Group value={filter} onChange={(v) => go({ filter: v })}>
          <Group gap={6} wrap="nowrap" role="group" aria-label="Статус заказа">
            {filters.map((f) => (
              <Chip key={f.value} value={f.value} size="sm">
                {f.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ScrollArea>

      {error ? (
        <Alert color="red" title="Не удалось загрузить покупки">
          <Text fz="sm">{error}</Text>
          <Button mt="sm" size="xs" variant="outline" onClick={() => void query.refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : !data ? (
        <ListSkeleton />
      ) : data.results.length === 0 ? (
        <Stack align="center" gap="sm" py={48} ta="center">
          <IconShoppingBag size={40} stroke={1.5} aria-hidden />
          <Text fw={700} fz="lg">
            {filter === 'all' ? 'Вы ещё ничего не купили' : 'Таких заказов нет'}
          </Text>
          <Text c="dimmed" fz="sm" maw={380}>
            {filter === 'all'
              ? 'Здесь появятся ваши заказы: статус, трек-номер и пункт выдачи.'
              : 'Попробуйте другой статус.'}
          </Text>
          {filter === 'all' ? (
            <Button component={Link} to="/catalog/women" mt="xs">
              Перейти в каталог
            </Button>
          ) : (
            <Button variant="default" onClick={() => go({ filter: 'all' })} mt="xs">
              Показать все
            </Button>
          )}
        </Stack>
      ) : (
        <>
          <Accordion variant="separated" radius="md" chevronPosition="right" multiple>
            {data.results.map((o) => (
              <Accordion.Item key={o.id} value={String(o.id)} data-testid="purchase">
                <Accordion.Control>
                  <OrderHead order={o} />
                </Accordion.Control>
                <Accordion.Panel>
                  {o.status === 'awaiting_payment' && o.reserved_until && (
                    <Alert color="orange" variant="light" mb="md" p="sm">
                      <Text fz="sm">
                        Товар забронирован за вами до {formatTime(o.reserved_until)}. Оплатите заказ, пока бронь не
                        снята.
                      </Text>
                    </Alert>
                  )}
                  <OrderDetails order={o} role="buyer" />
                  {(o.status === 'completed' || o.status === 'refunded') && <OrderReview orderId={o.id} role="buyer" />}
                  {(o.status === 'shipped' || o.status === 'delivered' || o.status === 'awaiting_payment') && (
                    <Group mt="lg" gap="sm">
                      {(o.status === 'shipped' || o.status === 'delivered') && (
                        <Button onClick={() => confirm(o)} loading={busy === o.id}>
                          Подтвердить получение
                        </Button>
                      )}
                      {o.status === 'awaiting_payment' &&
                        o.payment?.confirmation_url &&
                        o.payment.status === 'pending' && (
                          <Button component="a" href={o.payment.confirmation_url}>
                            Оплатить
                          </Button>
                        )}
                      {o.status === 'awaiting_payment' && (
                        <Button variant="default" onClick={() => setCancelling(o)} loading={busy === o.id}>
                          Отменить
                        </Button>
                      )}
                    </Group>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {pages > 1 && (
            <Group justify="center">
              <ListPagination total={pages} value={page} onChange={(p) => go({ page: p })} />
            </Group>
          )}
        </>
      )}
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
