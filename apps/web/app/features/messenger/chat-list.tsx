/** The conversation list: listing photo, person, last message, time and unread badge; loading, empty and error states. */
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import type { Chat } from '@vitrina/contract/chats';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/query';
import { EmptyState } from '../../shared/ui/empty-state';
import classes from './messenger.module.css';
import { useChatList } from './queries';
import { listTimeLabel } from './rules';

/** What the list shows of a last message. */
function lastLine(c: Chat, me: number): string {
  const m = c.last_message;
  if (!m) return 'Нет сообщений';
  if (m.erased) return 'Сообщение удалено';
  const text = m.text || (m.photos.length ? 'Фотография' : '');
  return m.author === me ? `Вы: ${text}` : text;
}

export function ChatList({ me, current }: { me: number; current: number | null }) {
  const q = useChatList();
  if (q.isPending)
    return (
      <Stack gap={0} role="status" aria-busy="true" aria-label="Загрузка диалогов">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={72} radius={0} mb={1} />
        ))}
      </Stack>
    );
  if (q.isError)
    return (
      <EmptyState
        title="Не удалось загрузить диалоги"
        text={errorMessage(q.error)}
        action={<Button onClick={() => void q.refetch()}>Повторить</Button>}
      />
    );
  const chats = q.data.pages.flatMap((p) => p.results);
  if (!chats.length)
    return (
      <EmptyState
        icon={<IconMessage2 size={40} stroke={1.5} aria-hidden />}
        title="Сообщений пока нет"
        text="Задать вопрос о вещи или предложить цену можно на странице товара."
        action={
          <Button component={Link} to="/" variant="default">
            На главную
          </Button>
        }
      />
    );
  const now = new Date();
  return (
    <nav aria-label="Диалоги">
      {chats.map((c) => (
        <Link
          key={c.id}
          to={`?chat=${c.id}`}
          className={classes.item}
          aria-current={c.id === current ? 'page' : undefined}
          data-testid="chat-item"
        >
          {c.product.photo ? (
            <img className={classes.thumb} src={c.product.photo.url_small} alt="" />
          ) : (
            <span className={classes.thumb} aria-hidden />
          )}
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} fz="sm" truncate>
                {c.interlocutor.name}
              </Text>
              {c.last_message && (
                <Text fz="xs" c="dimmed" style={{ flex: 'none' }}>
                  {listTimeLabel(c.last_message.created_at, now)}
                </Text>
              )}
            </Group>
            <Text fz="xs" c="dimmed" truncate>
              {c.product.title}
            </Text>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fz="sm" truncate c={c.unread_count ? 'ink.9' : 'gray.7'}>
                {lastLine(c, me)}
              </Text>
              {c.unread_count > 0 && (
                <Badge
                  color="coral.6"
                  size="sm"
                  circle={c.unread_count < 10}
                  aria-label={`Непрочитанных: ${c.unread_count}`}
                >
                  {c.unread_count}
                </Badge>
              )}
            </Group>
          </Stack>
        </Link>
      ))}
      {q.hasNextPage && (
        <Button variant="subtle" fullWidth onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
          Показать ещё
        </Button>
      )}
    </nav>
  );
}
