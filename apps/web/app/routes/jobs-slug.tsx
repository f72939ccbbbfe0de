/**
 * Screen `jobs-slug` (spec §2): one position; unknown slug → 404. «Откликнуться» writes to `JOBS_EMAIL` (else
 * `SUPPORT_EMAIL`); with neither configured the page says so instead of showing a made-up address.
 */
import type { Route } from './+types/jobs-slug';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { JOBS, Bullets } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export function loader({ params, context }: Route.LoaderArgs) {
  const job = JOBS.find((j) => j.slug === params.slug);
  if (!job) throw new Response('Страница не найдена', { status: 404 });
  const contacts = context.contacts;
  return { job, email: contacts?.jobs ?? contacts?.support ?? null };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? seo({
        title: data.job.title,
        description: data.job.summary,
        path: `/jobs/${data.job.slug}`,
        origin: originFrom(matches),
      })
    : [];

export default function JobPage({ loaderData }: Route.ComponentProps) {
  const { job: j, email } = loaderData;
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {j.title}
        </Title>
        <Text c="dimmed">{j.place}</Text>
        <Text>{j.summary}</Text>
        <Title order={2} fz={22}>
          Чем предстоит заниматься
        </Title>
        <Bullets items={j.duties} />
        <Title order={2} fz={22}>
          Что важно для нас
        </Title>
        <Bullets items={j.requirements} />
        {email ? (
          <Button component="a" href={`mailto:${email}?subject=${encodeURIComponent(j.title)}`} w="fit-content">
            Откликнуться
          </Button>
        ) : (
          <Text c="dimmed">Отклики на эту вакансию пока не принимаем — загляните позже.</Text>
        )}
      </Stack>
    </Container>
  );
}
