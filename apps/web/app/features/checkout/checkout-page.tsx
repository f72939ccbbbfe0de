/**
 * The checkout screen (issue «Buying»): one seller's items from the cart, a delivery point (saved or
 * added in the directory dialog), a card (saved or new), totals and «Оплатить» → `POST /v1/sales/order/`
 * → the bank page (`payment.confirmation_url`). Render it only for a signed-in user.
 */
import { Alert, Anchor, Box, Button, Grid, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconShoppingBag } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Card, DeliveryPoint } from '@vitrina/contract/orders';
import { useCart, type CartKey } from '../cart/store';
import { CardPicker } from '../cards/card-picker';
import { fetchCards } from '../cards/api';
import { DeliveryPointPicker } from '../delivery/delivery-point-picker';
import { fetchDeliveryPoints } from '../delivery/api';
import { createOrder, unavailableOf } from './api';
import { CheckoutItems } from './checkout-items';
import { OrderSummary } from './order-summary';

function Section({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--vt-line)' }}
      component="section"
      aria-label={title}
    >
      <Text fw={700} fz="lg" mb="md">
        <Text span c="dimmed" fw={700} mr={8}>
          {step}
        </Text>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

export function CheckoutPage({ sellerId }: { sellerId: number | null }) {
  const mounted = useMounted();
  const allItems = useCart((s) => s.items);
  const removeItems = useCart((s) => s.removeItems);

  const items = useMemo(() => {
    if (sellerId !== null) return allItems.filter((i) => i.seller_id === sellerId);
    const sellers = new Set(allItems.map((i) => i.seller_id));
    return sellers.size === 1 ? allItems : [];
  }, [allItems, sellerId]);
  const count = items.reduce((n, i) => n + i.count, 0);
  const total = items.reduce((n, i) => n + i.price * i.count, 0);

  const [points, setPoints] = useState<DeliveryPoint[] | null>(null);
  const [pointsError, setPointsError] = useState<string | null>(null);
  const [pointId, setPointId] = useState<number | null>(null);
  const [cards, setCards] = useState<Card[] | null>(null);
  const [card, setCard] = useState<number | 'new'>('new');
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<CartKey[]>([]);

  const loadPoints = useCallback(() => {
    setPointsError(null);
    setPoints(null);
    fetchDeliveryPoints().then((r) => {
      if (!r.ok) return setPointsError(r.error.message);
      setPoints(r.data);
      setPointId((cur) => cur ?? r.data[r.data.length - 1]?.id ?? null);
    });
  }, []);

  useEffect(() => {
    loadPoints();
    const ctl = new AbortController();
    fetchCards(ctl.signal).then((r) => {
      if (ctl.signal.aborted) return;
      const list = r.ok ? r.data : [];
      setCards(list);
      const def = list.find((c) => c.is_default) ?? list[0];
      if (def) setCard(def.id);
    });
    return () => ctl.abort();
  }, [loadPoints]);

  const pay = async () => {
    setError(null);
    setUnavailable([]);
    if (pointId === null) {
      setError('Выберите пункт выдачи — туда продавец отправит заказ.');
      return;
    }
    setPaying(true);
    const r = await createOrder({
      items: items.map(({ slug, size, count }) => ({ slug, size, count })),
      delivery_point: pointId,
      card: card === 'new' ? null : card,
    });
    if (r.ok && r.data.payment.confirmation_url) {
      window.location.assign(r.data.payment.confirmation_url);
      return;
    }
    setPaying(false);
    if (r.ok) {
      setError('Банк не ответил. Заказ сохранён в «Истории покупок» — оплатите его оттуда.');
      return;
    }
    setError(r.error.message);
    if (r.error.status >= 400 && r.error.status < 500 && r.error.status !== 401)
      setUnavailable(await unavailableOf(items));
  };

  if (!mounted)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={36} w={280} />
        <Skeleton h={180} />
        <Skeleton h={140} />
      </Stack>
    );

  if (items.length === 0)
    return (
      <Stack align="center" gap="sm" py={64} ta="center">
        <IconShoppingBag size={40} stroke={1.5} aria-hidden />
        <Title order={1} fz={28}>
          Нечего оформлять
        </Title>
        <Text c="dimmed" maw={420}>
          В корзине нет товаров этого продавца. Вернитесь в корзину и нажмите «Оформить заказ» у нужного продавца.
        </Text>
        <Button component={Link} to="/cart" mt="sm">
          В корзину
        </Button>
      </Stack>
    );

  const unavailableItems = items.filter((i) =>
    unavailable.some((u) => u.slug === i.slug && u.size.toLowerCase() === i.size.toLowerCase()),
  );
  const sellerName = items[0]?.seller_name;

  return (
    <Stack gap="lg">
      <Box>
        <Anchor component={Link} to="/cart" fz="sm" c="dimmed">
          ← Корзина
        </Anchor>
        <Title order={1} fz={{ base: 28, sm: 36 }} mt={4}>
          Оформление заказа
        </Title>
      </Box>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <Section step={1} title="Товары">
              {sellerName && (
                <Text fz="sm" c="dimmed" mt={-8} mb="md">
                  Продавец: {sellerName}
                </Text>
              )}
              <CheckoutItems items={items} />
            </Section>
            <Section step={2} title="Пункт выдачи">
              <DeliveryPointPicker
                points={points}
                error={pointsError}
                onRetry={loadPoints}
                value={pointId}
                onChange={(id) => {
                  setPointId(id);
                  setError(null);
                }}
                onAdded={(p) => setPoints((cur) => [...(cur ?? []).filter((x) => x.id !== p.id), p])}
              />
            </Section>
            <Section step={3} title="Оплата">
              <CardPicker cards={cards} value={card} onChange={setCard} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Box style={{ position: 'sticky', top: 88 }}>
            <OrderSummary count={count} total={total} loading={paying} onPay={pay}>
              {error && (
                <Alert color="red" title="Заказ не оформлен" role="alert">
                  <Text fz="sm">{error}</Text>
                  {unavailableItems.length > 0 && (
                    <>
                      <Text fz="sm" mt="xs">
                        Уже недоступно:
                      </Text>
                      <List fz="sm" size="sm">
                        {unavailableItems.map((i) => (
                          <List.Item key={`${i.slug}|${i.size}`}>
                            {i.title ?? i.slug}, размер {i.size}
                          </List.Item>
                        ))}
                      </List>
                      <Button
                        mt="sm"
                        size="xs"
                        variant="outline"
                        color="red"
                        onClick={() => {
                          removeItems(unavailableItems.map(({ slug, size }) => ({ slug, size })));
                          setUnavailable([]);
                          setError(null);
                        }}
                      >
                        Убрать из корзины
                      </Button>
                    </>
                  )}
                </Alert>
              )}
            </OrderSummary>
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
