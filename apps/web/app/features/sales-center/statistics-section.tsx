/**
 * «Статистика»: the chosen period (kept in the page address, so a reload or a shared link shows the same),
 * its days in words, the totals with their change and charts, and the listings table. While another period
 * loads the figures on screen stay, dimmed.
 */
import { Box, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadError } from './load-error';
import { ListingsTable } from './listings-table';
import { MetricCards } from './metric-cards';
import { PeriodBar } from './period-bar';
import { periodFromSearch, periodQuery, periodToSearch, rangeCaption, type PeriodChoice } from './period';
import { useStatistics } from './queries';

export function StatisticsSection() {
  const [params, setParams] = useSearchParams();
  const choice = periodFromSearch(params);
  const query = useStatistics(periodQuery(choice));
  const stats = query.data ?? null;
  const choose = (c: PeriodChoice) =>
    setParams(new URLSearchParams(periodToSearch(c)), { replace: true, preventScrollReset: true });
  const stale = query.isPlaceholderData;

  return (
    <Stack gap="md" component="section" aria-labelledby="sales-stats">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz={22} id="sales-stats">
          Статистика
        </Title>
        <Text fz="sm" c="dimmed" aria-live="polite" data-testid="period-caption">
          {stats ? rangeCaption(stats.date_from, stats.date_to) : '\u00a0'}
        </Text>
      </Group>
      <PeriodBar
        choice={choice}
        range={stats ? { from: stats.date_from, to: stats.date_to } : null}
        onChange={choose}
      />
      {query.isError && !stale ? (
        <LoadError what="статистику" error={query.error} retry={() => void query.refetch()} />
      ) : (
        <Box
          aria-busy={query.isFetching}
          style={{ opacity: stale ? 0.55 : 1, transition: 'opacity 150ms' }}
          data-testid="statistics"
          data-period={stats?.period}
        >
          <Stack gap="lg">
            <MetricCards stats={stats} />
            <Stack gap="sm">
              <Title order={3} fz={18}>
                Товары за период
              </Title>
              {!stats ? (
                <Skeleton h={240} radius="md" />
              ) : stats.top_listings.length === 0 ? (
                <Text c="dimmed" fz="sm">
                  За этот период у ваших товаров не было просмотров и заказов.
                </Text>
              ) : (
                <ListingsTable listings={stats.top_listings} />
              )}
            </Stack>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
