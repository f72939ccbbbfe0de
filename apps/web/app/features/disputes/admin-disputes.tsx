/**
 * Staff's disputes screen (`/admin/disputes`), rendered in the browser only: the server sends a neutral shell to
 * everyone; a guest or a non-staff person (the API answers 401/403) sees the 404 page. Filters (open, escalated,
 * decided, all), each dispute with both sides, the order and its history, and the decision form (once).
 */
import { Alert, Badge, Button, Card, Chip, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Dispute, DisputeFilter } from '@vitrina/contract/disputes';
import { errorInfo, errorMessage, privatePhotoRefresh, queryClient, unwrap } from '../../shared/api/query';
import { moscowDateTime } from '../../shared/lib/dates';
import { formatPrice } from '../../shared/lib/price';
import { NotFound } from '../../shared/ui/not-found';
import { useAuth } from '../auth';
import { fetchDisputes } from './api';
import { ClaimView } from './claim-view';
import { DecideForm } from './decide-form';
import { claimKeys } from './queries';

const FILTERS: { value: DisputeFilter; label: string }[] = [
  { value: 'escalated', label: 'Ждут решения' },
  { value: 'open', label: 'Стороны договариваются' },
  { value: 'decided', label: 'Решены' },
  { value: 'all', label: 'Все' },
];

const shell = (
  <Stack gap="md" aria-busy="true">
    <Skeleton h={36} w={240} />
    <Skeleton h={160} />
    <Skeleton h={160} />
  </Stack>
);

export function AdminDisputes() {
  const { status } = useAuth();
  const [filter, setFilter] = useState<DisputeFilter>('escalated');
  const [page, setPage] = useState(1);
  const q = useQuery(
    {
      queryKey: claimKeys.disputes(filter, page),
      queryFn: async ({ signal }) => unwrap(await fetchDisputes(filter, page, signal)),
      enabled: status === 'signed-in',
      retry: false,
      ...privatePhotoRefresh,
    },
    queryClient,
  );
  const denied = [401, 403].includes(errorInfo(q.error)?.status ?? 0);
  if (status === 'signed-out' || denied) return <NotFound />;
  if (status !== 'signed-in' || (q.isPending && !q.data)) return shell;
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / 10)) : 1;
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        Споры
      </Title>
      <Chip.Group value={filter} onChange={(v) => (setFilter(v as DisputeFilter), setPage(1))}>
        <Group gap={6} role="group" aria-label="Какие споры показать">
          {FILTERS.map((f) => (
            <Chip key={f.value} value={f.value} size="sm">
              {f.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {q.isError ? (
        <Alert color="red" title="Не удалось загрузить споры">
          <Text fz="sm">{errorMessage(q.error)}</Text>
          <Button mt="sm" size="xs" variant="outline" onClick={() => void q.refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : !data?.results.length ? (
        <Text c="dimmed" py="xl" ta="center">
          Таких споров нет.
        </Text>
      ) : (
        data.results.map((d) => <DisputeCard key={d.claim.id} dispute={d} />)
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}

function DisputeCard({ dispute }: { dispute: Dispute }) {
  const { order, claim } = dispute;
  const name = (u: { first_name: string; last_name: string }) => [u.first_name, u.last_name].filter(Boolean).join(' ');
  return (
    <Card withBorder radius="md" padding="md" data-testid="dispute">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>
            Заказ {order.number} · {formatPrice(order.total)}
          </Text>
          <Badge variant="light" color="gray" tt="none">
            {order.status_label}
          </Badge>
        </Group>
        <Text fz="sm">
          {order.items.map((i) => (
            <Link key={i.id} to={`/product/${i.slug}`}>
              {i.title}
            </Link>
          ))}
          {' · '}покупатель {name(order.buyer) || `#${order.buyer.id}`}, продавец{' '}
          {name(order.seller) || `#${order.seller.id}`}
        </Text>
        <ClaimView claim={claim} />
        <Stack gap={2}>
          <Text fz="xs" c="dimmed">
            История
          </Text>
          {order.history.map((h) => (
            <Text key={`${h.event}-${h.at}`} fz="xs">
              {moscowDateTime(h.at)} — {h.title}
              {h.note ? ` (${h.note})` : ''}
            </Text>
          ))}
        </Stack>
        {claim.status !== 'decided' && <DecideForm orderId={order.id} total={order.total} />}
      </Stack>
    </Card>
  );
}
