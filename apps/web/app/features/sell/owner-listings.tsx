/**
 * «Мои товары и продажи» (screen account-sales): tabs by status with counts (`/v1/product_statuses/`),
 * the caller's listings 12 per page (`/v1/product_owner/`), each with its actions — edit, to drafts,
 * publish, delete after a confirmation — and the «Продажи» tab with the seller's orders.
 * The tab and page live in the URL (`?status=draft&page=2`).
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import type { Page } from '@vitrina/contract/common';
import type { OwnerListing, ProductStatus } from '@vitrina/contract/products';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPrice } from '../../shared/lib/price';
import { formatDate } from '../../shared/lib/dates';
import { EmptyState } from '../../shared/ui/empty-state';
import { SellerOrders } from '../orders/seller-orders';
import { missingParts } from './messages';
import { deleteListing, fetchOwnerPage, fetchStatuses, makeDraft, publishListing } from './api';

const TABS = ['active', 'draft', 'reserved', 'sold'] as const;
const EMPTY_TEXT: Record<string, string> = {
  active: 'Здесь будут товары, которые видят покупатели.',
  draft: 'Черновики видите только вы: сохраните товар как черновик и опубликуйте, когда будете готовы.',
  reserved: 'Здесь появятся товары, которые покупатель оформил и оплачивает.',
  sold: 'Здесь появятся проданные товары.',
};

export function OwnerListings() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'active';
  const tab = raw === 'orders' || (TABS as readonly string[]).includes(raw) ? raw : 'active';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [statuses, setStatuses] = useState<ProductStatus[] | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    void fetchStatuses().then((r) => r.ok && setStatuses(r.data));
  }, [reload]);

  const go = (status: string, p = 1) => {
    const next = new URLSearchParams();
    next.set('status', status);
    if (p > 1) next.set('page', String(p));
    setParams(next);
  };
  const refresh = useCallback(() => setReload((n) => n + 1), []);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Мои товары и продажи
        </Title>
        <Button component={Link} to="/account/sell-create" leftSection={<IconPlus size={18} />}>
          Продать вещь
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => v && go(v)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {TABS.map((s) => {
            const st = statuses?.find((x) => x.value === s);
            return (
              <Tabs.Tab
                key={s}
                value={s}
                style={{ flex: 'none' }}
                rightSection={
                  st ? (
                    <Badge variant="light" color="ink" size="sm" style={{ flex: 'none', overflow: 'visible' }}>
                      {st.count}
                    </Badge>
                  ) : null
                }
              >
                {st?.label ??
                  { active: 'В продаже', draft: 'Черновики', reserved: 'Забронированы', sold: 'Проданы' }[s]}
              </Tabs.Tab>
            );
          })}
          <Tabs.Tab value="orders" style={{ flex: 'none' }}>
            Продажи
          </Tabs.Tab>
        </Tabs.List>
        {TABS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="lg">
            <StatusList status={s} page={page} onPage={(p) => go(s, p)} reload={reload} onChanged={refresh} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="orders" pt="lg">
          <SellerOrders />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function StatusList({
  status,
  page,
  onPage,
  reload,
  onChanged,
}: {
  status: string;
  page: number;
  onPage: (p: number) => void;
  reload: number;
  onChanged: () => void;
}) {
  const [data, setData] = useState<Page<OwnerListing> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<OwnerListing | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    setError(null);
    void fetchOwnerPage(status, page, ctl.signal).then((r) => {
      if (ctl.signal.aborted) return;
      if (r.ok) setData(r.data);
      else if (r.error.status === 404 && page > 1) onPage(page - 1);
      else setError(r.error.message);
    });
    return () => ctl.abort();
  }, [status, page, reload, onPage]);

  async function act(l: OwnerListing, kind: 'draft' | 'publish' | 'delete') {
    setBusy(l.id);
    const r =
      kind === 'draft'
        ? await makeDraft(l.id)
        : kind === 'publish'
          ? await publishListing(l.id)
          : await deleteListing(l.id);
    setBusy(null);
    setConfirm(null);
    if (!r.ok) {
      notifications.show({
        color: 'red',
        title: 'Не получилось',
        message:
          kind === 'publish' && Object.keys(r.error.fields).length
            ? `Чтобы опубликовать, заполните товар до конца: ${missingParts(Object.values(r.error.fields).flat())}. Откройте «Редактировать».`
            : r.error.message,
      });
      return;
    }
    notifications.show({
      title: { draft: 'Перенесено в черновики', publish: 'Товар опубликован', delete: 'Товар удалён' }[kind],
      message: l.title,
    });
    onChanged();
  }

  if (error) {
    return (
      <Alert color="red" role="alert" title="Не удалось загрузить товары">
        {error}{' '}
        <Button variant="subtle" size="compact-sm" onClick={onChanged}>
          Повторить
        </Button>
      </Alert>
    );
  }
  if (!data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Загрузка товаров">
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
        <Paper key={l.id} withBorder radius="md" p="sm" data-testid="owner-listing">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <Link
              to={l.status === 'active' || l.status === 'draft' ? `/product/${l.slug}` : '#'}
              aria-label={l.title}
              style={{ flex: '0 0 auto' }}
            >
              {l.photo ? (
                <Image src={l.photo.url_small} alt="" w={80} h={100} radius="sm" fit="cover" />
              ) : (
                <Stack
                  w={80}
                  h={100}
                  bg="var(--mantine-color-gray-1)"
                  align="center"
                  justify="center"
                  style={{ borderRadius: 4 }}
                >
                  <IconPhoto size={24} color="var(--mantine-color-gray-5)" />
                </Stack>
              )}
            </Link>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {l.title}
                </Text>
                <Badge
                  variant="light"
                  color={l.status === 'active' ? 'green' : l.status === 'draft' ? 'gray' : 'orange'}
                  style={{ flex: 'none' }}
                >
                  {l.status_label}
                </Badge>
              </Group>
              <Text fz="sm" c="dimmed" truncate>
                {[l.brand?.name, l.offers.map((o) => `${o.size} × ${o.count}`).join(', ')].filter(Boolean).join(' · ')}
              </Text>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {l.price > 0 ? formatPrice(l.price) : 'Цена не указана'}
              </Text>
              <Text fz="xs" c="dimmed">
                Изменён {formatDate(l.updated_at)}
              </Text>
              <Group gap="xs" mt={4}>
                {(l.status === 'active' || l.status === 'draft') && (
                  <Button component={Link} to={`/account/sell-create?edit=${l.id}`} size="compact-sm" variant="default">
                    Редактировать
                  </Button>
                )}
                {l.status === 'active' && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={busy === l.id}
                    onClick={() => void act(l, 'draft')}
                  >
                    В черновики
                  </Button>
                )}
                {l.status === 'draft' && (
                  <Button size="compact-sm" loading={busy === l.id} onClick={() => void act(l, 'publish')}>
                    Опубликовать
                  </Button>
                )}
                {l.status !== 'reserved' && (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirm(l)}>
                    Удалить
                  </Button>
                )}
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            getControlProps={(c) => ({
              'aria-label': c === 'next' ? 'Следующая страница' : c === 'previous' ? 'Предыдущая страница' : c,
            })}
          />
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
