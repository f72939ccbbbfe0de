/** Screen `blog` (spec §2): the journal — the posts staff published in the back office, newest first. */
import type { Route } from './+types/blog';
import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { EntryCover, loadEntries } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { articles: (await loadEntries(context, 'blog')).results };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Журнал',
    description: 'Журнал Витрины: как отличить оригинал, как продать быстрее, как ухаживать за вещами.',
    path: '/blog',
    origin: originFrom(matches),
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py={{ base: 'lg', sm: 48 }}>
      <Title order={1} fz={{ base: 28, sm: 36 }} mb="lg">
        Журнал
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {loaderData.articles.map((a) => (
          <Card key={a.slug} withBorder padding="lg" data-testid="blog-card">
            {a.cover && (
              <Card.Section mb="md">
                <EntryCover cover={a.cover} sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw" />
              </Card.Section>
            )}
            <Stack gap={6}>
              <Text fz="sm" c="dimmed">
                {dayjs(a.published_at).locale('ru').format('D MMMM YYYY')}
              </Text>
              <Anchor component={Link} to={`/blog/${a.slug}`} c="ink.9" fw={700} fz="lg" prefetch="intent">
                {a.title}
              </Anchor>
              <Text c="dimmed">{a.lead}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
