/**
 * Staff's audit log (`/admin/audit`): newest first, filters in the URL (`?action=&object_type=&object_id=&staff=`).
 */
import { Code, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS } from '@vitrina/contract/admin';
import { useSearchParams } from 'react-router';
import { queryClient, unwrap } from '../../shared/api/query';
import { moscowDateTime } from '../../shared/lib/dates';
import { fetchAudit } from './api';
import { FilterBar } from './filter-bar';
import { pageOf, StaffPage, useStaffEnabled } from './staff-page';

const OBJECTS = ['', 'product', 'user', 'report', 'order', 'content', 'compilation'];

export function AdminAudit() {
  const [params] = useSearchParams();
  const f = {
    action: params.get('action') ?? '',
    object_type: params.get('object_type') ?? '',
    object_id: params.get('object_id') ?? '',
    staff: params.get('staff') ?? '',
    page: pageOf(params),
  };
  const q = useQuery(
    {
      queryKey: ['admin', 'audit', f],
      queryFn: async ({ signal }) => unwrap(await fetchAudit(f, signal)),
      enabled: useStaffEnabled(),
      retry: false,
    },
    queryClient,
  );
  const rows = q.data?.results ?? [];
  return (
    <StaffPage
      title="Журнал"
      query={q}
      count={q.data?.count ?? 0}
      page={f.page}
      filters={
        <FilterBar
          search={{ name: 'object_id', label: 'id объекта' }}
          selects={[
            {
              name: 'action',
              label: 'Действие',
              options: [{ value: '', label: 'Все' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: a }))],
            },
            {
              name: 'object_type',
              label: 'Объект',
              options: OBJECTS.map((o) => ({ value: o, label: o || 'Все' })),
            },
          ]}
        />
      }
    >
      {!rows.length ? (
        <Text c="dimmed" py="xl" ta="center">
          Записей нет.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing={4} fz="sm" aria-label="Журнал действий">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Сотрудник</Table.Th>
                <Table.Th>Действие</Table.Th>
                <Table.Th>Объект</Table.Th>
                <Table.Th>Причина</Table.Th>
                <Table.Th>Подробности</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id} data-testid="audit-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{moscowDateTime(a.at)}</Table.Td>
                  <Table.Td>{a.staff.name}</Table.Td>
                  <Table.Td>
                    <Code>{a.action}</Code>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {a.object_type} #{a.object_id}
                  </Table.Td>
                  <Table.Td>{a.reason || '—'}</Table.Td>
                  <Table.Td>
                    <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                      {JSON.stringify(a.details)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </StaffPage>
  );
}
