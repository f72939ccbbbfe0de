/**
 * The sell form (screen account-sell-create, spec §2, §7): photos, title, description, brand, section →
 * category, condition, colour, sizes of the category's grid each with price and count, what the seller
 * receives after the fee, «Сохранить черновик» and «Опубликовать». Validated as the seller types with the
 * SAME shared schema the API uses (`checkListing` from @vitrina/contract/products); server field errors
 * appear under their fields. `?edit=<id>` edits an existing listing.
 */
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CATALOG_TYPES, COLORS, CONDITIONS, type CategoryItem } from '@vitrina/contract/catalog';
import { checkListing, LISTING_LIMITS, sellerReceives, type Fee, type Listing } from '@vitrina/contract/products';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../shared/lib/price';
import { fetchCategories, fetchChars, fetchFee, fetchListing, fetchSizes, sendListing, type Chars } from './api';
import { LabelledMultiSelect, LabelledSelect } from './labelled-select';
import { PhotoPicker, type PhotoItem } from './photo-picker';

interface SizeRow {
  size: string;
  price: number | string;
  count: number | string;
}

interface Values {
  title: string;
  description: string;
  brand: string | null;
  type: string;
  category: string | null;
  condition: string | null;
  color: string | null;
  sizes: SizeRow[];
}

const EMPTY: Values = {
  title: '',
  description: '',
  brand: null,
  type: 'women',
  category: null,
  condition: null,
  color: null,
  sizes: [],
};

const num = (v: number | string) =>
  typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v.replace(/\s/g, ''));

/** The candidate the shared schema checks. */
function candidate(v: Values, publish: boolean, photoCount: number) {
  return {
    publish,
    title: v.title,
    description: v.description,
    brand: v.brand ? Number(v.brand) : null,
    category: v.category ? Number(v.category) : undefined,
    condition: v.condition ?? undefined,
    color: v.color,
    sizes: v.sizes.map((s) => ({ size: s.size, price: num(s.price), count: num(s.count) })),
    photo_count: photoCount,
  };
}

/** Categories a listing can be filed under (leaves), grouped by their parent, for a Select. */
function categoryOptions(cats: CategoryItem[]) {
  const parents = new Set(cats.map((c) => c.parent).filter((p): p is number => p !== null));
  const byId = new Map(cats.map((c) => [c.id, c]));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const c of cats) {
    if (parents.has(c.id)) continue;
    const group = c.parent !== null ? (byId.get(c.parent)?.name ?? 'Другое') : 'Другое';
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push({ value: String(c.id), label: c.name });
  }
  return [...groups.entries()].map(([group, items]) => ({ group, items }));
}

