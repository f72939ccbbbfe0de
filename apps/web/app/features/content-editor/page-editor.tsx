/** One content page's editor: its title and Markdown with the live preview; «Сохранить» shows it on the site at once. */
import { Alert, Button, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminContentPage, ContentSlug } from '@vitrina/contract/content';
import type { ApiErrorInfo } from '../../shared/api/client';
import { errorMessage, queryClient, unwrap } from '../../shared/api/query';
import { fetchPage, savePage } from './api';
import { MarkdownEditor } from './markdown-editor';

export function PageEditor({ slug }: { slug: ContentSlug }) {
  const q = useQuery(
    { queryKey: ['admin', 'content', slug], queryFn: async ({ signal }) => unwrap(await fetchPage(slug, signal)) },
    queryClient,
  );
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  if (!q.data) return <Skeleton h={320} />;
  return <Form key={`${slug}:${q.data.updated_at}`} slug={slug} page={q.data} />;
}

function Form({ slug, page }: { slug: ContentSlug; page: AdminContentPage }) {
  const [title, setTitle] = useState(page.title);
  const [body, setBody] = useState(page.body_markdown);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<ApiErrorInfo['fields']>({});
  const dirty = title !== page.title || body !== page.body_markdown;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const save = async () => {
    setSaving(true);
    const res = await savePage(slug, { title, body_markdown: body });
    setSaving(false);
    if (!res.ok) {
      setErrors(res.error.fields);
      notifications.show({ color: 'red', message: res.error.message });
      return;
    }
    setErrors({});
    queryClient.setQueryData(['admin', 'content', slug], res.data);
    notifications.show({ message: 'Сохранено — уже на сайте' });
  };
  return (
    <Stack gap="md">
      <TextInput
        label="Заголовок"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={errors.title?.[0]}
        maw={560}
      />
      <MarkdownEditor value={body} onChange={setBody} error={errors.body_markdown?.[0]} />
      <Group>
        <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
          Сохранить
        </Button>
        <Button component="a" href={`/${slug}`} target="_blank" variant="default">
          Открыть на сайте
        </Button>
      </Group>
    </Stack>
  );
}
