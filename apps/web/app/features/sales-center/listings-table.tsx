/**
 * The period's listings with their views, favorites, orders, conversion and revenue: sortable by any figure
 * (a button in each column header; `aria-sort` tells which), scrolled sideways on a phone.
 */
import { Anchor, Button, Group, Image, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { StatisticsListing } from '@vitrina/contract/sales';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import classes from './listings-table.module.css';
import { formatConversion, formatCount, formatRubles } from './figures';

/** Rows shown before «Показать все». */
const FIRST_ROWS = 10;

type SortKey = 'title' | 'views' | 'favorites' | 'orders' | 'conversion' | 'revenue';

const COLUMNS: { key: SortKey; label: string; format?: (l: StatisticsListing) => string }[] = [
  { key: 'title', label: 'Товар' },
  { key: 'views', label: 'Просмотры', format: (l) => formatCount(l.views) },
  { key: 'favorites', label: 'В избранное', format: (l) => formatCount(l.favorites) },
  { key: 'orders', label: 'Заказы', format: (l) => formatCount(l.orders) },
  { key: 'conversion', label: 'Конверсия', format: (l) => formatConversion(l.conversion) },
  { key: 'revenue', label: 'Выручка', format: (l) => formatRubles(l.revenue) },
];

export function ListingsTable({ listings }: { listings: StatisticsListing[] }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'views', desc: true });
  const [all, setAll] = useState(false);
  const rows = useMemo(() => {
    const sorted = [...listings].sort((a, b) => {
      const d = sort.key === 'title' ? a.title.localeCompare(b.title, 'ru') : a[sort.key] - b[sort.key];
      return sort.desc ? -d : d;
    });
    return sorted;
  }, [listings, sort]);
  const toggle = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: key !== 'title' }));

  const shown = all ? rows : rows.slice(0, FIRST_ROWS);

  return (
    <Stack gap="sm" align="stretch">
      <Table.ScrollContainer minWidth={680} type="native">
        <Table verticalSpacing="sm" highlightOnHover data-testid="listings-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => {
                const active = sort.key === c.key;
                const Icon = active ? (sort.desc ? IconArrowDown : IconArrowUp) : IconSelector;
                return (
                  <Table.Th
                    key={c.key}
                    aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                    style={{ whiteSpace: 'nowrap', textAlign: c.key === 'title' ? 'left' : 'right' }}
                    className={c.key === 'title' ? classes.sticky : undefined}
                  >
                    <UnstyledButton onClick={() => toggle(c.key)} fz="sm" fw={600}>
                      <Group gap={4} wrap="nowrap" justify={c.key === 'title' ? 'flex-start' : 'flex-end'}>
                        {c.label}
                        <Icon size={14} stroke={1.75} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((l) => (
              <Table.Tr key={l.id} data-testid="listing-row">
                <Table.Td className={classes.sticky}>
                  <Group gap="sm" wrap="nowrap">
                    <Image
                      src={l.photo}
                      alt=""
                      w={40}
                      h={50}
                      radius="sm"
                      fit="cover"
                      bg="var(--vt-mist)"
                      fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=="
                    />
                    <div style={{ minWidth: 0 }}>
                      {l.status === 'active' ? (
                        <Anchor component={Link} to={`/product/${l.slug}`} c="inherit" fz="sm" fw={500} lineClamp={2}>
                          {l.title}
                        </Anchor>
                      ) : (
                        <Text fz="sm" fw={500} lineClamp={2}>
                          {l.title}
                        </Text>
                      )}
                      <Text fz="xs" c="dimmed" className="vt-price" fw={400}>
                        {formatRubles(l.price)}
                      </Text>
                    </div>
                  </Group>
                </Table.Td>
                {COLUMNS.slice(1).map((c) => (
                  <Table.Td key={c.key} ta="right" className="vt-price" fw={c.key === 'revenue' ? 700 : 400}>
                    {c.format!(l)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length > FIRST_ROWS && (
        <Button variant="default" onClick={() => setAll((a) => !a)} style={{ alignSelf: 'center' }}>
          {all ? 'Свернуть' : `Показать все (${rows.length})`}
        </Button>
      )}
    </Stack>
  );
}
