/**
 * The journal's posts or the job openings (`kind`): a dense table (title, address, state) with publish and
 * unpublish, «Новая запись», and the editor of the chosen one (its fields, Markdown with the preview, the cover).
 */
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminEntry, EntryKind } from '@vitrina/contract/content';
import { errorMessage, queryClient, unwrap } from '../../shared/api/query';
import { moscowDateTime } from '../../shared/lib/dates';
import { createEntry, fetchEntries, publishEntry, saveEntry, type EntryFields } from './api';
import { CoverField, settle } from './editor-parts';
import { MarkdownEditor } from './markdown-editor';

const key = (kind: EntryKind) => ['admin', 'entries', kind];
const PATH: Record<EntryKind, string> = { blog: '/blog', job: '/jobs' };

export function EntriesEditor({ kind }: { kind: EntryKind }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const q = useQuery(
    { queryKey: key(kind), queryFn: async ({ signal }) => unwrap(await fetchEntries(kind, signal)) },
    queryClient,
  );
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  if (!q.data) return <Skeleton h={240} />;
  const current = typeof editing === 'number' ? q.data.results.find((e) => e.id === editing) : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" fz="sm">
          {kind === 'blog' ? 'Статьи журнала' : 'Вакансии'}: на сайте только опубликованные.
        </Text>
        <Button size="xs" onClick={() => setEditing('new')}>
          {kind === 'blog' ? 'Новая статья' : 'Новая вакансия'}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Заголовок</Table.Th>
              <Table.Th>Адрес</Table.Th>
              <Table.Th>Состояние</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.results.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" onClick={() => setEditing(e.id)} px={4}>
                    {e.title}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c="dimmed">
                    {PATH[kind]}/{e.slug}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {e.published_at ? (
                    <Badge color="green" variant="light">
                      Опубликовано {moscowDateTime(e.published_at)}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Черновик
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() =>
                      void publishEntry(e.id, !e.published_at).then((res) =>
                        settle(key(kind), res, e.published_at ? 'Снято с публикации' : 'Опубликовано'),
                      )
                    }
                  >
                    {e.published_at ? 'Снять' : 'Опубликовать'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing === 'new' && (
        <EntryForm key="new" kind={kind} onSaved={(e) => setEditing(e.id)} onCancel={() => setEditing(null)} />
      )}
      {current && (
        <EntryForm key={current.id} kind={kind} entry={current} onSaved={() => {}} onCancel={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function EntryForm({
  kind,
  entry,
  onSaved,
  onCancel,
}: {
  kind: EntryKind;
  entry?: AdminEntry;
  onSaved: (e: AdminEntry) => void;
  onCancel: () => void;
}) {
  const [f, setF] = useState<EntryFields>({
    slug: entry?.slug ?? '',
    title: entry?.title ?? '',
    lead: entry?.lead ?? '',
    place: entry?.place ?? '',
    body_markdown: entry?.body_markdown ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof EntryFields) => (e: { currentTarget: { value: string } }) =>
    setF({ ...f, [k]: e.currentTarget.value });
  const save = async () => {
    setBusy(true);
    const res = entry ? await saveEntry(entry.id, f) : await createEntry(kind, f);
    setBusy(false);
    if (!res.ok) setErrors(res.error.fields);
    const saved = await settle(key(kind), res, 'Сохранено');
    if (saved) onSaved(saved);
  };
  return (
    <Stack gap="sm" component="section" aria-label={entry ? `Редактирование: ${entry.title}` : 'Новая запись'}>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label="Заголовок" value={f.title} onChange={set('title')} error={errors.title?.[0]} miw={240} />
        <TextInput
          label="Адрес (латиницей)"
          value={f.slug}
          onChange={set('slug')}
          error={errors.slug?.[0]}
          miw={200}
          leftSection={<Text fz="xs">{PATH[kind]}/</Text>}
          leftSectionWidth={kind === 'blog' ? 52 : 56}
        />
        {kind === 'job' && (
          <TextInput label="Где работать" value={f.place} onChange={set('place')} error={errors.place?.[0]} miw={200} />
        )}
      </Group>
      <TextInput
        label={kind === 'blog' ? 'Подзаголовок' : 'Коротко о вакансии'}
        value={f.lead}
        onChange={set('lead')}
        error={errors.lead?.[0]}
      />
      <MarkdownEditor
        value={f.body_markdown}
        onChange={(v) => setF({ ...f, body_markdown: v })}
        error={errors.body_markdown?.[0]}
      />
      {entry && <CoverField cover={entry.cover} target={{ kind: 'entries', id: entry.id }} queryKey={key(kind)} />}
      <Group>
        <Button onClick={() => void save()} loading={busy}>
          {entry ? 'Сохранить' : 'Создать черновик'}
        </Button>
        <Button variant="default" onClick={onCancel}>
          Закрыть
        </Button>
      </Group>
    </Stack>
  );
}
