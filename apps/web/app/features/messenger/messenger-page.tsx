/**
 * `/account/messenger`: the conversations and the open thread side by side; on a phone two screens (the list, or the
 * thread with a back button). `?chat=<id>` opens that thread directly (from «Написать продавцу», a notice, an order).
 */
import { Button, Stack, Title } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api/query';
import { EmptyState } from '../../shared/ui/empty-state';
import { useAuth } from '../auth';
import { ChatList } from './chat-list';
import classes from './messenger.module.css';
import { followLive, useChat } from './queries';
import { Thread } from './thread';
import { followUnread } from './unread';

export default function MessengerPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const raw = Number(params.get('chat'));
  const current = Number.isInteger(raw) && raw > 0 ? raw : null;
  const chat = useChat(current);
  useEffect(() => {
    followLive(() => user?.id ?? null);
    followUnread();
  }, [user?.id]);
  if (!user) return null;

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 28, sm: 36 }} visibleFrom={current ? 'sm' : undefined}>
        Сообщения
      </Title>
      <div className={classes.frame} data-thread={current ? '' : undefined}>
        <div className={classes.listPane}>
          <ChatList me={user.id} current={current} />
        </div>
        <section className={classes.threadPane} aria-label="Переписка">
          {current === null ? (
            <EmptyState
              icon={<IconMessage2 size={40} stroke={1.5} aria-hidden />}
              title="Выберите диалог"
              text="Переписка откроется здесь."
            />
          ) : chat.isPending ? null : chat.isError ? (
            <EmptyState
              title="Диалог не найден"
              text={errorMessage(chat.error)}
              action={
                <Button component={Link} to="/account/messenger" variant="default">
                  Ко всем диалогам
                </Button>
              }
            />
          ) : (
            <Thread key={chat.data.id} chat={chat.data} me={user.id} />
          )}
        </section>
      </div>
    </Stack>
  );
}
