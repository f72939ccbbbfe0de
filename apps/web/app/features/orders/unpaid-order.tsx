/**
 * An order the buyer came back to from the bank without paying: shown at once with its items,
 * total and reservation deadline, «Оплатить» (the bank's page again) and «Отменить заказ», which frees the
 * reservation at once (the buyer's cancel). Once cancelled it says so and leads back to the cart, where the
 * items still are. The default export: `/payment` and `/fail` load it as a chunk of their own.
 */
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@vitrina/contract/orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../shared/lib/price';
import { CancelOrderDialog } from './cancel-order';
import { OrderItems } from './order-details';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit' });

/**
 * @param order the order awaiting payment
 * @param onHold `true` while the buyer's cancel is sent and once it is done (the page stops asking the bank
 *   meanwhile, so the cancelled order is not taken for a refused payment), `false` when it was refused
 */
export default function UnpaidOrder({ order, onHold }: { order: Order; onHold?: (held: boolean) => void }) {
  const [asking, setAsking] = useState(false);
  const [cancelled, setCancelled] = useState<Order | null>(null);
  const shown = cancelled ?? order;
  const payUrl = order.payment?.status === 'pending' ? order.payment.confirmation_url : null;

  return (
    <Stack align="center" gap="lg" py={{ base: 32, sm: 64 }} ta="center" role="status" aria-live="polite">
      <Box maw={520}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {cancelled ? 'Заказ отменён' : 'Заказ ещё не оплачен'}
        </Title>
        {cancelled ? (
          <Text mt="sm">
            Бронь снята, деньги не списывались. Вещи снова доступны всем — и остались в вашей корзине.
          </Text>
        ) : (
          <>
            <Text mt="sm">
              Банк не получил оплату заказа{' '}
              <Text span inherit fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="order-number">
                {order.number}
              </Text>
              .
              {order.reserved_until
                ? ` Товар забронирован за вами до ${timeOf(order.reserved_until)} — после этого бронь снимется.`
                : ''}
            </Text>
            <Text c="dimmed" fz="sm" mt={6}>
              Если вы уже оплатили, подождите немного: страница обновится сама.
            </Text>
          </>
        )}
      </Box>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} w="100%" maw={560} ta="left">
        <OrderItems order={shown} />
        <Group justify="space-between" mt="sm">
          <Text fw={700}>Итого</Text>
          <Text className="vt-price">{formatPrice(shown.total)}</Text>
        </Group>
      </Paper>
      {cancelled ? (
        <Group gap="sm" justify="center">
          <Button component={Link} to="/cart">
            В корзину
          </Button>
          <Button component={Link} to="/" variant="default">
            Продолжить покупки
          </Button>
        </Group>
      ) : (
        <Group gap="sm" justify="center">
          {payUrl && (
            <Button component="a" href={payUrl}>
              Оплатить
            </Button>
          )}
          <Button variant="default" onClick={() => setAsking(true)}>
            Отменить заказ
          </Button>
          <Button component={Link} to="/account/history" variant="subtle" color="ink">
            История покупок
          </Button>
        </Group>
      )}
      <CancelOrderDialog
        order={asking ? order : null}
        onClose={() => setAsking(false)}
        onSending={onHold}
        onCancelled={setCancelled}
      />
    </Stack>
  );
}
