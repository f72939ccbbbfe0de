/** Screen `sizes` (spec §2): size charts RU/EU/US for clothes and shoes. */
import type { Route } from './+types/sizes';
import { Container, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { originFrom, seo } from '../shared/lib/seo';

const CLOTHES: string[][] = [
  ['XS', '42', '36', '4'],
  ['S', '44', '38', '6'],
  ['M', '46', '40', '8'],
  ['L', '48', '42', '10'],
  ['XL', '50', '44', '12'],
  ['XXL', '52', '46', '14'],
];
const SHOES: string[][] = [
  ['35', '36', '5', '22,5'],
  ['36', '37', '6', '23,5'],
  ['37', '38', '7', '24'],
  ['38', '39', '7,5', '25'],
  ['39', '40', '8', '25,5'],
  ['40', '41', '8,5', '26,5'],
  ['41', '42', '9', '27'],
  ['42', '43', '10', '28'],
  ['43', '44', '11', '28,5'],
  ['44', '45', '12', '29,5'],
];

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

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Таблица размеров',
    description: 'Соответствие размеров одежды и обуви: российский, европейский и американский.',
    path: '/sizes',
    origin: originFrom(matches),
  });

export default function Sizes() {
  return (
    <Container size={760} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Таблица размеров
        </Title>
        <Text c="dimmed">Размеры разных брендов могут отличаться — сверяйтесь с замерами в описании вещи.</Text>
        <SizeTable caption="Одежда" head={['Международный', 'RU', 'EU', 'US']} rows={CLOTHES} />
        <SizeTable caption="Обувь" head={['RU', 'EU', 'US', 'Длина стопы, см']} rows={SHOES} />
      </Stack>
    </Container>
  );
}
