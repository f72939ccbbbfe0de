/**
 * The header search field: a GET form to /catalog/search (works without JS) around the search input (drawn like
 * Mantine's TextInput by search-field.module.css, without its code). The light `SearchBox` renders it alone for
 * the first paint; `SearchSuggest` adds the suggestions list (`children`, under the input) and the combobox
 * state of the input (`inputProps`).
 */
import { LineIcon } from '../../shared/ui/line-icons';
import type { ComponentPropsWithRef, FocusEventHandler, InputHTMLAttributes, ReactNode } from 'react';
import classes from './search-field.module.css';

export interface SearchFieldProps extends Omit<ComponentPropsWithRef<'form'>, 'onChange'> {
  value: string;
  onValue: (value: string) => void;
  autoFocus?: boolean;
  onInputFocus?: FocusEventHandler<HTMLInputElement>;
  onInputBlur?: FocusEventHandler<HTMLInputElement>;
  /** ARIA combobox attributes and key handling for the input (the suggestions chunk sets them). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Rendered under the input, positioned against it (the suggestions list). */
  children?: ReactNode;
}

/**
 * The search form and its input. The input is an ARIA combobox from the first paint on (collapsed until the
 * suggestions chunk has loaded), so its role does not change under the user's fingers.
 */
export function SearchField({
  value,
  onValue,
  autoFocus,
  onInputFocus,
  onInputBlur,
  inputProps,
  children,
  ...form
}: SearchFieldProps) {
  return (
    <form role="search" action="/catalog/search" method="get" style={{ width: '100%' }} {...form}>
      <div className={classes.wrapper}>
        <span className={classes.icon}>
          <LineIcon name="search" size={18} />
        </span>
        <input
          className={classes.input}
          name="q"
          type="search"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          aria-label="Поиск по каталогу"
          placeholder="Бренд, вещь или категория"
          value={value}
          autoFocus={autoFocus}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => onValue(e.currentTarget.value)}
          onFocus={onInputFocus}
          onBlur={onInputBlur}
          {...inputProps}
        />
        {children}
      </div>
    </form>
  );
}
