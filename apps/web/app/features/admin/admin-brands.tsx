/**
 * Staff's brands (`/admin/brands`): the brands sellers typed themselves instead of choosing one from the list, most
 * used first, searchable by spelling (`?q=&page=`), each with its other spellings, counts and example listings;
 * «Объединить с…» files every listing of a spelling under a listed brand, «Создать бренд» adds the spelling to the
 * list and files them under it (docs/decisions/0120-staff-brand-merge.md).
 */
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BrandMerged, FreeBrand } from '@vitrina/contract/admin-brands';
import { plural } from '@vitrina/contract/plural';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryClient, unwrap } from '../../shared/api/query';
import { fetchFreeBrands } from './api';
import { BrandCreateDialog, BrandMergeDialog } from './brand-dialogs';
import { FilterBar } from './filter-bar';
import { pageOf, StaffPage, useStaffEnabled } from './staff-page';

const LISTINGS = ['объявление', 'объявления', 'объявлений'] as const;

/** What a row's dialog acts on. */
type Dialog = { kind: 'merge' | 'create'; brand: FreeBrand } | null;

export function AdminBrands() {
  const [params] = useSearchParams();
  const f = { q: params.get('q') ?? '', page: pageOf(params) };
  const q = useQuery(
    {
      queryKey: ['admin', 'brands', 'free', f],
      queryFn: async ({ signal }) => unwrap(await fetchFreeBrands(f, signal)),
      enabled: useStaffEnabled(),
      retry: false,
    },
    queryClient,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<BrandMerged | null>(null);
  const rows = q.data?.results ?? [];
  const onDone = (m: BrandMerged) => {
    setDialog(null);
    setDone(m);
  };
  return (
    <StaffPage
      title="Бренды"
      query={q}
      count={q.data?.count ?? 0}
      page={f.page}
      filters={
        <Stack gap="xs">
          <Text c="dimmed" fz="sm" maw={720}>
            Бренды, которые продавцы вписали сами. Объедините написание с брендом из справочника или создайте новый
            бренд — объявления появятся на странице бренда, в фильтре и в поиске.
          </Text>
          <FilterBar search={{ name: 'q', label: 'Написание' }} />
        </Stack>
      }
    >
      {done && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Скрыть" onClose={() => setDone(null)}>
          «{done.brand_text}» → {done.brand.name}: {done.merged} {plural(done.merged, LISTINGS)}
          {done.pending_review > 0 && `, ${done.pending_review} ждут проверки подлинности`}.{' '}
          <Anchor component={Link} to={`/catalog/brand/${done.brand.slug}`} fz="sm">
            Страница бренда
          </Anchor>
        </Alert>
      )}
      {!rows.length ? (
        <Text c="dimmed" py="xl" ta="center">
          {f.q ? 'Ничего не нашлось.' : 'Все бренды объявлений — из справочника.'}
        </Text>
      ) : (
        <>
          {/* A phone gets one card per spelling (the table's four columns would scroll sideways). */}
          <Stack gap="xs" hiddenFrom="sm" aria-label="Бренды, вписанные продавцами" role="list">
            {rows.map((b) => (
              <BrandCard key={b.key} b={b} onDialog={setDialog} />
            ))}
          </Stack>
          <Box visibleFrom="sm">
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label="Бренды, вписанные продавцами">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Как написали</Table.Th>
                    <Table.Th ta="right" w={110}>
                      Объявлений
                    </Table.Th>
                    <Table.Th>Примеры</Table.Th>
                    <Table.Th w={290}>Действия</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((b) => (
                    <BrandRow key={b.key} b={b} onDialog={setDialog} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Box>
        </>
      )}
      <BrandMergeDialog
        brand={dialog?.kind === 'merge' ? dialog.brand : null}
        onClose={() => setDialog(null)}
        onDone={onDone}
      />
      <BrandCreateDialog
        brand={dialog?.kind === 'create' ? dialog.brand : null}
        onClose={() => setDialog(null)}
        onDone={onDone}
      />
    </StaffPage>
  );
}

/** A row's two actions. */
function Actions({ b, onDialog }: { b: FreeBrand; onDialog: (d: Dialog) => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" onClick={() => onDialog({ kind: 'merge', brand: b })}>
        Объединить с…
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => onDialog({ kind: 'create', brand: b })}>
        Создать бренд
      </Button>
    </Group>
  );
}

const othersOf = (b: FreeBrand) => b.spellings.filter((s) => s !== b.brand_text);

function BrandCard({ b, onDialog }: { b: FreeBrand; onDialog: (d: Dialog) => void }) {
  const others = othersOf(b);
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" data-testid="free-brand">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Box miw={0}>
          <Text fw={600} fz="sm">
            {b.brand_text}
          </Text>
          {others.length > 0 && (
            <Text fz="xs" c="dimmed">
              также: {others.join(', ')}
            </Text>
          )}
        </Box>
        <Text fz="xs" c="dimmed" ta="right" style={{ whiteSpace: 'nowrap' }}>
          {b.listings_count} {plural(b.listings_count, LISTINGS)}
          <br />в продаже {b.active_count}
        </Text>
      </Group>
      {b.examples[0] && (
        <Anchor
          component={Link}
          to={`/admin/products?q=${b.examples[0].id}`}
          fz="xs"
          lh="24px"
          truncate="end"
          display="block"
          mt={2}
        >
          #{b.examples[0].id} {b.examples[0].title}
        </Anchor>
      )}
      <Box mt="xs">
        <Actions b={b} onDialog={onDialog} />
      </Box>
    </Paper>
  );
}

function BrandRow({ b, onDialog }: { b: FreeBrand; onDialog: (d: Dialog) => void }) {
  const others = othersOf(b);
  return (
    <Table.Tr data-testid="free-brand">
      <Table.Td>
        <Text fw={600} fz="sm">
          {b.brand_text}
        </Text>
        {others.length > 0 && (
          <Text fz="xs" c="dimmed">
            также: {others.join(', ')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        <Text fz="sm" fw={600}>
          {b.listings_count}
        </Text>
        <Text fz="xs" c="dimmed">
          в продаже {b.active_count}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          {b.examples.map((e) => (
            <Anchor
              key={e.id}
              component={Link}
              to={`/admin/products?q=${e.id}`}
              fz="xs"
              lh="24px"
              truncate="end"
              display="block"
              maw={320}
            >
              #{e.id} {e.title}
            </Anchor>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Actions b={b} onDialog={onDialog} />
      </Table.Td>
    </Table.Tr>
  );
}
