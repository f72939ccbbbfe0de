/** Screen `jobs` (spec §2): open positions as staff published them in the back office. */
import type { Route } from './+types/jobs';
import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EntryCover, loadEntries } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { jobs: (await loadEntries(context, 'job')).results };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Вакансии',
    description: 'Работа в Витрине: разработка, поддержка и будущая проверка подлинности вещей.',
    path: '/jobs',
    origin: originFrom(matches),
  });

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Вакансии
        </Title>
        <Text c="dimmed">
          Мы небольшая команда и ищем людей, которым не всё равно, как выглядит и работает магазин.
        </Text>
        {loaderData.jobs.map((j) => (
          <Card key={j.slug} withBorder padding="lg" data-testid="job-card">
            {j.cover && (
              <Card.Section mb="md">
                <EntryCover cover={j.cover} sizes="(min-width: 768px) 760px, 100vw" />
              </Card.Section>
            )}
            <Anchor component={Link} to={`/jobs/${j.slug}`} c="ink.9" fw={700} fz="lg" prefetch="intent">
              {j.title}
            </Anchor>
            <Text fz="sm" c="dimmed">
              {j.place}
            </Text>
            <Text mt={6}>{j.lead}</Text>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
