/**
 * `/payment?order=<id>[&payment=<id>]`: the gateway returns the buyer here. Polls `GET /v1/payments/{id}/`
 * (or the order) until the payment is decided, then moves on to `/success` or `/fail`. The bank's verdict is
 * in before the buyer is sent back (the test bank notifies first; a YooKassa payment is asked for on each
 * poll), so a payment still pending at the first answer means the buyer came back without paying
 * («Вернуться в магазин без оплаты»): the order is shown at once (no long spinner) with «Оплатить»
 * and «Отменить заказ» (`unpaid-order.tsx`) — and the polls go on meanwhile, in case the money comes late.
 * Each poll goes through the shared query cache (the result screen then starts from the order it holds).
 */
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@vitrina/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

/**
 * The polls go through the shared query cache, whose code loads right after the page instead of with it
 * (the gateway sends the buyer here: its first scripts stay small). A chunk that cannot load is an unhandled
 * rejection, which reloads the page once (shared/lib/client-guards.tsx).
 */
const pollOrder = async (id: number) => (await import('./queries')).pollOrder(id);
const pollPayment = async (id: string) => (await import('./queries')).pollPayment(id);

/** The unpaid order with «Оплатить» and «Отменить заказ»: a chunk of its own (also used by `/fail`). */
export const UnpaidOrder = lazyWithReload(() => import('./unpaid-order'));

const PAID = ['paid', 'shipped', 'delivered', 'completed'];
const POLL_MS = 1500;
const GIVE_UP_MS = 90_000;

export function PaymentWait({ orderId, paymentId }: { orderId: number | null; paymentId: string | null }) {
  const navigate = useNavigate();
  const [state, setState] = useState<'waiting' | 'slow' | 'missing'>(orderId ? 'waiting' : 'missing');
  /** The pending order once it is clear the buyer has not paid (null while waiting). */
  const [unpaid, setUnpaid] = useState<Order | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** The buyer is cancelling (or has cancelled) here: the polls pause, a cancelled order is theirs, not the bank's. */
  const held = useRef(false);

  useEffect(() => {
    if (!orderId) return;
    void UnpaidOrder.preload(); // loads alongside the first answer, which usually calls for it
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const tick = async () => {
      if (held.current) {
        timer = setTimeout(() => void tick(), POLL_MS);
        return;
      }
      let orderStatus: string | null = null;
      let paymentStatus: string | null = null;
      let order: Order | null = null;
      if (paymentId) {
        const r = await pollPayment(paymentId);
        if (r.ok) {
          orderStatus = r.data.order_status;
          paymentStatus = r.data.status;
        }
      }
      if (!orderStatus) {
        const r = await pollOrder(orderId);
        if (r.ok) {
          order = r.data;
          orderStatus = r.data.status;
          paymentStatus = r.data.payment?.status ?? null;
        } else if (r.error.status === 404) {
          if (!stopped) setState('missing');
          return;
        }
      }
      if (stopped) return;
      if (held.current) {
        timer = setTimeout(() => void tick(), POLL_MS);
        return;
      }
      if (orderStatus && PAID.includes(orderStatus)) return navigate(`/success?order=${orderId}`, { replace: true });
      if (orderStatus === 'cancelled' || paymentStatus === 'canceled')
        return navigate(`/fail?order=${orderId}`, { replace: true });
      const waited = Date.now() - started;
      if (orderStatus === 'awaiting_payment') {
        if (!order) {
          const r = await pollOrder(orderId);
          if (r.ok) order = r.data;
        }
        if (stopped) return;
        if (order) setUnpaid(order);
        if (waited > GIVE_UP_MS) return; // the «не оплачен» screen stays; its buttons lead on
      } else if (waited > GIVE_UP_MS) return setState('slow');
      timer = setTimeout(() => void tick(), POLL_MS);
    };
    setState('waiting');
    setUnpaid(null);
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

  if (unpaid)
    return (
      <LazyPart fallback={<Spinner />}>
        <UnpaidOrder order={unpaid} onHold={(h) => void (held.current = h)} />
      </LazyPart>
    );

  return <Spinner />;
}

/** Until the first answer (a moment): «Проверяем оплату…». */
function Spinner() {
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
