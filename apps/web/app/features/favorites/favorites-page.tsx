/**
 * `/account/favorites` (spec §2): the signed-in user's favorites as a grid of cards with hearts,
 * sorted by the date added (newest first) or by price (`?sort=price_asc|price_desc`; items no longer on sale
 * go last), a price that dropped since adding next to the old one struck through (kept live: a price-drop or
 * «sold» notification on the socket loads the list again), sold and withdrawn items greyed with «Продано» / «Снято с продажи», a loading skeleton and an
 * empty state with a way to the catalog. The list is the query `['favorites']` on the shared cache; every
 * heart's add/remove answer (the whole list, spec §4) replaces it.
 */
import { Button, Group, NativeSelect, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeart, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, queryClient, typedQuery } from '../../shared/api/query';
import { plural } from '@vitrina/contract/plural';
import { EmptyState } from '../../shared/ui/empty-state';
import { ProductGrid, ProductGridSkeleton } from '../../shared/ui/product-card';
import { onNotificationSocketEvent } from '../notifications';
import { onFavoritesAnswer } from './actions';
import { mutedOf, sortFavorites, SORTS } from './sort';

/** The notifications after which the list is loaded again (a price drop: the old price struck through). */
const LIVE_TYPES = new Set(['favorite_price_drop', 'favorite_sold']);

/** The query key of the favorites list. */
export const FAVORITES_KEY = ['favorites'] as const;

function Heading({ count }: { count?: number }) {
  return (
    <Group justify="space-between" align="baseline" gap="xs">
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        Избранное
      </Title>
      {count !== undefined && count > 0 && (
        <Text c="dimmed">
          {count} {plural(count, ['вещь', 'вещи', 'вещей'])}
        </Text>
      )}
    </Group>
  );
}

export function FavoritesPage() {
  const [params, setParams] = useSearchParams();
  const sort = SORTS.some((s) => s.value === params.get('sort')) ? params.get('sort')! : 'added';
  const query = useQuery({ queryKey: FAVORITES_KEY, queryFn: typedQuery('/v1/favorites/') }, queryClient);
  useEffect(() => onFavoritesAnswer((items) => queryClient.setQueryData(FAVORITES_KEY, { data: items })), []);
  // A kept item's price dropped or it sold (or the socket came back): the list is loaded again, no reload needed.
  useEffect(
    () =>
      onNotificationSocketEvent((e) => {
        if (e.type === 'resync' || LIVE_TYPES.has(e.notification.type))
          void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
      }),
    [],
  );
  const items = query.data?.data;

  if (!items) {
    if (query.error)
      return (
        <Stack gap="lg">
          <Heading />
          <EmptyState
            icon={<IconWifiOff size={40} stroke={1.5} aria-hidden />}
            title="Не удалось загрузить избранное"
            text={errorMessage(query.error)}
            action={<Button onClick={() => void query.refetch()}>Повторить</Button>}
          />
        </Stack>
      );
    return (
      <Stack gap="lg">
        <Heading />
        <ProductGridSkeleton count={8} narrow />
      </Stack>
    );
  }

  if (!items.length)
    return (
      <Stack gap="lg">
        <Heading />
        <EmptyState
          icon={
            <ThemeIcon size={72} radius={36} variant="light" color="ink" aria-hidden>
              <IconHeart size={34} stroke={1.5} />
            </ThemeIcon>
          }
          title="Здесь пока пусто"
          text="Нажимайте на сердечко на карточке товара — понравившиеся вещи соберутся здесь, и вы не потеряете их из виду."
          action={
            <Button component={Link} to="/catalog/search" mt="xs">
              Перейти в каталог
            </Button>
          }
        />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Heading count={items.length} />
      <NativeSelect
        label="Сортировка"
        data={SORTS}
        value={sort}
        w={{ base: '100%', xs: 280 }}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setParams((p) => (v === 'added' ? p.delete('sort') : p.set('sort', v), p), { replace: true });
        }}
      />
      <ProductGrid products={sortFavorites(items, sort)} narrow eagerCount={4} mutedOf={mutedOf} />
    </Stack>
  );
}
