/**
 * The frame of a staff screen: rendered in the browser only (the server sends a neutral shell to everyone); a
 * guest, or anyone the API answers 401/403, sees the 404 page; a skeleton while the first answer comes.
 */
import { Alert, Button, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { NotFound } from '../../shared/ui/not-found';
import { useAuth } from '../auth';
import { ADMIN_PAGE_SIZE } from './api';

const shell = (
  <Stack gap="md" aria-busy="true">
    <Skeleton h={36} w={240} />
    <Skeleton h={240} />
  </Stack>
);

/** Whether the staff queries may run (the person is signed in). */
export const useStaffEnabled = () => useAuth().status === 'signed-in';

/**
 * @param query the screen's main query (its 401/403 shows the 404 page)
 * @param filters the filter bar (kept in the URL by the screen)
 * @param page the page shown (from the URL's `page`); the pagination sets `page` in the URL, keeping the filters
 */
export function StaffPage<T>({
  title,
  query,
  filters,
  count,
  page,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  filters?: ReactNode;
  count: number;
  page: number;
  children: ReactNode;
}) {
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const onPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };
  const denied = [401, 403].includes(errorInfo(query.error)?.status ?? 0);
  if (status === 'signed-out' || denied) return <NotFound />;
  if (status !== 'signed-in' || (query.isPending && !query.data)) return shell;
  const pages = Math.max(1, Math.ceil(count / ADMIN_PAGE_SIZE));
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {filters}
      {query.isError ? (
        <Alert color="red" title="Не удалось загрузить">
          <Text fz="sm">{errorMessage(query.error)}</Text>
          <Button mt="sm" size="xs" variant="outline" onClick={() => void query.refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : (
        children
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={onPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}

/** The URL's `page` (1 when absent or bad). */
export const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);
