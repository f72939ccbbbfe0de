/**
 * «Способы оплаты» in the account: the user's saved cards (`GET /v1/self/cards/`), make one the default,
 * rename, delete with a confirmation (the local list is then filtered), and «Добавить карту»: the API gives a
 * state for this session (`POST /v1/user/card-form/`), the gateway's card page comes back with `?card_state=…
 * &card_token=…` → `POST /v1/user/add-card/` with both. A `card_token` without this session's state (a link
 * someone sent) is refused by the API and the visitor told so.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconDots, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Card } from '@vitrina/contract/orders';
import { errorMessage } from '../../shared/api/query';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { cardExpiry, cardTitle, newCardUrl } from './api';
import { useAddCard, useCards, useOpenCardForm, usePaymentsConfig, useRemoveCard, useUpdateCard } from './queries';

export function CardsManager() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: cards, error, isFetching, refetch } = useCards();
  const [renaming, setRenaming] = useState<Card | null>(null);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<Card | null>(null);
  const handledToken = useRef<string | null>(null);
  const config = usePaymentsConfig();
  // undefined while loading; null when cards are only saved while paying (YooKassa).
  const cardFormUrl = config.isPending ? undefined : (config.data?.card_form_url ?? null);
  const add = useAddCard();
  const open = useOpenCardForm();
  const update = useUpdateCard();
  const del = useRemoveCard();
  const busy = update.isPending || del.isPending;

  // Back from the gateway's card page with a token: save the card, then drop the token and state from the URL.
  const token = params.get('card_token');
  const state = params.get('card_state') ?? '';
  const { mutate: addMutate } = add;
  useEffect(() => {
    if (!token || handledToken.current === token) return;
    handledToken.current = token;
    const dropToken = () => {
      const next = new URLSearchParams(location.search);
      next.delete('card_token');
      next.delete('card_state');
      void navigate(
        { pathname: location.pathname, search: next.size ? `?${next}` : '' },
        { replace: true, preventScrollReset: true },
      );
    };
    addMutate(
      { token, state },
      {
        onSuccess: (card) => {
          dropToken();
          notifications.show({ message: `Карта ${cardTitle(card)} добавлена`, color: 'green' });
        },
        onError: (err) => {
          dropToken();
          notifications.show({ title: 'Карта не добавлена', message: errorMessage(err), color: 'red' });
        },
      },
    );
  }, [token, state, location.pathname, location.search, navigate, addMutate]);

  // «Добавить карту»: a state for this session, then the gateway's page, which returns here with it.
  const openForm = () => {
    if (!cardFormUrl) return;
    open.mutate(undefined, {
      onSuccess: ({ card_state }) =>
        window.location.assign(
          newCardUrl(`${location.pathname}?card_state=${encodeURIComponent(card_state)}`, cardFormUrl),
        ),
      onError: (err) => notifications.show({ title: 'Не получилось', message: errorMessage(err), color: 'red' }),
    });
  };

  const makeDefault = (c: Card) =>
    update.mutate(
      { id: c.id, patch: { is_default: true } },
      { onError: (err) => notifications.show({ title: 'Не получилось', message: errorMessage(err), color: 'red' }) },
    );

  const rename = (e: React.FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    update.mutate(
      { id: renaming.id, patch: { name: name.trim() } },
      {
        onSuccess: () => setRenaming(null),
        onError: (err) => notifications.show({ title: 'Не получилось', message: errorMessage(err), color: 'red' }),
      },
    );
  };

  const remove = () => {
    if (!deleting) return;
    del.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ message: 'Карта удалена', color: 'green' });
      },
      onError: (err) => notifications.show({ title: 'Карта не удалена', message: errorMessage(err), color: 'red' }),
    });
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderColor: 'var(--vt-line)' }}
      component="section"
      aria-labelledby="cards-title"
    >
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Title order={2} fz={22} id="cards-title">
          Способы оплаты
        </Title>
        {cardFormUrl && (
          <Button
            onClick={openForm}
            loading={open.isPending}
            variant="outline"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Добавить карту
          </Button>
        )}
      </Group>
      {error && !isFetching ? (
        <Alert color="red" title="Не удалось загрузить карты">
          <Text fz="sm">{errorMessage(error)}</Text>
          <Button mt="sm" size="xs" variant="outline" onClick={() => void refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : cards === undefined ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton h={56} radius="md" />
          <Skeleton h={56} radius="md" />
        </Stack>
      ) : cards.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {cardFormUrl === null
            ? 'Сохранённых карт нет. Карту можно сохранить при оплате заказа на странице банка. Номер карты хранит только банк.'
            : 'Сохранённых карт нет. Добавьте карту — при оформлении заказа не придётся вводить её заново. Номер карты хранит только банк.'}
        </Text>
      ) : (
        <Stack gap="xs">
          {cards.map((c) => (
            <Group
              key={c.id}
              wrap="nowrap"
              gap="sm"
              p="sm"
              style={{ border: '1px solid var(--vt-line)', borderRadius: 8 }}
              data-testid="saved-card"
            >
              <IconCreditCard size={22} aria-hidden style={{ flexShrink: 0 }} />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} fz="sm">
                    {cardTitle(c)}
                  </Text>
                  {c.is_default && (
                    <Badge size="sm" variant="light" color="ink" radius="sm" tt="none">
                      Основная
                    </Badge>
                  )}
                </Group>
                <Text fz="xs" c="dimmed" truncate>
                  {c.name ? `${c.name} · ` : ''}
                  {cardExpiry(c)}
                </Text>
              </Box>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="ink" aria-label={`Действия с картой ${cardTitle(c)}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {!c.is_default && <Menu.Item onClick={() => makeDefault(c)}>Сделать основной</Menu.Item>}
                  <Menu.Item
                    onClick={() => {
                      setName(c.name);
                      setRenaming(c);
                    }}
                  >
                    Переименовать
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => setDeleting(c)}>
                    Удалить
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          ))}
        </Stack>
      )}
      {cards !== undefined && <PayoutCard cards={cards} />}
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Название карты"
        centered
        styles={{ title: { fontWeight: 700 } }}
      >
        <form onSubmit={rename}>
          <TextInput
            label={renaming ? cardTitle(renaming) : ''}
            placeholder="Например, Зарплатная"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            data-autofocus
          />
          <Group justify="flex-end" mt="md" gap="sm">
            <Button variant="default" onClick={() => setRenaming(null)}>
              Отмена
            </Button>
            <Button type="submit" loading={busy}>
              Сохранить
            </Button>
          </Group>
        </form>
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Удалить карту?"
        confirmLabel="Удалить"
        danger
        loading={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `${cardTitle(deleting)} больше не будет предлагаться при оплате.` : ''}
      </ConfirmDialog>
    </Paper>
  );
}

/**
 * «Карта для выплат»: where a seller's money goes — the main card, else the newest (payments module `payoutCard`).
 * The seller's orders link here (`#payout-card`) when a payout waits for a card.
 */
function PayoutCard({ cards }: { cards: Card[] }) {
  const payout = cards.find((c) => c.is_default) ?? [...cards].sort((a, b) => b.id - a.id)[0];
  return (
    <Box mt="lg" id="payout-card" data-testid="payout-card">
      <Title order={3} fz={17}>
        Карта для выплат
      </Title>
      <Text fz="sm" c={payout ? undefined : 'dimmed'} mt={4}>
        {payout
          ? `Деньги за проданные вещи приходят на ${cardTitle(payout)}${payout.name ? ` («${payout.name}»)` : ''}. Чтобы получать их на другую карту, сделайте её основной.`
          : 'Карты для выплат нет: добавьте карту, и деньги за проданные вещи придут на неё.'}
      </Text>
    </Box>
  );
}
