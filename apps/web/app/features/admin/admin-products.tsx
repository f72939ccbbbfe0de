/**
 * Staff's listings (`/admin/products`): search by title or id and a status filter in the URL
 * (`?q=&status=pending_review&page=2`); block and unblock with a reason; the luxury checks — the seller's proof
 * photos, approve («Проверено») or decline with the reason.
 */
import { Anchor, Badge, Button, Group, Image, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@vitrina/contract/admin-users';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { privatePhotoRefresh, queryClient, unwrap } from '../../shared/api/query';
import { formatPrice } from '../../shared/lib/price';
import { fetchProducts, productAction } from './api';
import { FilterBar } from './filter-bar';
import { ReasonDialog, type ReasonAction } from './reason-dialog';
import { pageOf, StaffPage, useStaffEnabled } from './staff-page';

const STATUSES = [
  { value: '', label: 'Все' },
  { value: 'pending_review', label: 'На проверке подлинности' },
  { value: 'active', label: 'В продаже' },
  { value: 'blocked', label: 'Заблокированы' },
  { value: 'draft', label: 'Черновики' },
  { value: 'reserved', label: 'Забронированы' },
  { value: 'sold', label: 'Проданы' },
];

export function AdminProducts() {
  const [params] = useSearchParams();
  const f = { q: params.get('q') ?? '', status: params.get('status') ?? '', page: pageOf(params) };
  const q = useQuery(
    {
      queryKey: ['admin', 'products', f],
      queryFn: async ({ signal }) => unwrap(await fetchProducts(f, signal)),
      enabled: useStaffEnabled(),
      retry: false,
      // Proof photos' links work about an hour.
      ...privatePhotoRefresh,
    },
    queryClient,
  );
  const [action, setAction] = useState<ReasonAction | null>(null);
  const rows = q.data?.results ?? [];
  return (
    <StaffPage
      title="Товары"
      query={q}
      count={q.data?.count ?? 0}
      page={f.page}
      filters={
        <FilterBar
          search={{ name: 'q', label: 'Название или #id' }}
          selects={[{ name: 'status', label: 'Статус', options: STATUSES }]}
        />
      }
    >
      {!rows.length ? (
        <Text c="dimmed" py="xl" ta="center">
          Ничего не нашлось.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Объявления">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>Фото</Table.Th>
                <Table.Th>Объявление</Table.Th>
                <Table.Th>Продавец</Table.Th>
                <Table.Th ta="right">Цена</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th w={230}>Действия</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <ProductRow key={p.id} p={p} onAction={setAction} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonDialog action={action} onClose={() => setAction(null)} />
    </StaffPage>
  );
}

function ProductRow({ p, onAction }: { p: AdminProduct; onAction: (a: ReasonAction) => void }) {
  const act = (kind: Parameters<typeof productAction>[1], a: Omit<ReasonAction, 'run'>) =>
    onAction({ ...a, run: (reason) => productAction(p.id, kind, reason) });
  return (
    <Table.Tr data-testid="admin-product">
      <Table.Td>{p.photo && <Image src={p.photo} alt="" w={44} h={56} radius="sm" fit="cover" />}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={`/product/${p.slug}`} fw={600} fz="sm">
            {p.title}
          </Anchor>
          <Text fz="xs" c="dimmed">
            #{p.id}
            {p.brand ? ` · ${p.brand}` : ''}
            {p.is_luxury ? ' · люкс' : ''}
          </Text>
          {p.authenticity_photos.length > 0 && (
            <Group gap={4} aria-label="Фото для проверки подлинности">
              {p.authenticity_photos.map((ph, i) => (
                <a key={ph.id} href={ph.url} target="_blank" rel="noreferrer" aria-label={`Подтверждение ${i + 1}`}>
                  <Image src={ph.url_small} alt="" w={40} h={40} radius="xs" fit="cover" />
                </a>
              ))}
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/admin/users?user=${p.owner.id}`} fz="sm">
          {p.owner.name}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatPrice(p.price)}
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Group gap={4}>
            <Badge variant="light" color={p.status === 'blocked' ? 'red' : 'gray'} size="sm" tt="none">
              {p.status_label}
            </Badge>
            {p.verified && (
              <Badge variant="light" color="green" size="sm" tt="none">
                Проверено
              </Badge>
            )}
          </Group>
          {(p.block_reason ?? p.review_decline_reason) && (
            <Text fz="xs" c="dimmed">
              {p.block_reason ?? p.review_decline_reason}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          {p.status === 'pending_review' && (
            <>
              <Button
                size="compact-sm"
                color="green"
                onClick={() =>
                  act('authenticity/approve', {
                    title: `Подтвердить «${p.title}»`,
                    confirm: 'Подтвердить',
                    required: false,
                  })
                }
              >
                Подтвердить
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() =>
                  act('authenticity/decline', {
                    title: `Отклонить проверку «${p.title}»`,
                    confirm: 'Отклонить',
                    required: true,
                  })
                }
              >
                Отклонить
              </Button>
            </>
          )}
          {(p.status === 'active' || p.status === 'draft') && (
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              onClick={() =>
                act('block', {
                  title: `Заблокировать «${p.title}»`,
                  confirm: 'Заблокировать',
                  required: true,
                  danger: true,
                })
              }
            >
              Заблокировать
            </Button>
          )}
          {p.status === 'blocked' && (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() =>
                act('unblock', { title: `Разблокировать «${p.title}»`, confirm: 'Разблокировать', required: false })
              }
            >
              Разблокировать
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
