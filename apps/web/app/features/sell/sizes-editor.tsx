/**
 * The sizes block of the sell form (spec §2 account-sell-create, §5; issue 39): a one-off item has the
 * multi-select «Размер» of the category's grid and one «Цена» (rubles, with the fee preview) up front. Once a
 * second size is chosen (or a stored listing has several pieces), each size gets its own «Цена» and «Количество»;
 * a size added later starts with the price typed so far and a count of 1.
 */
import { NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { LISTING_LIMITS, type Fee } from '@vitrina/contract/products';
import { feePreview } from './fee-preview';
import { LabelledMultiSelect } from './labelled-select';
import { num, type SizeRow } from './sell-values';

export function SizesEditor({
  sizes,
  price,
  onPrice,
  sizeData,
  hasCategory,
  fee,
  err,
  busy,
  onChange,
}: {
  sizes: SizeRow[];
  /** The one price typed up front (rubles, or the input's text). */
  price: number | string;
  /** The one price changed: the form keeps it and gives it to the one size. */
  onPrice: (price: number | string) => void;
  /** The sizes to choose from (value and label). */
  sizeData: { value: string; label: string }[];
  hasCategory: boolean;
  fee: Fee | null;
  /** The message under a field (`sizes`, `sizes.0.price`, …) or `undefined`. */
  err: (field: string) => string | undefined;
  busy: boolean;
  onChange: (sizes: SizeRow[]) => void;
}) {
  const setRow = (i: number, patch: Partial<SizeRow>) =>
    onChange(sizes.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  // Per-size prices and counts once there are two sizes, or one size of several pieces (a stored listing).
  const perSize = sizes.length > 1 || sizes.some((r) => num(r.count) !== 1);
  const onePrice = sizes[0]?.price ?? price;

  return (
    <Stack gap="md">
      <LabelledMultiSelect
        comboboxProps={{ withinPortal: true }}
        label="Размер"
        placeholder={hasCategory ? 'Выберите один или несколько размеров' : 'Сначала выберите категорию'}
        data={sizeData}
        value={sizes.map((s) => s.size)}
        onChange={(sel) =>
          onChange(
            sel.map(
              (size) =>
                sizes.find((r) => r.size === size) ?? {
                  size,
                  price: onePrice,
                  count: 1,
                },
            ),
          )
        }
        error={err('sizes')}
        required
        withAsterisk={false}
        disabled={busy || !hasCategory}
        hidePickedOptions={false}
      />
      {!perSize && (
        <PriceInput value={onePrice} onChange={onPrice} fee={fee} error={err('sizes.0.price')} busy={busy} />
      )}
      {!perSize && (
        <Text fz="xs" c="dimmed">
          Продаёте несколько размеров? Выберите их — у каждого появятся своя цена и количество.
        </Text>
      )}
      {perSize &&
        sizes.map((row, i) => {
          const label = sizeData.find((s) => s.value === row.size)?.label ?? row.size;
          return (
            <Paper key={row.size} bg="var(--mantine-color-gray-0)" radius="md" p="sm" data-testid="sell-size-row">
              <Text fw={600} fz="sm" mb={6}>
                Размер {label}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <PriceInput
                  value={row.price}
                  onChange={(v) => setRow(i, { price: v })}
                  fee={fee}
                  error={err(`sizes.${i}.price`)}
                  busy={busy}
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
      <Text fz="xs" c="dimmed" data-testid="sell-delivery-note">
        Доставку до пункта выдачи покупателя оплачиваете вы, когда отправляете заказ: для покупателя она бесплатна.
        Учитывайте её в цене.
      </Text>
    </Stack>
  );
}

/** «Цена» in rubles with what the seller receives after the fee (or `description` before a price is typed). */
function PriceInput({
  value,
  onChange,
  fee,
  error,
  busy,
}: {
  value: number | string;
  onChange: (v: number | string) => void;
  fee: Fee | null;
  error: string | undefined;
  busy: boolean;
}) {
  return (
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
      value={value}
      onChange={onChange}
      error={error}
      description={feePreview(num(value), fee)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required
      withAsterisk={false}
      disabled={busy}
    />
  );
}
