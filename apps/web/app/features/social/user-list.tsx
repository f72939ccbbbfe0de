/**
 * A paged list of user cards (12 per page, spec §9): the caller's subscribers or subscriptions, each
 * linking to the person's seller page.
 */
import { Alert, Avatar, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { EmptyState } from '../../shared/ui/empty-state';
import { useUserPage } from './queries';
import { ListPagination } from '../../shared/ui/list-pagination';

const SUBSCRIBERS = ['подписчик', 'подписчика', 'подписчиков'] as const;

export function UserList({ which }: { which: 'subscribers' | 'subscribes' }) {
  const [page, setPage] = useState(1);
  const query = useUserPage(which, page);
  const data = query.data ?? null;
  const notFound = errorInfo(query.error)?.status === 404 && page > 1;
  // A page past the end (the list shrank): back to the first.
  useEffect(() => {
    if (notFound) setPage(1);
  }, [notFound]);
  const error = query.error && !notFound ? errorMessage(query.error) : null;

  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!data) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} role="status" aria-busy="true" aria-label="Загрузка">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={76} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (data.count === 0) {
    return which === 'subscribers' ? (
      <EmptyState title="Подписчиков пока нет" text="Когда покупатели подпишутся на вас, они появятся здесь." />
    ) : (
      <EmptyState
        title="Вы ни на кого не подписаны"
        text="Подписывайтесь на продавцов на их страницах, чтобы не пропустить новые вещи."
      />
    );
  }
  const pages = Math.ceil(data.count / 12);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {data.results.map((u) => {
          const inner = (
            <Group wrap="nowrap" gap="sm">
              <Avatar src={u.avatar?.url_small} alt="" radius="xl" size={48} color="ink">
                {u.name.slice(0, 1)}
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {u.name}
                </Text>
                <Text fz="sm" c="dimmed" truncate>
                  {[u.city, countLabel(u.products_count, WORDS.product), countLabel(u.subscribers_count, SUBSCRIBERS)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Group>
          );
          // A person who never published a listing has no seller page: shown without a link.
          return u.has_public_page ? (
            <Paper
              key={u.id}
              component={Link}
              to={`/seller/${u.id}`}
              withBorder
              radius="md"
              p="sm"
              style={{ color: 'inherit', textDecoration: 'none' }}
              data-testid="user-card"
            >
              {inner}
            </Paper>
          ) : (
            <Paper key={u.id} withBorder radius="md" p="sm" data-testid="user-card">
              {inner}
            </Paper>
          );
        })}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center">
          <ListPagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
