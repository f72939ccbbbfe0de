/** One figure of the dashboard: a label, the value in large tabular digits, a note under it. */
import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text fz="sm" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text fz={{ base: 20, sm: 24 }} fw={700} mt={6} className="vt-price" lh={1.2}>
        {value}
      </Text>
      {note && (
        <Text fz="xs" c="dimmed" mt={6} lh={1.35}>
          {note}
        </Text>
      )}
    </Paper>
  );
}