export function SellForm({ editId }: { editId: number | null }) {
  const navigate = useNavigate();
  const [chars, setChars] = useState<Chars | null>(null);
  const [fee, setFee] = useState<Fee | null>(null);
  const [cats, setCats] = useState<CategoryItem[] | null>(null);
  const [gridSizes, setGridSizes] = useState<{ value: string; label: string }[] | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [listing, setListing] = useState<Listing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState<'publish' | 'draft' | null>(null);
  const [server, setServer] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState<'publish' | 'draft' | null>(null);
  const [progress, setProgress] = useState(0);

  // Reference data, the fee and (when editing) the listing.
  useEffect(() => {
    let live = true;
    void fetchChars().then((r) => live && (r.ok ? setChars(r.data.data) : setLoadError(r.error.message)));
    void fetchFee().then((r) => live && r.ok && setFee(r.data));
    if (editId) {
      void fetchListing(editId).then((r) => {
        if (!live) return;
        if (!r.ok) {
          setLoadError(
            r.error.status === 404
              ? 'Товар не найден: возможно, он удалён или принадлежит другому продавцу.'
              : r.error.message,
          );
          return;
        }
        const l = r.data;
        setListing(l);
        setValues({
          title: l.title,
          description: l.description,
          brand: l.brand ? String(l.brand.id) : null,
          type: l.category?.type ?? l.type,
          category: l.category ? String(l.category.id) : null,
          condition: l.condition,
          color: l.color,
          sizes: l.sizes.filter((s) => s.count > 0).map((s) => ({ size: s.size, price: s.price, count: s.count })),
        });
        setPhotos(
          l.photos.map((p) => ({ key: `stored-${p.id}`, kind: 'stored', photoId: p.id, preview: p.url_small })),
        );
      });
    }
    return () => {
      live = false;
    };
  }, [editId]);

  useEffect(() => {
    let live = true;
    setCats(null);
    void fetchCategories(values.type).then((r) => live && setCats(r.ok ? r.data : []));
    return () => {
      live = false;
    };
  }, [values.type]);

  useEffect(() => {
    let live = true;
    setGridSizes(null);
    if (!values.category) return;
    void fetchSizes(Number(values.category)).then((r) => {
      if (!live || !r.ok) return;
      const grid = r.data.map((s) => ({ value: s.value, label: s.label }));
      setGridSizes(grid);
      setValues((v) => {
        const kept = v.sizes.filter((s) => grid.some((g) => g.value === s.size));
        // One size in the grid («Без размера»): choose it for the seller.
        if (grid.length === 1 && kept.length === 0)
          return { ...v, sizes: [{ size: grid[0]!.value, price: '', count: 1 }] };
        return kept.length === v.sizes.length ? v : { ...v, sizes: kept };
      });
    });
    return () => {
      live = false;
    };
  }, [values.category]);

  const mode = attempted === 'draft' ? false : true;
  const check = useMemo(
    () => checkListing(candidate(values, mode, photos.length), true),
    [values, mode, photos.length],
  );
  const clientErrors = check.ok ? {} : check.errors;

  /** The message under a field: the live check once touched (or after a submit), else the server's. */
  const err = (field: string): string | undefined => {
    const show = attempted !== null || [...touched].some((t) => field === t || field.startsWith(`${t}.`));
    const local = clientErrors[field]?.[0];
    if (show && local) return local;
    return server[field]?.[0];
  };

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => new Set(t).add(field));
    setServer((s) => {
      if (!s[field]) return s;
      const next = { ...s };
      delete next[field];
      return next;
    });
  };
  const setRow = (i: number, patch: Partial<SizeRow>) => {
    set(
      'sizes',
      values.sizes.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    );
  };

  const catOptions = useMemo(() => (cats ? categoryOptions(cats) : []), [cats]);

  async function submit(kind: 'publish' | 'draft') {
    setAttempted(kind);
    setFormError(null);
    const res = checkListing(candidate(values, kind === 'publish', photos.length), true);
    if (!res.ok) {
      setFormError('Проверьте поля, отмеченные красным.');
      return;
    }
    const form = new FormData();
    form.set('title', values.title.trim());
    form.set('description', values.description);
    form.set('brand', values.brand ?? '');
    form.set('category', values.category ?? '');
    form.set('condition', values.condition ?? '');
    form.set('color', values.color ?? '');
    form.set(
      'sizes',
      JSON.stringify(values.sizes.map((s) => ({ size: s.size, price: num(s.price), count: num(s.count) }))),
    );
    const fresh = photos.filter((p): p is Extract<PhotoItem, { kind: 'new' }> => p.kind === 'new');
    for (const p of fresh) form.append('photos', p.file, p.file.name);
    if (editId) {
      const storedNow = photos.filter((p) => p.kind === 'stored').map((p) => (p as { photoId: number }).photoId);
      const removed = (listing?.photos ?? []).map((p) => p.id).filter((id) => !storedNow.includes(id));
      if (removed.length) form.set('remove_photos', JSON.stringify(removed));
      form.set('photo_order', JSON.stringify(storedNow));
      form.set('status', kind === 'publish' ? 'active' : 'draft');
    } else if (kind === 'draft') {
      form.set('draft', 'true');
    }
    setSending(kind);
    setProgress(0);
    let r = await sendListing(form, { id: editId ?? undefined, onProgress: setProgress });
    // New photos are appended by the API: put them where the seller placed them among the stored ones.
    if (r.ok && editId && fresh.length) {
      const keptCount = r.data.photos.length - fresh.length;
      const newIds = r.data.photos.slice(keptCount).map((p) => p.id);
      let n = 0;
      const wanted = photos.map((p) => (p.kind === 'stored' ? p.photoId : newIds[n++]!));
      if (wanted.join() !== r.data.photos.map((p) => p.id).join()) {
        const order = new FormData();
        order.set('photo_order', JSON.stringify(wanted));
        r = await sendListing(order, { id: editId });
      }
    }
    setSending(null);
    if (!r.ok) {
      setServer(r.error.fields);
      setTouched(new Set());
      setAttempted(null);
      setFormError(r.error.message);
      return;
    }
    for (const p of fresh) URL.revokeObjectURL(p.preview);
    if (kind === 'publish') {
      notifications.show({
        color: 'green',
        title: editId ? 'Изменения сохранены' : 'Товар опубликован',
        message: r.data.title,
      });
      void navigate(`/product/${r.data.slug}`);
    } else {
      notifications.show({
        title: 'Черновик сохранён',
        message: 'Его видите только вы — опубликуйте, когда будете готовы.',
      });
      void navigate('/account/sales?status=draft');
    }
  }

  if (loadError) {
    return (
      <Alert color="red" title="Не удалось открыть форму" role="alert">
        {loadError} <Link to="/account/sales">К моим товарам</Link>
      </Alert>
    );
  }
  if (!chars || (editId && !listing)) return <SellFormSkeleton />;

  const brandData = chars.brands.map((b) => ({ value: String(b.id), label: b.name }));
  const sizeData = gridSizes ?? values.sizes.map((s) => ({ value: s.size, label: s.size }));
  const isActive = listing?.status === 'active';
  const busy = sending !== null;

  return (
    <form onSubmit={(e) => e.preventDefault()} noValidate aria-label="Продажа вещи">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <PhotoPicker
            items={photos}
            onChange={(items) => {
              setPhotos(items);
              setTouched((t) => new Set(t).add('photos'));
              setServer((s) => ({ ...s, photos: [] }));
            }}
            error={err('photos')}
            disabled={busy}
          />
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <TextInput
              label="Название"
              placeholder="Например, пальто из шерсти Zara"
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={err('title')}
              maxLength={LISTING_LIMITS.titleMax + 20}
              description={`${values.title.trim().length} / ${LISTING_LIMITS.titleMax}`}
              inputWrapperOrder={['label', 'input', 'error', 'description']}
              required
              withAsterisk={false}
              disabled={busy}
            />
            <Textarea
              label="Описание"
              placeholder="Размер по бирке, замеры, материал, как носили, есть ли дефекты"
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              error={err('description')}
              autosize
              minRows={4}
              maxRows={12}
              description={`${values.description.length} / ${LISTING_LIMITS.descriptionMax}`}
              inputWrapperOrder={['label', 'input', 'error', 'description']}
              disabled={busy}
            />
            <LabelledSelect
              label="Бренд"
              placeholder="Начните вводить название"
              data={brandData}
              value={values.brand}
              onChange={(v) => set('brand', v)}
              error={err('brand')}
              searchable
              clearable
              limit={60}
              nothingFoundMessage="Такого бренда нет в списке"
              required
              withAsterisk={false}
              disabled={busy}
            />
            <Stack gap={4}>
              <Text fz="sm" fw={500} id="sell-type-label">
                Раздел
              </Text>
              <SegmentedControl
                aria-labelledby="sell-type-label"
                data={CATALOG_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                value={values.type}
                onChange={(t) => {
                  setValues((v) => ({ ...v, type: t, category: null, sizes: [] }));
                }}
                disabled={busy}
                fullWidth
              />
            </Stack>
            <LabelledSelect
              label="Категория"
              placeholder={cats ? 'Выберите категорию' : 'Загружаем категории…'}
              data={catOptions}
              value={values.category}
              onChange={(v) => set('category', v)}
              error={err('category')}
              searchable
              nothingFoundMessage="Нет такой категории"
              required
              withAsterisk={false}
              disabled={busy || !cats}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LabelledSelect
                label="Состояние"
                placeholder="Выберите состояние"
                data={CONDITIONS.map((c) => ({ value: c.value, label: c.label }))}
                value={values.condition}
                onChange={(v) => set('condition', v)}
                error={err('condition')}
                required
                withAsterisk={false}
                disabled={busy}
              />
              <LabelledSelect
                label="Цвет"
                placeholder="Не указан"
                data={COLORS.map((c) => ({ value: c.value, label: c.label }))}
                value={values.color}
                onChange={(v) => set('color', v)}
                error={err('color')}
                clearable
                disabled={busy}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <LabelledMultiSelect
              comboboxProps={{ withinPortal: true }}
              label="Размер"
              placeholder={values.category ? 'Выберите один или несколько размеров' : 'Сначала выберите категорию'}
              data={sizeData}
              value={values.sizes.map((s) => s.size)}
              onChange={(sel) =>
                set(
                  'sizes',
                  sel.map(
                    (size) =>
                      values.sizes.find((r) => r.size === size) ?? {
                        size,
                        price: values.sizes[0]?.price ?? '',
                        count: 1,
                      },
                  ),
                )
              }
              error={err('sizes')}
              required
              withAsterisk={false}
              disabled={busy || !values.category}
              hidePickedOptions={false}
            />
            {values.sizes.map((row, i) => {
              const price = num(row.price);
              const gets = fee && price && price >= LISTING_LIMITS.priceMin ? sellerReceives(price, fee) : null;
              const label = sizeData.find((s) => s.value === row.size)?.label ?? row.size;
              return (
                <Paper key={row.size} bg="var(--mantine-color-gray-0)" radius="md" p="sm" data-testid="sell-size-row">
                  <Text fw={600} fz="sm" mb={6}>
                    Размер {label}
                  </Text>
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                    <NumberInput
                      label="Цена"
                      placeholder="Например, 12 990"
                      suffix=" ₽"
                      thousandSeparator=" "
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      min={LISTING_LIMITS.priceMin}
                      max={LISTING_LIMITS.priceMax}
                      hideControls
                      value={row.price}
                      onChange={(v) => setRow(i, { price: v })}
                      error={err(`sizes.${i}.price`)}
                      description={
                        gets && fee
                          ? `Вы получите ${formatPrice(gets.receive)}, комиссия ${String(fee.percent).replace('.', ',')}\u00a0%`
                          : fee
                            ? `Комиссия ${String(fee.percent).replace('.', ',')}\u00a0%`
                            : undefined
                      }
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      required
                      withAsterisk={false}
                      disabled={busy}
                    />
                    <NumberInput
                      label="Количество"
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="none"
                      min={LISTING_LIMITS.countMin}
                      max={LISTING_LIMITS.countMax}
                      value={row.count}
                      onChange={(v) => setRow(i, { count: v })}
                      error={err(`sizes.${i}.count`) ?? err(`sizes.${i}.size`)}
                      required
                      withAsterisk={false}
                      disabled={busy}
                    />
                  </SimpleGrid>
                </Paper>
              );
            })}
          </Stack>
        </Paper>

        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {busy && (
          <Stack gap={4}>
            <Text fz="sm">
              {progress < 1 ? `Загружаем фото… ${Math.round(progress * 100)} %` : 'Обрабатываем фото…'}
            </Text>
            <Progress value={Math.round(progress * 100)} animated={progress >= 1} aria-label="Загрузка" />
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            size="md"
            onClick={() => void submit('draft')}
            loading={sending === 'draft'}
            disabled={busy}
          >
            Сохранить черновик
          </Button>
          <Button size="md" onClick={() => void submit('publish')} loading={sending === 'publish'} disabled={busy}>
            {isActive ? 'Сохранить изменения' : 'Опубликовать'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SellFormSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Загрузка формы">
      <Skeleton h={180} radius="lg" />
      <Skeleton h={360} radius="lg" />
      <Skeleton h={120} radius="lg" />
    </Stack>
  );
}

/** The page: heading and the form, behind the account guard. */
export function SellPage({ editId }: { editId: number | null }) {
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {editId ? 'Редактирование товара' : 'Продать вещь'}
        </Title>
        <Text c="dimmed" mt={4}>
          {editId ? 'Измените то, что нужно, и сохраните.' : 'Хорошие фото и честное описание продают быстрее всего.'}
        </Text>
      </div>
      <SellForm key={editId ?? 'new'} editId={editId} />
    </Stack>
  );
}
