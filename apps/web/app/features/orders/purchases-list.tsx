/**
 * «История покупок» (account-history): the buyer's orders (`GET /v1/sales/orders/?page=&filter=`) with
 * status chips from `/v1/sales/order-filters/`, expandable details, «Подтвердить получение» for shipped
 * orders, «Оплатить»/«Отменить» while awaiting payment, pagination and an empty state.
 */
import {
  Accordion,
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  Group,
  Pagination,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShoppingBag } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Page } from '@vitrina/contract/common';
import { ORDER_FILTERS, type Order, type OrderFilter } from '@vitrina/contract/orders';
import dayjs from 'dayjs';
import { formatDate } from '../../shared/lib/dates';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { formatPrice } from '../../shared/lib/price';
import { cancelOrder, confirmOrder, fetchOrderFilters, fetchPurchases, itemsCount, PAGE_SIZE } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { OrderDetails, StatusBadge } from './order-details';

const formatTime = (iso: string) => dayjs(iso).format('HH:mm');

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

export function ListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Загрузка заказов">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={72} radius="md" />
      ))}
    </Stack>
  );
}

export function PurchasesList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filter = params.get('filter') || 'all';
  const [filters, setFilters] = useState<OrderFilter[]>([...ORDER_FILTERS]);
  const [data, setData] = useState<Page<Order> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    fetchOrderFilters(ctl.signal).then((r) => r.ok && r.data.length && setFilters(r.data));
    return () => ctl.abort();
  }, []);

  useEffect(() => {
    const ctl = new AbortController();
    setData(null);
    setError(null);
    fetchPurchases(page, filter, ctl.signal).then((r) => {
      if (ctl.signal.aborted) return;
      if (r.ok) setData(r.data);
      else if (r.error.status === 404 && page > 1) setParams((p) => (p.delete('page'), p), { replace: true });
      else setError(r.error.message);
    });
    return () => ctl.abort();
  }, [page, filter, reload, setParams]);

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

  const replace = useCallback(
    (o: Order) => setData((d) => d && { ...d, results: d.results.map((x) => (x.id === o.id ? o : x)) }),
    [],
  );

  const confirm = async (o: Order) => {
    setBusy(o.id);
    const r = await confirmOrder(o.id);
    setBusy(null);
    if (r.ok) {
      replace(r.data);
      notifications.show({ message: 'Спасибо! Получение подтверждено.', color: 'green' });
    } else notifications.show({ title: 'Не получилось', message: r.error.message, color: 'red' });
  };

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(cancelling.id);
    const r = await cancelOrder(cancelling.id);
    setBusy(null);
    setCancelling(null);
    if (r.ok) {
      replace(r.data);
      notifications.show({ message: 'Заказ отменён, товар снова доступен.', color: 'green' });
    } else notifications.show({ title: 'Не получилось отменить', message: r.error.message, color: 'red' });
  };

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
          <Button mt="sm" size="xs" variant="outline" onClick={() => setReload((n) => n + 1)}>
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
                <Accordion.Control aria-label={`Заказ ${o.number}, ${o.status_label}`}>
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
              <Pagination
                total={pages}
                value={page}
                onChange={(p) => go({ page: p })}
                getControlProps={(c) => ({
                  'aria-label': c === 'next' ? 'Следующая страница' : c === 'previous' ? 'Предыдущая страница' : c,
                })}
              />
            </Group>
          )}
        </>
      )}
      <ConfirmDialog
        opened={cancelling !== null}
        title="Отменить заказ?"
        confirmLabel="Отменить заказ"
        danger
        loading={busy !== null}
        onConfirm={cancel}
        onClose={() => setCancelling(null)}
      >
        Заказ {cancelling?.number} будет отменён, товар снова станет доступен другим покупателям. Деньги не списывались.
      </ConfirmDialog>
    </Stack>
  );
}
