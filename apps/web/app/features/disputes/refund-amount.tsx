/**
 * The amount of a partial refund in rubles (kopecks allowed), from 1 ₽ up to the order's total: the seller's offer
 * and staff's decision use the same field.
 */
import { NumberInput } from '@mantine/core';

/** Props of {@link RefundAmountInput}: `total` in rubles; `error` is the API's message for the field `amount`. */
interface RefundAmountProps {
  label: string;
  description?: string;
  total: number;
  value: number | string;
  onChange: (value: number | string) => void;
  error?: string;
}

/** A rubles field of a partial refund («1 000,50»). */
export function RefundAmountInput({ label, description, total, value, onChange, error }: RefundAmountProps) {
  return (
    <NumberInput
      label={label}
      description={description}
      min={1}
      max={total}
      decimalScale={2}
      thousandSeparator=" "
      value={value}
      onChange={onChange}
      error={error}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
