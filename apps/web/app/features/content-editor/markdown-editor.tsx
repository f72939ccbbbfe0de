/**
 * Markdown with a live preview: the text on the left, what the site will show on the right (below it on a phone).
 * The preview is the server's own rendering and sanitising (`POST /v1/admin/content/preview/`, 300 ms after the last
 * keystroke), so what staff see is exactly what the shop shows, and no Markdown library is shipped to the browser.
 */
import { Box, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { queryClient, unwrap } from '../../shared/api/query';
import { RichText } from '../content';
import { preview } from './api';

export function MarkdownEditor({
  value,
  onChange,
  label = 'Текст (Markdown)',
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
  error?: string;
}) {
  const [debounced] = useDebouncedValue(value, 300);
  const shown = useQuery(
    {
      queryKey: ['admin', 'preview', debounced],
      queryFn: async ({ signal }) => unwrap(await preview(debounced, signal)),
      placeholderData: (prev) => prev,
      staleTime: Infinity,
    },
    queryClient,
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Textarea
        label={label}
        description="## Заголовок раздела, - пункт списка, **жирный**, [ссылка](/faq)"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={14}
        maxRows={40}
        error={error}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          Как будет на сайте
        </Text>
        <Paper withBorder p="md" radius="md" aria-live="polite" aria-label="Предпросмотр">
          {shown.data ? (
            <Box opacity={shown.isFetching ? 0.6 : 1}>
              <RichText html={shown.data.html} />
            </Box>
          ) : (
            <Text c="dimmed" fz="sm">
              {shown.isError ? 'Предпросмотр недоступен.' : 'Готовим предпросмотр…'}
            </Text>
          )}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
