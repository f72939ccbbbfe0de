/**
 * `/admin/compilations`: the home page's sets — a dense table (order, title, how listings are chosen, count, state)
 * and the editor of one: title, address, description, cover, listings by a saved catalog filter (the query of a
 * catalog page, e.g. `type=women&brand=nike`) or by hand (ids in order), published or not, delete.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCompilation } from '@vitrina/contract/content';
import { errorMessage, queryClient, unwrap } from '../../shared/api/query';
import {
  createCompilation,
  deleteCompilation,
  fetchCompilations,
  saveCompilation,
  type CompilationFields,
} from './api';
import { CoverField, settle } from './editor-parts';

const KEY = ['admin', 'compilations'];

export function CompilationsEditor() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const q = useQuery(
    { queryKey: KEY, queryFn: async ({ signal }) => unwrap(await fetchCompilations(signal)) },
    queryClient,
  );
  const current = typeof editing === 'number' ? q.data?.results.find((c) => c.id === editing) : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Подборки
        </Title>
        <Button size="xs" onClick={() => setEditing('new')}>
          Новая подборка
        </Button>
      </Group>
      {q.isError ? (
        <Alert color="red">{errorMessage(q.error)}</Alert>
      ) : !q.data ? (
        <Skeleton h={240} />
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped highlightOnHover verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={56}>№</Table.Th>
                <Table.Th>Название</Table.Th>
                <Table.Th>Товары</Table.Th>
                <Table.Th>Сейчас</Table.Th>
                <Table.Th>Состояние</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.results.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.position}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" px={4} onClick={() => setEditing(c.id)}>
                      {c.title}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" c="dimmed" lineClamp={1}>
                      {c.filter ? `Фильтр: ${c.filter}` : `Вручную: ${c.product_ids.length}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.count}</Table.Td>
                  <Table.Td>
                    <Badge color={c.published ? 'green' : 'gray'} variant="light">
                      {c.published ? 'На главной' : 'Скрыта'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing === 'new' && (
        <CompilationForm key="new" onSaved={(c) => setEditing(c.id)} onClose={() => setEditing(null)} />
      )}
      {current && (
        <CompilationForm key={current.id} compilation={current} onSaved={() => {}} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function CompilationForm({
  compilation: c,
  onSaved,
  onClose,
}: {
  compilation?: AdminCompilation;
  onSaved: (c: AdminCompilation) => void;
  onClose: () => void;
}) {
  const [f, setF] = useState<CompilationFields>({
    slug: c?.slug ?? '',
    title: c?.title ?? '',
    description: c?.description ?? '',
    published: c?.published ?? false,
    filter: c?.filter ?? null,
    product_ids: c?.product_ids ?? [],
    position: c?.position ?? 0,
  });
  const [byFilter, setByFilter] = useState(Boolean(c?.filter));
  const [ids, setIds] = useState((c?.product_ids ?? []).join(', '));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const productIds = ids
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(Number);
    if (productIds.some((n) => !Number.isInteger(n) || n < 1)) {
      setErrors({ product_ids: ['Перечислите id товаров через запятую.'] });
      return;
    }
    const body = { ...f, filter: byFilter ? (f.filter ?? '') : null, product_ids: productIds };
    setBusy(true);
    const res = c ? await saveCompilation(c.id, body) : await createCompilation(body);
    setBusy(false);
    if (!res.ok) setErrors(res.error.fields);
    else setErrors({});
    const saved = await settle(KEY, res, 'Сохранено');
    if (saved) onSaved(saved);
  };
  const remove = async () => {
    if (!c || !window.confirm(`Удалить подборку «${c.title}»?`)) return;
    if (await settle(KEY, await deleteCompilation(c.id), 'Подборка удалена')) onClose();
  };
  return (
    <Stack gap="sm" component="section" aria-label={c ? `Подборка «${c.title}»` : 'Новая подборка'}>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label="Название"
          value={f.title}
          onChange={(e) => setF({ ...f, title: e.currentTarget.value })}
          error={errors.title?.[0]}
          miw={220}
        />
        <TextInput
          label="Адрес (латиницей)"
          value={f.slug}
          onChange={(e) => setF({ ...f, slug: e.currentTarget.value })}
          error={errors.slug?.[0]}
          miw={200}
        />
        <NumberInput
          label="Место на главной"
          value={f.position}
          min={0}
          onChange={(v) => setF({ ...f, position: Number(v) || 0 })}
          error={errors.position?.[0]}
          maw={160}
        />
      </Group>
      <Textarea
        label="Описание"
        value={f.description}
        autosize
        minRows={2}
        onChange={(e) => setF({ ...f, description: e.currentTarget.value })}
        error={errors.description?.[0]}
      />
      <SegmentedControl
        value={byFilter ? 'filter' : 'hand'}
        onChange={(v) => setByFilter(v === 'filter')}
        data={[
          { value: 'hand', label: 'Товары вручную' },
          { value: 'filter', label: 'По фильтру каталога' },
        ]}
        w="fit-content"
      />
      {byFilter ? (
        <TextInput
          label="Фильтр каталога"
          description="Часть адреса страницы каталога после «?», например type=women&brand=nike&price_max=10000"
          value={f.filter ?? ''}
          onChange={(e) => setF({ ...f, filter: e.currentTarget.value })}
          error={errors.filter?.[0]}
        />
      ) : (
        <Textarea
          label="Товары (id по порядку)"
          description="Через запятую, в том порядке, в каком их показывать"
          value={ids}
          onChange={(e) => setIds(e.currentTarget.value)}
          error={errors.product_ids?.[0]}
          autosize
          minRows={2}
        />
      )}
      <Switch
        label="Показывать на главной и в каталоге"
        checked={f.published}
        onChange={(e) => setF({ ...f, published: e.currentTarget.checked })}
      />
      {c && <CoverField cover={c.cover} target={{ kind: 'compilations', id: c.id }} queryKey={KEY} />}
      <Group>
        <Button onClick={() => void save()} loading={busy}>
          {c ? 'Сохранить' : 'Создать'}
        </Button>
        <Button variant="default" onClick={onClose}>
          Закрыть
        </Button>
        {c && (
          <Button variant="subtle" color="red" onClick={() => void remove()}>
            Удалить
          </Button>
        )}
      </Group>
    </Stack>
  );
}
