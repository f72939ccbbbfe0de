/**
 * The size choice on a product page: one radio per size drawn as a chip, like Mantine's
 * `<Chip variant="outline" radius="sm">` in a single-choice `<Chip.Group>`, by a CSS module on Mantine's public
 * CSS variables (size-chips.module.css), without Chip's code — keeps the product page's JavaScript small.
 */
import { useId } from 'react';
import classes from './size-chips.module.css';

const CHECK_PATH =
  'M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z';

export interface SizeChipsProps {
  /** The sizes, in order. */
  sizes: string[];
  /** The chosen size, or null. */
  value: string | null;
  onChange: (size: string) => void;
  /** The id of the element naming the group («Размер»). */
  labelledBy: string;
}

/** One chip per size (radio semantics: one chosen at a time) in a row that wraps. */
export function SizeChips({ sizes, value, onChange, labelledBy }: SizeChipsProps) {
  const id = useId();
  return (
    <div className={classes.group} role="radiogroup" aria-labelledby={labelledBy}>
      {sizes.map((size, i) => {
        const checked = size === value;
        const inputId = `${id}-${i}`;
        return (
          <div key={size}>
            <input
              type="radio"
              className={classes.input}
              id={inputId}
              value={size}
              checked={checked}
              onChange={() => onChange(size)}
            />
            <label className={classes.label} data-checked={checked || undefined} htmlFor={inputId}>
              {checked && (
                <span className={classes.iconWrapper}>
                  <svg
                    viewBox="0 0 10 7"
                    fill="none"
                    xmlns="http://www.w3.org/2000/svg"
                    aria-hidden="true"
                    className={classes.checkIcon}
                  >
                    <path d={CHECK_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
                  </svg>
                </span>
              )}
              <span>{size}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
