/**
 * «Центр продаж» (screen account-sales-center): the seller's listings counted by status (each a link to
 * that tab of «Мои товары»), then subscribers and subscriptions, 12 per page.
 */
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useProductStatuses } from '../sell';
import { UserList } from './user-list';

export function SalesCenter() {
  const statusesQuery = useProductStatuses();
  const statuses = statusesQuery.data ?? null;
  const failed = statusesQuery.isError;
  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Центр продаж
        </Title>
        <Button component={Link} to="/account/sell-create">
          Продать вещь
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {statuses
          ? statuses.map((s) => (
              <Paper
                key={s.value}
                component={Link}
                to={`/account/sales?status=${s.value}`}
                withBorder
                radius="md"
                p="md"
                style={{ color: 'inherit', textDecoration: 'none' }}
                data-testid="status-count"
              >
                <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {s.count}
                </Text>
                <Text fz="sm" c="dimmed">
                  {s.label}
                </Text>
              </Paper>
            ))
          : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} h={88} radius="md" />)}
      </SimpleGrid>
      {failed && <Text c="red.7">Не удалось загрузить счётчики товаров.</Text>}
      <Tabs defaultValue="subscribers" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="subscribers">Подписчики</Tabs.Tab>
          <Tabs.Tab value="subscribes">Подписки</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="subscribers" pt="lg">
          <UserList which="subscribers" />
        </Tabs.Panel>
        <Tabs.Panel value="subscribes" pt="lg">
          <UserList which="subscribes" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
