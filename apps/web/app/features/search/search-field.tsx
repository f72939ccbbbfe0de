/**
 * The header search field: a GET form to /catalog/search (works without JS) around the search input (drawn like
 * Mantine's TextInput by search-field.module.css, without its code). The light `SearchBox` renders it alone for the first paint; `SearchSuggest` wraps the same field in a Combobox.
 */
import { IconSearch } from '@tabler/icons-react';
import type { ComponentPropsWithRef, FocusEventHandler } from 'react';
import classes from './search-field.module.css';

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
      <div className={classes.wrapper}>
        <span className={classes.icon}>
          <IconSearch size={18} aria-hidden />
        </span>
        <input
          className={classes.input}
          name="q"
          type="search"
          aria-label="Поиск по каталогу"
          placeholder="Бренд, вещь или категория"
          value={value}
          autoFocus={autoFocus}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => onValue(e.currentTarget.value)}
          onFocus={onInputFocus}
          onBlur={onInputBlur}
        />
      </div>
    </form>
  );
}
