/**
 * Screen `jobs-slug` (spec §2): one published position (its text rendered by the API); unknown slug → 404. «Откликнуться» writes to `JOBS_EMAIL` (else
 * `SUPPORT_EMAIL`); with neither configured the page says so instead of showing a made-up address.
 */
import type { Route } from './+types/jobs-slug';
import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { EntryCover, loadEntry, RichText } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ params, context }: Route.LoaderArgs) {
  const job = await loadEntry(context, 'job', params.slug);
  const contacts = context.contacts;
  return { job, email: contacts?.jobs ?? contacts?.support ?? null };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? seo({
        title: data.job.title,
        description: data.job.lead,
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
        <Text>{j.lead}</Text>
        {j.cover && (
          <Box style={{ borderRadius: 8, overflow: 'hidden' }}>
            <EntryCover cover={j.cover} sizes="(min-width: 768px) 760px, 100vw" priority />
          </Box>
        )}
        <RichText html={j.html} />
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
