/**
 * One status tab of «Мои товары»: the owner's listings of that status, 12 per page, with loading, error and
 * empty states, the actions of each listing and the delete confirmation. The list lives in the shared query
 * cache; an action refetches the lists and the counts.
 */
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OwnerListing } from '@vitrina/contract/products';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorInfo, errorMessage } from '../../shared/api/query';
import { EmptyState } from '../../shared/ui/empty-state';
import { missingParts } from './messages';
import { OwnerListingRow } from './owner-listing-row';
import { useListingAction, useOwnerPage, type ListingAction } from './queries';
import { ListPagination } from '../../shared/ui/list-pagination';

/** The status tabs, in order. */
export const TABS = ['active', 'pending_review', 'draft', 'reserved', 'sold', 'blocked'] as const;
/** Tabs shown only while they hold listings (or are open). */
export const RARE_TABS: readonly string[] = ['pending_review', 'blocked'];
/** Tab names before the counts arrive. */
export const TAB_LABELS: Record<(typeof TABS)[number], string> = {
  active: 'В продаже',
  pending_review: 'На проверке',
  draft: 'Черновики',
  reserved: 'Забронированы',
  sold: 'Проданы',
  blocked: 'Заблокированы',
};
const EMPTY_TEXT: Record<string, string> = {
  pending_review: 'Здесь появятся вещи люксовых брендов, которые ждут проверки подлинности.',
  blocked: 'Заблокированных объявлений нет.',
  active: 'Здесь будут товары, которые видят покупатели.',
  draft: 'Черновики видите только вы: сохраните товар как черновик и опубликуйте, когда будете готовы.',
  reserved: 'Здесь появятся товары, которые покупатель оформил и оплачивает.',
  sold: 'Здесь появятся проданные товары.',
};

/** One status tab: the owner's listings of `status`, 12 per page, with their actions. */
export function StatusList({ status, page, onPage }: { status: string; page: number; onPage: (p: number) => void }) {
  const query = useOwnerPage(status, page);
  const data = query.data ?? null;
  const [confirm, setConfirm] = useState<OwnerListing | null>(null);
  const action = useListingAction();
  const busy = action.isPending ? (action.variables?.id ?? null) : null;
  const notFound = errorInfo(query.error)?.status === 404 && page > 1;
  // A page past the end (the list shrank): one page back.
  useEffect(() => {
    if (notFound) onPage(page - 1);
  }, [notFound, page, onPage]);
  const error = query.error && !query.isFetching && !notFound ? errorMessage(query.error) : null;

  async function act(l: OwnerListing, kind: ListingAction) {
    try {
      await action.mutateAsync({ id: l.id, kind });
    } catch (err) {
      const fields = errorInfo(err)?.fields ?? {};
      setConfirm(null);
      notifications.show({
        color: 'red',
        title: 'Не получилось',
        message:
          kind === 'publish' && Object.keys(fields).length
            ? `Чтобы опубликовать, заполните товар до конца: ${missingParts(Object.values(fields).flat())}. Откройте «Редактировать».`
            : errorMessage(err),
      });
      return;
    }
    setConfirm(null);
    notifications.show({
      title: { draft: 'Перенесено в черновики', publish: 'Товар опубликован', delete: 'Товар удалён' }[kind],
      message: l.title,
    });
  }

  if (error) {
    return (
      <Alert color="red" role="alert" title="Не удалось загрузить товары">
        {error}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          Повторить
        </Button>
      </Alert>
    );
  }
  if (!data) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Загрузка товаров">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={112} radius="md" />
        ))}
      </Stack>
    );
  }
  if (data.count === 0) {
    return (
      <EmptyState
        title="Пока пусто"
        text={EMPTY_TEXT[status]}
        action={
          <Button component={Link} to="/account/sell-create" variant="default">
            Продать вещь
          </Button>
        }
      />
    );
  }
  const pages = Math.ceil(data.count / 12);
  return (
    <Stack gap="sm">
      {data.results.map((l) => (
        <OwnerListingRow
          key={l.id}
          listing={l}
          busy={busy === l.id}
          onAction={(kind) => void act(l, kind)}
          onDelete={() => setConfirm(l)}
        />
      ))}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <ListPagination total={pages} value={page} onChange={onPage} />
        </Group>
      )}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title="Удалить товар?" centered>
        <Stack>
          <Text>«{confirm?.title}» исчезнет из каталога и из ваших товаров. Это действие нельзя отменить.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Отмена
            </Button>
            <Button
              color="red"
              loading={confirm !== null && busy === confirm.id}
              onClick={() => confirm && void act(confirm, 'delete')}
            >
              Удалить
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
