/** The SMS code's digit boxes (sign-in and account deletion dialogs): numeric, one-time-code, each box named. */
import { PinInput, type PinInputProps } from '@mantine/core';
import type { Ref } from 'react';

export interface CodeInputProps extends Pick<
  PinInputProps,
  'id' | 'length' | 'value' | 'onChange' | 'onComplete' | 'error' | 'disabled' | 'size' | 'gap'
> {
  length: number;
  ref?: Ref<HTMLInputElement>;
}

export function CodeInput({ length, ref, size = 'lg', gap = 'sm', ...rest }: CodeInputProps) {
  return (
    <PinInput
      {...rest}
      ref={ref}
      length={length}
      size={size}
      gap={gap}
      type="number"
      inputMode="numeric"
      oneTimeCode
      autoFocus
      aria-label="Код из SMS"
      getInputProps={(i) => ({ 'aria-label': `Код из SMS, цифра ${i + 1} из ${length}` })}
      styles={{ input: { fontVariantNumeric: 'tabular-nums', fontWeight: 600 } }}
    />
  );
}
