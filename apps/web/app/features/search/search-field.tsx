/**
 * The header search field: a GET form to /catalog/search (works without JS) around the search input. The
 * light `SearchBox` renders it alone for the first paint; `SearchSuggest` wraps the same field in a Combobox.
 */
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ComponentPropsWithRef, FocusEventHandler } from 'react';

export interface SearchFieldProps extends Omit<ComponentPropsWithRef<'form'>, 'onChange'> {
  value: string;
  onValue: (value: string) => void;
  autoFocus?: boolean;
  onInputFocus?: FocusEventHandler<HTMLInputElement>;
  onInputBlur?: FocusEventHandler<HTMLInputElement>;
}

export function SearchField({ value, onValue, autoFocus, onInputFocus, onInputBlur, ...form }: SearchFieldProps) {
  return (
    <form role="search" action="/catalog/search" method="get" style={{ width: '100%' }} {...form}>
      <TextInput
        name="q"
        type="search"
        aria-label="Поиск по каталогу"
        placeholder="Бренд, вещь или категория"
        value={value}
        autoFocus={autoFocus}
        autoComplete="off"
        enterKeyHint="search"
        leftSection={<IconSearch size={18} aria-hidden />}
        radius="xl"
        onChange={(e) => onValue(e.currentTarget.value)}
        onFocus={onInputFocus}
        onBlur={onInputBlur}
        styles={{ input: { background: 'var(--vt-mist)', border: '1px solid transparent' } }}
      />
    </form>
  );
}
