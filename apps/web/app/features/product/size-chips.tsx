/**
 * The size choice on a product page in Mantine's `<Chip variant="outline" radius="sm">` look inside a
 * single-choice `<Chip.Group>`, without Chip's code: the same markup (a radio input and its label), classes
 * and variables, styled by Mantine's stylesheet. Keeps the product page's JavaScript small (issue 2);
 * size-chips.test.ts checks the classes still exist in Mantine's CSS.
 */
import { useId, type CSSProperties } from 'react';

/** Mantine's own class names for Chip's parts, as in @mantine/core 9. */
export const CHIP_CLASSES = {
  root: 'm_f59ffda3 mantine-Chip-root',
  input: 'm_bde07329 mantine-Chip-input',
  label: 'm_3904c1af m_be049a53 mantine-Chip-label',
  iconWrapper: 'm_9ac86df9 mantine-Chip-iconWrapper',
  checkIcon: 'm_d6d72580 mantine-Chip-checkIcon',
} as const;

const ROOT_VARS = {
  '--chip-radius': 'var(--mantine-radius-sm)',
  '--chip-bg': 'transparent',
  '--chip-hover': 'var(--mantine-color-ink-outline-hover)',
  '--chip-color': 'var(--mantine-color-ink-outline)',
  '--chip-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-ink-outline)',
} as CSSProperties;

const LABEL_STYLE: CSSProperties = { minWidth: 48, justifyContent: 'center' };
/** Mantine's `<Group gap={8}>` as plain styles. */
const GROUP_STYLE: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 };

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
    <div style={GROUP_STYLE} role="radiogroup" aria-labelledby={labelledBy}>
      {sizes.map((size, i) => {
        const checked = size === value;
        const inputId = `${id}-${i}`;
        return (
          <div key={size} style={ROOT_VARS} className={CHIP_CLASSES.root} data-variant="outline">
            <input
              type="radio"
              className={CHIP_CLASSES.input}
              id={inputId}
              value={size}
              checked={checked}
              onChange={() => onChange(size)}
            />
            <label
              style={LABEL_STYLE}
              className={CHIP_CLASSES.label}
              data-checked={checked || undefined}
              htmlFor={inputId}
            >
              {checked && (
                <span className={CHIP_CLASSES.iconWrapper}>
                  <svg
                    viewBox="0 0 10 7"
                    fill="none"
                    xmlns="http://www.w3.org/2000/svg"
                    aria-hidden="true"
                    className={CHIP_CLASSES.checkIcon}
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
