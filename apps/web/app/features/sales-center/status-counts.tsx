/** The seller's listings counted by status, each a link to that tab of «Мои товары». */
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ProductStatus } from '@vitrina/contract/products';
import { Link } from 'react-router';

export function StatusCounts({ statuses }: { statuses: ProductStatus[] | null }) {
  return (
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
  );
}
