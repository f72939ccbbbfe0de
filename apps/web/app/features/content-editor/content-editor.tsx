/**
 * `/admin/content`: the content pages' texts, the journal's posts and the job openings. What is open is in the URL
 * (`?tab=pages&page=faq`, `?tab=blog`, `?tab=job`), so a link or a reload shows the same editor.
 */
import { SegmentedControl, Select, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CONTENT_SLUGS, type ContentSlug } from '@vitrina/contract/content';
import { EntriesEditor } from './entries-editor';
import { PageEditor } from './page-editor';

const PAGE_LABELS: Record<ContentSlug, string> = {
  about: 'О Витрине',
  faq: 'Вопросы и ответы',
  garanties: 'Гарантии',
  'how-buy': 'Как купить',
  'how-sell': 'Как продать',
  sizes: 'Таблица размеров (текст)',
};
const TABS = ['pages', 'blog', 'job'] as const;
type Tab = (typeof TABS)[number];

export function ContentEditor() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'pages';
  const page: ContentSlug = CONTENT_SLUGS.find((s) => s === params.get('page')) ?? 'about';
  const go = (next: Record<string, string>) => setParams(next, { replace: true });
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 28, sm: 36 }}>
        Контент
      </Title>
      <Tabs value={tab} onChange={(v) => go({ tab: v ?? 'pages' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="pages">Страницы</Tabs.Tab>
          <Tabs.Tab value="blog">Журнал</Tabs.Tab>
          <Tabs.Tab value="job">Вакансии</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pages">
          <Stack gap="md">
            <SegmentedControl
              visibleFrom="md"
              value={page}
              onChange={(v) => go({ tab: 'pages', page: v })}
              data={CONTENT_SLUGS.map((s) => ({ value: s, label: PAGE_LABELS[s] }))}
              aria-label="Страница"
            />
            <Select
              hiddenFrom="md"
              label="Страница"
              value={page}
              onChange={(v) => v && go({ tab: 'pages', page: v })}
              data={CONTENT_SLUGS.map((s) => ({ value: s, label: PAGE_LABELS[s] }))}
              allowDeselect={false}
            />
            <PageEditor slug={page} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="blog">
          <EntriesEditor kind="blog" />
        </Tabs.Panel>
        <Tabs.Panel value="job">
          <EntriesEditor kind="job" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
