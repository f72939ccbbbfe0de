/**
 * «Продажи» tab of account-sales: the seller's orders (`GET /v1/sales/orders/seller/?page=`) with the
 * buyer's delivery point, the payout (total − fee) and «Отправить» (tracking number → ship).
 */
import { Accordion, Alert, Button, Group, Pagination, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPackage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Page } from '@vitrina/contract/common';
import { sumRubles } from '@vitrina/contract/money';
import type { Order } from '@vitrina/contract/orders';
import { formatPrice } from '../../shared/lib/price';
import { fetchSellerOrders, PAGE_SIZE } from './api';
import { OrderDetails } from './order-details';
import { ListSkeleton, OrderHead } from './purchases-list';
import { ShipDialog } from './ship-dialog';

export function SellerOrders() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<Order> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [shipping, setShipping] = useState<Order | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    setData(null);
    setError(null);
    fetchSellerOrders(page, ctl.signal).then((r) => {
      if (ctl.signal.aborted) return;
      if (r.ok) setData(r.data);
      else if (r.error.status === 404 && page > 1) setPage(1);
      else setError(r.error.message);
    });
    return () => ctl.abort();
  }, [page, reload]);

  const toShip = data?.results.filter((o) => o.status === 'paid').length ?? 0;
  const payoutPage = sumRubles(
    data?.results.filter((o) => o.status !== 'cancelled' && o.status !== 'awaiting_payment').map((o) => o.payout) ?? [],
  );
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;

  if (error)
    return (
      <Alert color="red" title="Не удалось загрузить продажи">
        <Text fz="sm">{error}</Text>
        <Button mt="sm" size="xs" variant="outline" onClick={() => setReload((n) => n + 1)}>
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
            <Accordion.Control aria-label={`Заказ ${o.number}, ${o.status_label}`}>
              <OrderHead order={o} who={o.status === 'cancelled' ? undefined : `вам ${formatPrice(o.payout)}`} />
            </Accordion.Control>
            <Accordion.Panel>
              <OrderDetails order={o} role="seller" />
              {o.status === 'paid' && (
                <Group mt="lg">
                  <Button onClick={() => setShipping(o)}>Отправить</Button>
                  <Text fz="xs" c="dimmed">
                    Отправьте заказ в течение 3 дней после оплаты.
                  </Text>
                </Group>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
      <ShipDialog
        order={shipping}
        onClose={() => setShipping(null)}
        onShipped={(o) => {
          setData((d) => d && { ...d, results: d.results.map((x) => (x.id === o.id ? o : x)) });
          notifications.show({ message: `Заказ ${o.number} отправлен. Покупатель увидит трек-номер.`, color: 'green' });
        }}
      />
    </Stack>
  );
}
