/** An empty or error state: a short heading, what to do next, an optional action. */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Stack align="center" gap="sm" py={64} px="md" ta="center">
      {icon}
      <Title order={2} fz={22}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" maw={440}>
          {text}
        </Text>
      )}
      {action}
    </Stack>
  );
}

/** The default export: for a page that loads it as a chunk of its own (the cart). */
export default EmptyState;
