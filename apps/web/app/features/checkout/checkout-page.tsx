/**
 * The checkout screen (issue «Buying»): one seller's items from the cart, a delivery point (saved or
 * added in the directory dialog), the recipient's full name and phone (prefilled from the profile), a card (saved
 * or new), totals and «Оплатить» → `POST /v1/sales/order/`
 * → the bank page (`payment.confirmation_url`). Render it only for a signed-in user.
 */
import { Alert, Anchor, Box, Button, Grid, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useMounted } from '@mantine/hooks';
import { IconShoppingBag } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { orderConflictSchema, type Card, type OrderConflict } from '@vitrina/contract/orders';
import { errorMessage } from '../../shared/api/query';
import { useCart, type CartKey } from '../cart';
import { CardPicker, useCards } from '../cards';
import { DeliveryPointPicker, useDeliveryPoints } from '../delivery';
import { useAuth } from '../auth';
import { RecipientFields, recipientFromProfile, recipientProblems, type RecipientValue } from './recipient-fields';
import { createOrder, unavailableOf } from './api';
import { CheckoutItems } from './checkout-items';
import { OrderSummary } from './order-summary';

const NO_CARDS: Card[] = [];

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

/** «У вас есть неоплаченный заказ — оплатить»: the buyer's own order of these items, waiting for payment. */
function PendingOrderNote({ pending }: { pending: NonNullable<OrderConflict['pending_order']> }) {
  return (
    <Alert color="orange" title="У вас есть неоплаченный заказ" role="alert" data-testid="pending-order">
      <Text fz="sm">
        Заказ {pending.number} с этими вещами ждёт оплаты
        {pending.reserved_until
          ? ` — они забронированы за вами до ${dayjs(pending.reserved_until).format('HH:mm')}`
          : ''}
        . Новый оформлять не нужно.
      </Text>
      <Group mt="sm" gap="sm">
        {pending.confirmation_url ? (
          <Button component="a" href={pending.confirmation_url} size="xs" color="orange">
            Оплатить
          </Button>
        ) : null}
        <Button component={Link} to={`/account/history?order=${pending.id}`} size="xs" variant="default">
          К заказу
        </Button>
      </Group>
    </Alert>
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

  const pointsQuery = useDeliveryPoints();
  const points = pointsQuery.data ?? null;
  const pointsError = pointsQuery.error && !pointsQuery.isFetching ? errorMessage(pointsQuery.error) : null;
  const [chosenPoint, setPointId] = useState<number | null>(null);
  // The last saved point until the buyer picks one.
  const pointId = chosenPoint ?? points?.[points.length - 1]?.id ?? null;
  const cardsQuery = useCards();
  // Cards that cannot be loaded leave «new card» as the only choice.
  const cards = cardsQuery.data ?? (cardsQuery.isError ? NO_CARDS : null);
  const [chosenCard, setCard] = useState<number | 'new' | null>(null);
  const card = chosenCard ?? (cards?.find((c) => c.is_default) ?? cards?.[0])?.id ?? 'new';
  const [saveCard, setSaveCard] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<CartKey[]>([]);
  const [pending, setPending] = useState<OrderConflict['pending_order'] | null>(null);
  const { user } = useAuth();
  // The profile's name and phone until the buyer types (the profile may arrive after the first render).
  const [typed, setRecipient] = useState<RecipientValue | null>(null);
  const recipient = typed ?? recipientFromProfile(user);
  const [recipientErrors, setRecipientErrors] = useState<Partial<Record<keyof RecipientValue, string>>>({});

  const pay = async () => {
    setError(null);
    setUnavailable([]);
    setPending(null);
    const problems = recipientProblems(recipient);
    setRecipientErrors(problems);
    if (Object.keys(problems).length) {
      setError('Укажите получателя: имя, фамилию и телефон.');
      return;
    }
    if (pointId === null) {
      setError('Выберите пункт выдачи — туда продавец отправит заказ.');
      return;
    }
    setPaying(true);
    const r = await createOrder({
      items: items.map(({ slug, size, count }) => ({ slug, size, count })),
      delivery_point: pointId,
      card: card === 'new' ? null : card,
      recipient_name: recipient.name.trim(),
      recipient_phone: recipient.phone.trim(),
      ...(card === 'new' ? { save_card: saveCard } : {}),
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
    // Their own unpaid order holds these items: pay that one (never «another buyer»).
    const own = orderConflictSchema.safeParse(r.error.body).data?.pending_order;
    if (r.error.status === 409 && own) {
      setPending(own);
      return;
    }
    setError(r.error.message);
    const f = r.error.fields;
    if (f.recipient_name || f.recipient_phone) {
      setRecipientErrors({ name: f.recipient_name?.[0], phone: f.recipient_phone?.[0] });
      return;
    }
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
                onRetry={() => void pointsQuery.refetch()}
                value={pointId}
                onChange={(id) => {
                  setPointId(id);
                  setError(null);
                }}
                onAdded={(p) => setPointId(p.id)}
              />
            </Section>
            <Section step={3} title="Получатель">
              <RecipientFields
                value={recipient}
                errors={recipientErrors}
                onChange={(next) => {
                  setRecipient(next);
                  setRecipientErrors({});
                }}
              />
            </Section>
            <Section step={4} title="Оплата">
              <CardPicker
                cards={cards}
                value={card}
                onChange={setCard}
                saveCard={saveCard}
                onSaveCardChange={setSaveCard}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Box style={{ position: 'sticky', top: 88 }}>
            <OrderSummary count={count} total={total} loading={paying} onPay={() => void pay()}>
              {pending && <PendingOrderNote pending={pending} />}
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
