/**
 * The sell form (screen account-sell-create, spec §2, §7): photos, title, description, brand, section →
 * category, condition, colour, sizes of the category's grid each with price and count, what the seller
 * receives after the fee, «Сохранить черновик» and «Опубликовать». Validated as the seller types with the
 * SAME shared schema the API uses (`checkListing` from @vitrina/contract/products); server field errors
 * appear under their fields. `?edit=<id>` edits an existing listing. A seller with no name in their profile is
 * asked for it (`NamePrompt`) before the listing goes on sale.
 *
 * The parts: the model (`sell-values`), what loads (`use-sell-data`), the field messages (`use-field-errors`),
 * saving (`use-submit-listing`), the sizes with the fee preview (`sizes-editor`), the photos (`photo-picker`).
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CATALOG_TYPES, COLORS, CONDITIONS } from '@vitrina/contract/catalog';
import { LISTING_LIMITS } from '@vitrina/contract/products';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { lacksName, NamePrompt, useAuth } from '../auth';
import { BrandField } from './brand-field';
import { LabelledSelect } from './labelled-select';
import { PhotoPicker, type PhotoItem } from './photo-picker';
import { categoryOptions, EMPTY, type Values } from './sell-values';
import { SizesEditor } from './sizes-editor';
import { useFieldErrors } from './use-field-errors';
import { useSellData } from './use-sell-data';
import { useSellDraft } from './use-sell-draft';
import { useSubmitListing } from './use-submit-listing';

/** The form of a new listing (`editId` null) or of the seller's listing `editId`. */
export function SellForm({ editId }: { editId: number | null }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const { chars, fee, cats, gridSizes, listing, loadError } = useSellData(editId, values, setValues, setPhotos);
  const fields = useFieldErrors(values, photos.length);
  const { err, edited } = fields;
  const { user } = useAuth();
  // A new listing's typed fields survive a closed tab (not an edit: the listing itself is stored).
  const draft = useSellDraft(editId === null ? (user?.id ?? null) : null, values, setValues);
  const saving = useSubmitListing({ editId, values, photos, listing, fields, onSaved: draft.forget });
  const { submit, sending, progress, formError } = saving;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    edited(field);
    saving.edited();
  };

  // A seller without a name gives one before the listing goes on sale (buyers see it).
  const [askName, setAskName] = useState(false);
  const publish = () => {
    if (!lacksName(user)) return void submit('publish');
    if (saving.check('publish')) setAskName(true);
  };

  const catOptions = useMemo(() => (cats ? categoryOptions(cats) : []), [cats]);

  if (loadError) {
    return (
      <Alert color="red" title="Не удалось открыть форму" role="alert">
        {loadError} <Link to="/account/sales">К моим товарам</Link>
      </Alert>
    );
  }
  if (!chars || (editId && !listing)) return <SellFormSkeleton />;

  const sizeData = gridSizes ?? values.sizes.map((s) => ({ value: s.size, label: s.size }));
  const isActive = listing?.status === 'active';
  const busy = sending !== null;

  return (
    <>
      <form onSubmit={(e) => e.preventDefault()} noValidate aria-label="Продажа вещи">
        <Stack gap="lg">
          {draft.restored && (
            <Alert color="ink" variant="light" data-testid="sell-draft-restored">
              <Group justify="space-between" gap="xs">
                <Text fz="sm">Вернули то, что вы начали заполнять. Фото добавьте заново.</Text>
                <Button variant="subtle" size="compact-sm" onClick={draft.discard}>
                  Начать заново
                </Button>
              </Group>
            </Alert>
          )}
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <PhotoPicker
              items={photos}
              onChange={(items) => {
                setPhotos(items);
                edited('photos');
                saving.edited();
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
              <BrandField
                brands={chars.brands}
                value={values.brand}
                onChange={(v) => set('brand', v)}
                error={err('brand') ?? err('brand_text')}
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
            <SizesEditor
              sizes={values.sizes}
              price={values.price}
              onPrice={(price) => {
                setValues((v) => ({ ...v, price, sizes: v.sizes.map((r, i) => (i === 0 ? { ...r, price } : r)) }));
                edited('sizes');
                saving.edited();
              }}
              sizeData={sizeData}
              hasCategory={values.category !== null}
              fee={fee}
              err={err}
              busy={busy}
              onChange={(sizes) => set('sizes', sizes)}
            />
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
            <Button size="md" onClick={publish} loading={sending === 'publish'} disabled={busy}>
              {isActive ? 'Сохранить изменения' : 'Опубликовать'}
            </Button>
          </Group>
        </Stack>
      </form>
      <NamePrompt
        opened={askName}
        actionLabel={isActive ? 'Сохранить и продолжить' : 'Сохранить и опубликовать'}
        onClose={() => setAskName(false)}
        onSaved={() => {
          setAskName(false);
          void submit('publish');
        }}
      />
    </>
  );
}

function SellFormSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Загрузка формы">
      <Skeleton h={180} radius="lg" />
      <Skeleton h={360} radius="lg" />
      <Skeleton h={120} radius="lg" />
    </Stack>
  );
}
