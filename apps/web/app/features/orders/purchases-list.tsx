/**
 * «История покупок» (account-history): the buyer's orders (`GET /v1/sales/orders/?page=&filter=`) with
 * status chips from `/v1/sales/order-filters/`, expandable details, «Подтвердить получение» (asked first) and
 * «Есть проблема» for shipped orders, «Оплатить»/«Отменить» while awaiting payment, pagination and an empty state;
 * `?order=42` is that order's own page (order-page.tsx).
 */
import { Accordion, Alert, Button, Chip, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_FILTERS, type Order } from '@vitrina/contract/orders';
import dayjs from 'dayjs';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { PAGE_SIZE } from './api';
import { OrderActions } from './order-actions';
import { OrderPage } from './order-page';
import { OrderReview } from '../reviews';
import { OrderClaimPart } from '../disputes';
import { OrderDetails } from './order-details';
import { ListSkeleton, OrderHead } from './order-head';
import { useOrderFilters, usePurchases } from './queries';
import { ListPagination } from '../../shared/ui/list-pagination';

const formatTime = (iso: string) => dayjs(iso).format('HH:mm');

/**
 * @param onProblem «Есть проблема» on an order (from the confirmation dialog): opens the claim. By default the
 *   order's own page with `?claim=1`, where the claim dialog opens.
 */
export function PurchasesList({ onProblem }: { onProblem?: (order: Order) => void } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = params.get('filter') || 'all';
  const filtersQuery = useOrderFilters();
  const filters = filtersQuery.data?.length ? filtersQuery.data : ORDER_FILTERS;
  const query = usePurchases(page, filter);
  const data = query.data ?? null;
  const problem =
    onProblem ??
    ((o: Order) =>
      setParams((p) => {
        p.set('order', String(o.id));
        p.set('claim', '1');
        return p;
      }));
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

  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const orderId = Number(params.get('order')) || null;
  if (orderId) return <OrderPage id={orderId} role="buyer" back={{ to: '/account/history', label: 'Все покупки' }} />;

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
                  <OrderClaimPart order={o} role="buyer" />
                  {(o.status === 'completed' || o.status === 'refunded') && <OrderReview orderId={o.id} role="buyer" />}
                  <OrderActions order={o} role="buyer" onProblem={problem} />
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
    </Stack>
  );
}
