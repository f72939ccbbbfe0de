/**
 * The sizes block of the sell form (spec §2 account-sell-create, §5): the multi-select «Размер» of the
 * category's grid, then for each chosen size its «Цена» (rubles, with the fee preview) and «Количество».
 * A size added later starts with the first size's price and a count of 1.
 */
import { NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { LISTING_LIMITS, type Fee } from '@vitrina/contract/products';
import { feePreview } from './fee-preview';
import { LabelledMultiSelect } from './labelled-select';
import { num, type SizeRow } from './sell-values';

export function SizesEditor({
  sizes,
  sizeData,
  hasCategory,
  fee,
  err,
  busy,
  onChange,
}: {
  sizes: SizeRow[];
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
                  price: sizes[0]?.price ?? '',
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
      {sizes.map((row, i) => {
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
                description={feePreview(num(row.price), fee)}
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
      <Text fz="xs" c="dimmed" data-testid="sell-delivery-note">
        Доставку до пункта выдачи покупателя оплачиваете вы, когда отправляете заказ: для покупателя она бесплатна.
        Учитывайте её в цене.
      </Text>
    </Stack>
  );
}
