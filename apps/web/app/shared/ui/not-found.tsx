/** The 404 page (spec §2, §8): heading «404», a text that the page does not exist, a button home. */
import { Stack, Text, Title } from '@mantine/core';
import { LightButton } from './light-button';

export function NotFound() {
  return (
    <Stack align="center" gap="md" py={96} px="md" ta="center">
      <Title order={1} fz={72} lh={1}>
        404
      </Title>
      <Title order={2} fz={22}>
        Страница не найдена
      </Title>
      <Text c="dimmed" maw={420}>
        Такой страницы не существует или она была удалена. Проверьте адрес или начните с главной.
      </Text>
      <LightButton to="/" size="md">
        На главную
      </LightButton>
    </Stack>
  );
}
