/**
 * Screen `sizes` (spec §2): size charts RU/EU/US for clothes and shoes, women's, men's and children's, from the
 * catalog's one table of sizes (`@vitrina/contract/sizes`) — the same sizes the product pages show. Only the text
 * around the tables is staff's (the content page `sizes`).
 */
import type { Route } from './+types/sizes';
import { Container, ScrollArea, Stack, Table, Title } from '@mantine/core';
import { footLengthCm, KIDS_AGES, SIZE_GRIDS, type GridDef } from '@vitrina/contract/sizes';
import { loadContentPage, RichText } from '../features/content';
import { originFrom, seo } from '../shared/lib/seo';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadContentPage(context, 'sizes') };
}

const num = (v: string | null) => (v ?? '—').replace('.', ',');

/** The guide's columns and rows of one grid, from the catalog's own table of sizes. */
function tableOf(g: GridDef): { head: string[]; rows: string[][] } {
  if (g.kind === 'kids-clothes')
    return {
      head: ['Рост, см', 'Возраст', 'RU'],
      rows: g.sizes.map((s) => [s.value, KIDS_AGES[s.value] ?? '', num(s.ru)]),
    };
  if (g.kind === 'shoes')
    return {
      head: ['EU', 'RU', 'US', 'Длина стопы, см'],
      rows: g.sizes.map((s) => [num(s.eu), num(s.ru), num(s.us), num(String(footLengthCm(s.eu ?? '0')))]),
    };
  return {
    head: ['Международный', 'RU', 'EU', 'US'],
    rows: g.sizes.map((s) => [s.value, num(s.ru), num(s.eu), num(s.us)]),
  };
}

function SizeTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <Stack gap="xs">
      <Title order={2} fz={22}>
        {caption}
      </Title>
      <ScrollArea>
        <Table striped withTableBorder miw={300} style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r[0]}>
                {r.map((c, i) => (
                  <Table.Td key={i}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.page.title ?? '',
    description:
      'Соответствие размеров женской, мужской и детской одежды и обуви: российский, европейский и американский, длина стопы.',
    path: '/sizes',
    origin: originFrom(matches),
  });

export default function Sizes({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {page.title}
        </Title>
        <RichText html={page.html} />
        {SIZE_GRIDS.filter((g) => g.kind !== 'one').map((g) => (
          <SizeTable key={g.slug} caption={g.name} {...tableOf(g)} />
        ))}
      </Stack>
    </Container>
  );
}
