/** Layout of a text page (about, how-buy, guarantees…): breadcrumbs-free title, lead and sections. */
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Section {
  title: string;
  body: ReactNode;
}

export function ContentPage({
  title,
  lead,
  sections,
  aside,
}: {
  title: string;
  lead: string;
  sections: Section[];
  aside?: ReactNode;
}) {
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {title}
        </Title>
        <Text fz="lg" c="dimmed">
          {lead}
        </Text>
        {sections.map((s) => (
          <Stack key={s.title} gap={6} component="section">
            <Title order={2} fz={22}>
              {s.title}
            </Title>
            <div style={{ lineHeight: 1.6 }}>{s.body}</div>
          </Stack>
        ))}
        {aside}
      </Stack>
    </Container>
  );
}

/** A bulleted list of short strings. */
export const Bullets = ({ items }: { items: string[] }) => (
  <List spacing={4}>
    {items.map((i) => (
      <List.Item key={i}>{i}</List.Item>
    ))}
  </List>
);

/** An internal link styled for running text. */
export const TextLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor component={Link} to={to} c="ink.9" td="underline" prefetch="intent">
    {children}
  </Anchor>
);
