/** Screen `blog-slug` (spec §2): one published post (its text rendered by the API); unknown slug → 404. */
import type { Route } from './+types/blog-slug';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { EntryCover, loadEntry, RichText } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ params, context }: Route.LoaderArgs) {
  return { article: await loadEntry(context, 'blog', params.slug) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? seo({
        title: data.article.title,
        description: data.article.lead,
        path: `/blog/${data.article.slug}`,
        origin: originFrom(matches),
        type: 'website',
      })
    : [];

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const a = loaderData.article;
  return (
    <Container size={720} py={{ base: 'lg', sm: 48 }} component="article">
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {dayjs(a.published_at).locale('ru').format('D MMMM YYYY')}
        </Text>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {a.title}
        </Title>
        <Text fz="lg" fw={500}>
          {a.lead}
        </Text>
        {a.cover && (
          <Box style={{ borderRadius: 8, overflow: 'hidden' }}>
            <EntryCover cover={a.cover} sizes="(min-width: 768px) 720px, 100vw" priority />
          </Box>
        )}
        <RichText html={a.html} />
      </Stack>
    </Container>
  );
}
