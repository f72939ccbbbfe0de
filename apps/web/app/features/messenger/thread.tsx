/**
 * One conversation: the listing and the person on top (a back button on a phone), the messages grouped by day with
 * older ones on demand, and the composer. New messages arrive live (the socket through queries.ts); the other side's
 * messages are marked read while the thread is on screen.
 */
import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { INTERLOCUTOR_DELETED, type Chat } from '@vitrina/contract/chats';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, queryClient } from '../../shared/api/query';
import { formatPrice } from '../../shared/lib/price';
import { makeOffer, markRead } from './api';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import classes from './messenger.module.css';
import { OfferDialog } from './offer-dialog';
import { chatKeys, putMessage, updateThread, useThread } from './queries';
import { groupByDay } from './rules';
import { ThreadMenu } from './thread-menu';
import { refreshUnread } from './unread';

export function Thread({ chat, me }: { chat: Chat; me: number }) {
  const q = useThread(chat.id);
  const scroller = useRef<HTMLDivElement>(null);
  const [offering, setOffering] = useState(false);
  const messages = q.data?.pages.flatMap((p) => p.results) ?? [];
  const newest = messages[0];
  const needsRead = messages.some((m) => m.author !== null && m.author !== me && !m.read);

  // The other side's messages on screen are read: mark them (again as new ones arrive) while the tab is visible.
  useEffect(() => {
    if (!needsRead || document.visibilityState !== 'visible') return;
    void markRead(chat.id).then((res) => {
      if (!res.ok) return;
      updateThread(chat.id, (data) => ({
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          results: p.results.map((m) => (m.author !== null && m.author !== me ? { ...m, read: true } : m)),
        })),
      }));
      refreshUnread();
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    });
  }, [chat.id, needsRead, newest?.id, me]);

  // Keep the newest message in view when it changes (a page of older ones does not move the view).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest?.id]);

  const sizes = chat.product.sizes.filter((s) => s.count > 0).map((s) => ({ size: s.size, price: s.price }));
  const onSale = ['active', 'reserved'].includes(chat.product.status);
  const submitOffer = async (price: number, size: string) => {
    const res = await makeOffer(chat.id, { price, size });
    if (!res.ok) return res.error.message;
    setOffering(false);
    void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    return null;
  };

  let lastOwnRead = -1;
  // An offer's card goes with the message that made it; later lines about it (accepted, declined) are text.
  const offerFirst = new Map<number, number>();
  for (const m of messages) {
    if (m.author === me && m.read) lastOwnRead = Math.max(lastOwnRead, m.id);
    if (m.offer) offerFirst.set(m.offer.id, Math.min(offerFirst.get(m.offer.id) ?? m.id, m.id));
  }

  return (
    <>
      <div className={classes.head}>
        <ActionIcon
          component={Link}
          to="/account/messenger"
          variant="subtle"
          color="ink.7"
          hiddenFrom="sm"
          aria-label="К диалогам"
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        {chat.product.photo && <img className={classes.thumb} src={chat.product.photo.url_small} alt="" />}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {chat.interlocutor.name}
          </Text>
          <Text fz="sm" c="dimmed" truncate>
            <Link to={`/product/${chat.product.slug}`}>{chat.product.title}</Link> · {formatPrice(chat.product.price)}
          </Text>
        </Stack>
        {chat.role === 'buyer' && onSale && sizes.length > 0 && !chat.interlocutor.deleted && (
          <Button size="xs" variant="light" color="coral" onClick={() => setOffering(true)} visibleFrom="xs">
            Предложить цену
          </Button>
        )}
        <ThreadMenu chat={chat} />
      </div>
      <div className={classes.scroll} ref={scroller} aria-live="polite" data-testid="thread">
        {q.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Загрузка сообщений">
            <Skeleton h={40} w="60%" radius="lg" />
            <Skeleton h={40} w="50%" radius="lg" ml="auto" />
            <Skeleton h={40} w="40%" radius="lg" />
          </Stack>
        ) : q.isError ? (
          <Alert color="red" title="Не удалось загрузить сообщения">
            {errorMessage(q.error)}{' '}
            <Button size="xs" variant="white" onClick={() => void q.refetch()}>
              Повторить
            </Button>
          </Alert>
        ) : (
          <>
            {q.hasNextPage && (
              <Group justify="center">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => void q.fetchNextPage()}
                  loading={q.isFetchingNextPage}
                >
                  Показать ранние сообщения
                </Button>
              </Group>
            )}
            {!messages.length && (
              <Text ta="center" c="dimmed" fz="sm" mt="xl">
                Напишите первое сообщение — например, спросите о размере или состоянии вещи.
              </Text>
            )}
            {groupByDay(messages, new Date()).map((g) => (
              <Fragment key={`${g.day}-${g.messages[0]!.id}`}>
                <div className={classes.day}>{g.day}</div>
                {g.messages.map((m) => (
                  <MessageItem
                    key={m.id}
                    message={m}
                    chat={chat}
                    me={me}
                    showRead={m.id === lastOwnRead}
                    showOffer={m.offer !== null && offerFirst.get(m.offer.id) === m.id}
                  />
                ))}
              </Fragment>
            ))}
          </>
        )}
      </div>
      {chat.interlocutor.deleted ? (
        <Text className={classes.composer} c="dimmed" ta="center" fz="sm">
          {INTERLOCUTOR_DELETED}: написать ему больше нельзя.
        </Text>
      ) : (
        <Composer
          chat={chat.id}
          onSent={(m) => {
            putMessage(m);
            void queryClient.invalidateQueries({ queryKey: chatKeys.list });
          }}
        />
      )}
      {offering && <OfferDialog opened onClose={() => setOffering(false)} sizes={sizes} submit={submitOffer} />}
    </>
  );
}
