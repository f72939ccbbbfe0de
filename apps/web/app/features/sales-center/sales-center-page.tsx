/**
 * «Центр продаж» (screen account-sales-center): the seller's money (balance, fee, service level),
 * statistics of a period with charts and the listings table, the listings counted by status, and the
 * subscribers and subscriptions. A seller who has never listed anything gets a way to «Продать» instead of
 * empty figures.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state';
import { useProductStatuses } from '../sell';
import { SubscriptionTabs } from '../social';
import { LoadError } from './load-error';
import { MoneySection } from './money-section';
import { StatisticsSection } from './statistics-section';
import { StatusCounts } from './status-counts';

export function SalesCenterPage() {
  const statusesQuery = useProductStatuses();
  const statuses = statusesQuery.data ?? null;
  const newSeller = statuses !== null && statuses.every((s) => s.count === 0);
  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Центр продаж
        </Title>
        {!newSeller && (
          <Button component={Link} to="/account/sell-create">
            Продать вещь
          </Button>
        )}
      </Group>
      {statusesQuery.isError && (
        <LoadError what="ваши товары" error={statusesQuery.error} retry={() => void statusesQuery.refetch()} />
      )}
      {newSeller ? (
        <EmptyState
          icon={<IconChartBar size={44} stroke={1.5} aria-hidden />}
          title="Здесь появится статистика ваших продаж"
          text="Выставьте первую вещь — мы покажем просмотры, добавления в избранное, заказы и выручку, а деньги за проданное будут видны здесь же."
          action={
            <Button component={Link} to="/account/sell-create" size="md" data-testid="sell-first">
              Продать
            </Button>
          }
        />
      ) : (
        <>
          <MoneySection />
          <StatisticsSection />
          <Stack gap="sm" component="section" aria-labelledby="sales-listings">
            <Title order={2} fz={22} id="sales-listings">
              Мои товары
            </Title>
            <StatusCounts statuses={statuses} />
          </Stack>
        </>
      )}
      <Stack gap="sm" component="section" aria-labelledby="sales-people">
        <Title order={2} fz={22} id="sales-people">
          Подписчики и подписки
        </Title>
        <SubscriptionTabs />
      </Stack>
    </Stack>
  );
}
