/**
 * Staff's reports queue (`/admin/reports`): one row per reported object, most reported first, with the reports'
 * texts; a listing is blocked from here (with the reason), an account is opened in «Пользователи», an item with
 * nothing wrong is dismissed. The page lives in the URL (`?page=2`).
 */
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReportCase } from '@vitrina/contract/admin';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryClient, unwrap } from '../../shared/api/query';
import { moscowDateTime } from '../../shared/lib/dates';
import { dismissReport, fetchReports, productAction } from './api';
import { ReasonDialog, type ReasonAction } from './reason-dialog';

/** A reported listing's state, as staff read it in the queue. */
const LISTING_STATE: Record<string, string> = {
  active: 'В продаже',
  draft: 'Черновик',
  reserved: 'Забронирован',
  sold: 'Продан',
  deleted: 'Удалён',
  blocked: 'Заблокирован',
  pending_review: 'На проверке',
};
import { pageOf, StaffPage, useStaffEnabled } from './staff-page';

export function AdminReports() {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery(
    {
      queryKey: ['admin', 'reports', page],
      queryFn: async ({ signal }) => unwrap(await fetchReports(page, signal)),
      enabled: useStaffEnabled(),
      retry: false,
    },
    queryClient,
  );
  const [action, setAction] = useState<ReasonAction | null>(null);
  const rows = q.data?.results ?? [];
  return (
    <StaffPage title="Жалобы" query={q} count={q.data?.count ?? 0} page={page}>
      {!rows.length ? (
        <Text c="dimmed" py="xl" ta="center">
          Открытых жалоб нет.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Очередь жалоб">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Объект</Table.Th>
                <Table.Th w={70}>Жалоб</Table.Th>
                <Table.Th>Жалобы</Table.Th>
                <Table.Th w={220}>Действия</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <CaseRow key={c.id} c={c} onAction={setAction} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonDialog action={action} onClose={() => setAction(null)} />
    </StaffPage>
  );
}

function CaseRow({ c, onAction }: { c: ReportCase; onAction: (a: ReasonAction) => void }) {
  const o = c.object;
  const what = c.object_type === 'product' ? 'Товар' : 'Пользователь';
  return (
    <Table.Tr data-testid="report-case">
      <Table.Td>
        <Stack gap={2}>
          <Text fz="xs" c="dimmed">
            {what} #{c.object_id}
          </Text>
          {o ? (
            <Anchor component={Link} to={o.url} fw={600} fz="sm">
              {o.title}
            </Anchor>
          ) : (
            <Text fz="sm">Удалён</Text>
          )}
          {o?.owner && (
            <Text fz="xs">
              Продавец: <Link to={`/admin/users?user=${o.owner.id}`}>{o.owner.name}</Link>
            </Text>
          )}
          {o && (
            <Badge variant="light" color="gray" size="sm" tt="none" w="fit-content">
              {LISTING_STATE[o.status] ?? o.status}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td fw={700}>{c.reports_count}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {c.reports.map((r) => (
            <Text key={r.id} fz="xs">
              <b>{r.reason_label}</b>
              {r.text ? `: ${r.text}` : ''} — {r.reporter.name}, {moscowDateTime(r.created_at)}
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          {c.object_type === 'product' && o && o.status !== 'blocked' && (
            <Button
              size="compact-sm"
              color="red"
              onClick={() =>
                onAction({
                  title: `Заблокировать «${o.title}»`,
                  confirm: 'Заблокировать',
                  required: true,
                  danger: true,
                  run: (reason) => productAction(c.object_id, 'block', reason),
                })
              }
            >
              Заблокировать
            </Button>
          )}
          {c.object_type === 'user' && (
            <Button component={Link} to={`/admin/users?user=${c.object_id}`} size="compact-sm" variant="default">
              Открыть
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="default"
            onClick={() =>
              onAction({
                title: 'Отклонить жалобы',
                confirm: 'Отклонить',
                required: false,
                run: (reason) => dismissReport(c.id, reason),
              })
            }
          >
            Отклонить
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
