/**
 * Mantine's Select and MultiSelect with a label that names only the field. Mantine labels the dropdown list
 * with the field's label too (`aria-labelledby`), so «Бренд» would name two elements while the list is open:
 * screen readers announce the list as another «Бренд», and a person's tools (or a test) filling the form by
 * labels cannot tell the field from its list. Here the label is a plain `<label for>` of the input, and the
 * list is mounted only while open.
 */
import { Input, MultiSelect, Select, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { useId } from 'react';

const ORDER: ('input' | 'description' | 'error')[] = ['input', 'description', 'error'];

function FieldLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <Input.Label htmlFor={htmlFor} mb={5}>
      {children}
    </Input.Label>
  );
}

/** A single choice; `label` is the visible name of the field. */
export function LabelledSelect({ label, comboboxProps, ...props }: SelectProps & { label: string }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Select {...props} id={id} inputWrapperOrder={ORDER} comboboxProps={{ keepMounted: false, ...comboboxProps }} />
    </div>
  );
}

/** Several choices; `label` is the visible name of the field. */
export function LabelledMultiSelect({ label, comboboxProps, ...props }: MultiSelectProps & { label: string }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <MultiSelect
        {...props}
        id={id}
        inputWrapperOrder={ORDER}
        comboboxProps={{ keepMounted: false, ...comboboxProps }}
      />
    </div>
  );
}
