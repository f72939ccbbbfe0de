/**
 * Designed empty states of account sections whose features come later (messages): an icon, what
 * the section is for, and what to do now.
 */
import { Button, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state';

function Icon({ children }: { children: React.ReactNode }) {
  return (
    <ThemeIcon size={72} radius={36} variant="light" color="ink" aria-hidden>
      {children}
    </ThemeIcon>
  );
}

export function MessengerEmpty() {
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        Сообщения
      </Title>
      <EmptyState
        icon={
          <Icon>
            <IconMessage2 size={34} stroke={1.5} />
          </Icon>
        }
        title="Сообщений пока нет"
        text="Здесь появятся переписки с продавцами и покупателями. Задать вопрос о вещи можно на странице товара."
        action={
          <Button component={Link} to="/" variant="default" mt="xs">
            На главную
          </Button>
        }
      />
    </Stack>
  );
}
