/**
 * A price offer in the thread: the price against the list price, the size, its state and countdown, and the buttons
 * of whoever may act — the answering side accepts, declines or (the seller) counters; the buyer of an accepted offer
 * buys at that price (the cart keeps it; checkout and the order charge it).
 */
import { Badge, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { OFFER_STATUS_LABELS, type Chat, type PriceOffer } from '@vitrina/contract/chats';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../shared/api/query';
import { formatPrice } from '../../shared/lib/price';
import { useCart } from '../cart';
import { answerOffer } from './api';
import classes from './messenger.module.css';
import { chatKeys } from './queries';
import { canAnswer, countdown } from './rules';

/** The time now, ticking every 30 s (for countdowns). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

const STATUS_COLOR: Record<PriceOffer['status'], string> = {
  pending: 'yellow',
  accepted: 'green',
  declined: 'gray',
  countered: 'blue',
  expired: 'gray',
  cancelled: 'gray',
};

export function OfferCard({ offer, chat }: { offer: PriceOffer; chat: Chat }) {
  const now = useNow();
  const navigate = useNavigate();
  const add = useCart((s) => s.add);
  const remove = useCart((s) => s.remove);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [countering, setCountering] = useState(false);
  const [counter, setCounter] = useState<number | string>('');
  const answering = canAnswer(offer, chat.role, now);
  const left =
    offer.status === 'pending'
      ? countdown(offer.expires_at, now)
      : offer.status === 'accepted' && offer.valid_until
        ? countdown(offer.valid_until, now)
        : null;
  const status = offer.status === 'accepted' && !left ? 'expired' : offer.status;

  const act = async (action: 'accept' | 'decline' | 'counter') => {
    setBusy(action);
    setError(null);
    const res = await answerOffer(offer.id, action, action === 'counter' ? Number(counter) : undefined);
    setBusy(null);
    if (!res.ok) {
      setError(res.error.message);
      return;
    }
    setCountering(false);
    void queryClient.invalidateQueries({ queryKey: chatKeys.thread(chat.id) });
  };

  const buy = () => {
    remove(chat.product.slug, offer.size);
    add({
      slug: chat.product.slug,
      size: offer.size,
      price: offer.price,
      title: chat.product.title,
      photo: chat.product.photo?.url_small,
      seller_id: chat.interlocutor.id,
      seller_name: chat.interlocutor.name,
      stock: 1,
    });
    void navigate('/cart');
  };

  return (
    <div className={classes.offer} data-testid="offer-card">
      <Group justify="space-between" gap={4}>
        <Text fw={700} className="vt-price">
          {formatPrice(offer.price)}{' '}
          <Text span fz="sm" c="dimmed" td="line-through" fw={400}>
            {formatPrice(offer.list_price)}
          </Text>
        </Text>
        <Badge color={STATUS_COLOR[status]} variant="light">
          {OFFER_STATUS_LABELS[status]}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed">
        {offer.by === 'seller' ? 'Встречное предложение продавца' : 'Предложение покупателя'} · размер {offer.size}
      </Text>
      {left && (
        <Text fz="xs" c="dimmed">
          {offer.status === 'pending' ? `Ответить можно ещё ${left}` : `Цена действует ещё ${left}`}
        </Text>
      )}
      {answering && !countering && (
        <Group gap="xs" mt={8}>
          <Button size="xs" onClick={() => void act('accept')} loading={busy === 'accept'}>
            Принять
          </Button>
          <Button size="xs" variant="default" onClick={() => void act('decline')} loading={busy === 'decline'}>
            Отклонить
          </Button>
          {chat.role === 'seller' && offer.by === 'buyer' && (
            <Button size="xs" variant="subtle" onClick={() => setCountering(true)}>
              Предложить свою цену
            </Button>
          )}
        </Group>
      )}
      {countering && (
        <Stack gap={6} mt={8}>
          <NumberInput
            size="xs"
            label="Ваша цена, ₽"
            value={counter}
            onChange={setCounter}
            min={1}
            thousandSeparator=" "
            allowDecimal={false}
            autoFocus
          />
          <Group gap="xs">
            <Button size="xs" onClick={() => void act('counter')} loading={busy === 'counter'} disabled={!counter}>
              Отправить
            </Button>
            <Button size="xs" variant="default" onClick={() => setCountering(false)}>
              Отмена
            </Button>
          </Group>
        </Stack>
      )}
      {chat.role === 'buyer' && status === 'accepted' && (
        <Button size="xs" mt={8} color="coral.6" onClick={buy}>
          Купить за {formatPrice(offer.price)}
        </Button>
      )}
      {error && (
        <Text fz="xs" c="red.8" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
