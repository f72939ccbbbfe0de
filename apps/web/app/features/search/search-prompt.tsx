/** The search page without a query: the search box and a few popular requests. */
import { Group, Stack, Text, Title } from '@mantine/core';
import { LightButton } from '../../shared/ui/light-button';
import { SearchBox } from './search-box';

const POPULAR = ['кроссовки', 'пуховик', 'джинсы', 'найк', 'Stone Island', 'сумка'];

export function SearchPrompt() {
  return (
    <div className="vt-container" style={{ paddingTop: 48, paddingBottom: 48 }}>
      <Stack maw={560} mx="auto" gap="md">
        <Title order={1} fz={28}>
          Поиск
        </Title>
        <SearchBox autoFocus />
        <Text c="dimmed" fz="sm">
          Ищите по бренду (по-русски тоже: «найк», «адидас»), вещи или категории.
        </Text>
        <Group gap={8}>
          {POPULAR.map((q) => (
            <LightButton
              key={q}
              prefetch="none"
              to={`/catalog/search?q=${encodeURIComponent(q)}`}
              variant="default"
              size="compact-sm"
              radius="xl"
            >
              {q}
            </LightButton>
          ))}
        </Group>
      </Stack>
    </div>
  );
}
