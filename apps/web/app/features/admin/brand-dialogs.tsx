/**
 * The brands screen's dialogs: «Объединить с…» (a listed brand chosen in a searchable picker — the brands the typed
 * spelling may mean offered first — and an optional comment for the audit log) and «Создать бренд» (the spelling
 * added to the list, then its listings filed under it). Errors show in the dialog; success closes it and refreshes
 * the staff lists.
 */
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BRAND_NAME_MAX, type BrandMerged, type FreeBrand } from '@vitrina/contract/admin-brands';
import { plural } from '@vitrina/contract/plural';
import { useEffect, useState } from 'react';
import { errorInfo, errorMessage, queryClient, unwrap } from '../../shared/api/query';
import { createBrand, fetchBrandList, fetchBrandMatches, mergeBrand } from './api';

const LISTINGS = ['объявление', 'объявления', 'объявлений'] as const;

interface DialogProps {
  /** The typed brand acted on; null when closed. */
  brand: FreeBrand | null;
  onClose: () => void;
  onDone: (m: BrandMerged) => void;
}

/** After a merge: every staff list (this one, listings, audit) and the public brand lists are stale. */
const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

const moves = (b: FreeBrand) =>
  `${b.listings_count} ${plural(b.listings_count, LISTINGS)} с брендом «${b.brand_text}» получат бренд из справочника.`;

function Failure({ error }: { error: unknown }) {
  return error ? (
    <Alert color="red" p="xs">
      {errorMessage(error)}
    </Alert>
  ) : null;
}

export function BrandMergeDialog({ brand, onClose, onDone }: DialogProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const open = brand !== null;
  const list = useQuery(
    {
      queryKey: ['admin', 'brand-list'],
      queryFn: async ({ signal }) => unwrap(await fetchBrandList(signal)).results,
      enabled: open,
      staleTime: 60_000,
    },
    queryClient,
  );
  const matches = useQuery(
    {
      queryKey: ['admin', 'brand-matches', brand?.brand_text],
      queryFn: async ({ signal }) => unwrap(await fetchBrandMatches(brand!.brand_text, signal)).results,
      enabled: open,
    },
    queryClient,
  );
  const m = useMutation(
    {
      mutationFn: async () =>
        unwrap(await mergeBrand({ brand_text: brand!.brand_text, brand: Number(picked), reason: reason.trim() })),
      onSuccess: async (res) => {
        onDone(res);
        await refresh();
      },
    },
    queryClient,
  );
  useEffect(() => {
    setPicked(null);
    setReason('');
    m.reset();
    // A new row opens a fresh dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brand?.key]);
  const data = (list.data ?? []).map((b) => ({
    value: String(b.id),
    label: b.name_ru && b.name_ru !== b.name ? `${b.name} · ${b.name_ru}` : b.name,
  }));
  return (
    <Modal opened={open} onClose={onClose} title={brand ? `Объединить «${brand.brand_text}»` : ''} centered>
      {brand && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (picked) m.mutate();
          }}
        >
          <Stack gap="sm">
            <Text fz="sm">{moves(brand)}</Text>
            {(matches.data?.length ?? 0) > 0 && (
              <Group gap={6} aria-label="Похожие бренды из справочника">
                <Text fz="xs" c="dimmed">
                  Похоже на:
                </Text>
                {matches.data!.map((b) => (
                  <Button
                    key={b.id}
                    size="compact-xs"
                    variant={picked === String(b.id) ? 'filled' : 'light'}
                    aria-pressed={picked === String(b.id)}
                    onClick={() => setPicked(String(b.id))}
                  >
                    {b.name}
                  </Button>
                ))}
              </Group>
            )}
            <Select
              label="Бренд из справочника"
              placeholder={list.isPending ? 'Загружаем справочник…' : 'Начните вводить название'}
              data={data}
              value={picked}
              onChange={setPicked}
              searchable
              clearable
              required
              nothingFoundMessage="Такого бренда нет — создайте его"
              maxDropdownHeight={260}
              data-autofocus
            />
            <Textarea
              label="Комментарий (необязательно)"
              description="Останется в журнале действий."
              autosize
              minRows={2}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Failure error={m.error ?? list.error} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                Отмена
              </Button>
              <Button type="submit" loading={m.isPending} disabled={!picked}>
                Объединить
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function BrandCreateDialog({ brand, onClose, onDone }: DialogProps) {
  const [name, setName] = useState('');
  const [nameRu, setNameRu] = useState('');
  const [luxury, setLuxury] = useState(false);
  const m = useMutation(
    {
      mutationFn: async () => {
        const made = unwrap(
          await createBrand({ name: name.trim(), name_ru: nameRu.trim() || undefined, is_luxury: luxury }),
        );
        return unwrap(await mergeBrand({ brand_text: brand!.brand_text, brand: made.id, reason: 'Новый бренд' }));
      },
      onSuccess: async (res) => {
        onDone(res);
        await refresh();
      },
    },
    queryClient,
  );
  useEffect(() => {
    setName(brand?.brand_text ?? '');
    setNameRu('');
    setLuxury(false);
    m.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [brand?.key]);
  const fields = errorInfo(m.error)?.fields ?? {};
  return (
    <Modal opened={brand !== null} onClose={onClose} title="Создать бренд" centered>
      {brand && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            m.mutate();
          }}
        >
          <Stack gap="sm">
            <Text fz="sm">{moves(brand)}</Text>
            <TextInput
              label="Название"
              description="Как на бирке; латиницей, если бренд пишет себя так."
              required
              maxLength={BRAND_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fields.name?.[0]}
              data-autofocus
            />
            <TextInput
              label="Название по-русски"
              description="Для поиска и страницы бренда; по умолчанию — как название."
              maxLength={BRAND_NAME_MAX}
              value={nameRu}
              onChange={(e) => setNameRu(e.currentTarget.value)}
              error={fields.name_ru?.[0]}
            />
            <Checkbox
              label="Люксовый бренд"
              description="Объявления в продаже уйдут на проверку подлинности."
              checked={luxury}
              onChange={(e) => setLuxury(e.currentTarget.checked)}
            />
            {!fields.name && !fields.name_ru && <Failure error={m.error} />}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                Отмена
              </Button>
              <Button type="submit" loading={m.isPending} disabled={!name.trim()}>
                Создать и объединить
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
