/**
 * Staff's accounts (`/admin/users`): search by phone or name (`?q=`), an account opened with `?user=<id>` — its
 * state, listings by status and orders on both sides — and block (with the reason) or unblock.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@vitrina/contract/admin-users';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryClient, unwrap } from '../../shared/api/query';
import { moscowDate, moscowDateTime } from '../../shared/lib/dates';
import { formatPrice } from '../../shared/lib/price';
import { fetchUser, fetchUsers, userAction } from './api';
import { FilterBar } from './filter-bar';
import { ReasonDialog, type ReasonAction } from './reason-dialog';
import { pageOf, StaffPage, useStaffEnabled } from './staff-page';

export function AdminUsers() {
  const [params, setParams] = useSearchParams();
  const f = { q: params.get('q') ?? '', page: pageOf(params) };
  const userId = Number(params.get('user')) || null;
  const enabled = useStaffEnabled();
  const q = useQuery(
    {
      queryKey: ['admin', 'users', f],
      queryFn: async ({ signal }) => unwrap(await fetchUsers(f, signal)),
      enabled,
      retry: false,
    },
    queryClient,
  );
  const [action, setAction] = useState<ReasonAction | null>(null);
  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('user', String(id));
    else next.delete('user');
    setParams(next);
  };
  const rows = q.data?.results ?? [];
  return (
    <StaffPage
      title="Пользователи"
      query={q}
      count={q.data?.count ?? 0}
      page={f.page}
      filters={<FilterBar search={{ name: 'q', label: 'Телефон или имя' }} />}
    >
      {userId && <UserCard id={userId} onClose={() => open(null)} onAction={setAction} />}
      {!rows.length ? (
        <Text c="dimmed" py="xl" ta="center">
          Никого не нашлось.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Пользователи">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Имя</Table.Th>
                <Table.Th>Телефон</Table.Th>
                <Table.Th>Город</Table.Th>
                <Table.Th ta="right">В продаже</Table.Th>
                <Table.Th ta="right">Заказов</Table.Th>
                <Table.Th>С нами с</Table.Th>
                <Table.Th>Состояние</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.id} data-testid="admin-user">
                  <Table.Td>
                    <Anchor component={Link} to={`?${withUser(params, u.id)}`} fw={600} fz="sm">
                      {u.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{u.phone ?? '—'}</Table.Td>
                  <Table.Td>{u.city || '—'}</Table.Td>
                  <Table.Td ta="right">{u.active_listings}</Table.Td>
                  <Table.Td ta="right">{u.orders_count}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{moscowDate(u.date_joined)}</Table.Td>
                  <Table.Td>
                    {u.blocked_at ? (
                      <Badge color="red" variant="light" size="sm" tt="none">
                        Заблокирован
                      </Badge>
                    ) : u.role === 'staff' ? (
                      <Badge variant="light" size="sm" tt="none">
                        Сотрудник
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonDialog action={action} onClose={() => setAction(null)} />
    </StaffPage>
  );
}

const withUser = (params: URLSearchParams, id: number) => {
  const next = new URLSearchParams(params);
  next.set('user', String(id));
  return next.toString();
};

function UserCard({ id, onClose, onAction }: { id: number; onClose: () => void; onAction: (a: ReasonAction) => void }) {
  const q = useQuery(
    {
      queryKey: ['admin', 'user', id],
      queryFn: async ({ signal }) => unwrap(await fetchUser(id, signal)),
      retry: false,
    },
    queryClient,
  );
  const u = q.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid="admin-user-card">
      {!u ? (
        <Text c="dimmed">{q.isError ? 'Пользователь не найден.' : 'Загрузка…'}</Text>
      ) : (
        <UserDetail u={u} onClose={onClose} onAction={onAction} />
      )}
    </Card>
  );
}

function UserDetail({
  u,
  onClose,
  onAction,
}: {
  u: AdminUserDetail;
  onClose: () => void;
  onAction: (a: ReasonAction) => void;
}) {
  const listings = Object.entries(u.listings_by_status)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz={20}>
          {u.name}{' '}
          <Text span c="dimmed" fz="sm">
            #{u.id} · {u.phone ?? 'без телефона'}
          </Text>
        </Title>
        <Group gap={6}>
          {u.blocked_at ? (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() =>
                onAction({
                  title: `Разблокировать ${u.name}`,
                  confirm: 'Разблокировать',
                  required: false,
                  run: (reason) => userAction(u.id, 'unblock', reason),
                })
              }
            >
              Разблокировать
            </Button>
          ) : (
            u.role !== 'staff' && (
              <Button
                size="compact-sm"
                color="red"
                onClick={() =>
                  onAction({
                    title: `Заблокировать ${u.name}`,
                    confirm: 'Заблокировать',
                    required: true,
                    danger: true,
                    run: (reason) => userAction(u.id, 'block', reason),
                  })
                }
              >
                Заблокировать
              </Button>
            )
          )}
          <Button size="compact-sm" variant="subtle" onClick={onClose}>
            Закрыть
          </Button>
        </Group>
      </Group>
      {u.blocked_at && (
        <Text fz="sm" c="red">
          Заблокирован {moscowDateTime(u.blocked_at)}: {u.block_reason}
        </Text>
      )}
      <Text fz="sm">
        {u.city || 'Город не указан'} · с {moscowDate(u.date_joined)} · объявления: {listings || 'нет'} · открытых
        жалоб: {u.open_reports}
      </Text>
      {u.orders.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={4} fz="sm" aria-label="Заказы пользователя">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Заказ</Table.Th>
                <Table.Th>Роль</Table.Th>
                <Table.Th>Вещь</Table.Th>
                <Table.Th>Другая сторона</Table.Th>
                <Table.Th ta="right">Сумма</Table.Th>
                <Table.Th>Статус</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {u.orders.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {o.number}
                    <Text fz="xs" c="dimmed">
                      {moscowDate(o.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{o.role === 'seller' ? 'продавец' : 'покупатель'}</Table.Td>
                  <Table.Td>{o.title}</Table.Td>
                  <Table.Td>
                    <Link to={`?user=${o.counterpart.id}`}>{o.counterpart.name}</Link>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatPrice(o.total)}
                  </Table.Td>
                  <Table.Td>{o.status_label}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
