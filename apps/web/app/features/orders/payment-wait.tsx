/**
 * `/payment?order=<id>[&payment=<id>]`: the gateway returns the buyer here. Polls `GET /v1/payments/{id}/`
 * (or the order) until the payment is decided, then moves on to `/success` or `/fail`.
 */
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { fetchOrder, fetchPayment } from './api';

const PAID = ['paid', 'shipped', 'delivered', 'completed'];
const POLL_MS = 1500;
const GIVE_UP_MS = 90_000;

export function PaymentWait({ orderId, paymentId }: { orderId: number | null; paymentId: string | null }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'waiting' | 'slow' | 'missing'>(orderId ? 'waiting' : 'missing');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const tick = async () => {
      let orderStatus: string | null = null;
      let paymentStatus: string | null = null;
      if (paymentId) {
        const r = await fetchPayment(paymentId);
        if (r.ok) {
          orderStatus = r.data.order_status;
          paymentStatus = r.data.status;
        }
      }
      if (!orderStatus) {
        const r = await fetchOrder(orderId);
        if (r.ok) {
          orderStatus = r.data.status;
          paymentStatus = r.data.payment?.status ?? null;
        } else if (r.error.status === 404) {
          if (!stopped) setState('missing');
          return;
        }
      }
      if (stopped) return;
      if (orderStatus && PAID.includes(orderStatus)) return navigate(`/success?order=${orderId}`, { replace: true });
      if (orderStatus === 'cancelled' || paymentStatus === 'canceled')
        return navigate(`/fail?order=${orderId}`, { replace: true });
      if (Date.now() - started > GIVE_UP_MS) return setState('slow');
      timer = setTimeout(tick, POLL_MS);
    };
    setState('waiting');
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [orderId, paymentId, navigate, attempt]);

  if (state === 'missing')
    return (
      <Stack align="center" gap="sm" py={64} ta="center">
        <Title order={1} fz={28}>
          Заказ не найден
        </Title>
        <Text c="dimmed">Проверьте ссылку или откройте «Историю покупок».</Text>
        <Button component={Link} to="/account/history">
          История покупок
        </Button>
      </Stack>
    );

  if (state === 'slow')
    return (
      <Stack align="center" gap="sm" py={64} ta="center">
        <Title order={1} fz={28}>
          Банк ещё не ответил
        </Title>
        <Text c="dimmed" maw={440}>
          Так бывает, если банк долго подтверждает платёж. Проверим ещё раз — или загляните в «Историю покупок» чуть
          позже: статус заказа обновится сам.
        </Text>
        <Group mt="sm">
          <Button onClick={() => setAttempt((n) => n + 1)}>Проверить ещё раз</Button>
          <Button component={Link} to="/account/history" variant="default">
            История покупок
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Stack align="center" gap="md" py={96} ta="center" role="status" aria-live="polite">
      <Loader color="ink" size="lg" />
      <Title order={1} fz={28}>
        Проверяем оплату…
      </Title>
      <Text c="dimmed" maw={400}>
        Это займёт несколько секунд. Не закрывайте страницу.
      </Text>
    </Stack>
  );
}
