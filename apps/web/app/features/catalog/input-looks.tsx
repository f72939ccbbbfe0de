/**
 * The filter panel's Mantine fields as the server renders them: a closed `<Select>` («Категория») and
 * `<MultiSelect>` («Бренд»), searchable and clearable, and the `<NumberInput>` of a price — at size `sm`, the same
 * markup, classes and variables as Mantine's, without their code (Combobox, Popover, floating-ui, number
 * formatting, Box style props). On a cold catalog page these four fields cost the server more CPU than the 24
 * listing cards (issue 17 «cold render»); in the browser the real fields take their place once the page is
 * interactive (`filter-panel.tsx`) — until then a click on them could do nothing anyway.
 * input-looks.test.tsx renders each next to Mantine's own server output and expects the same HTML.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Chevron } from './sort-select';

/** Mantine's own class names of the fields' parts, as in @mantine/core 9 (`%` is the component's name). */
export const INPUT_LOOK_CLASSES = {
  root: 'm_46b77525 mantine-InputWrapper-root mantine-%-root',
  wrapper: 'm_6c018570 mantine-Input-wrapper mantine-%-wrapper',
  input: 'm_8fb7ebe7 mantine-Input-input mantine-%-input',
  section: 'm_82577fc2 mantine-Input-section mantine-%-section',
  clear:
    'mantine-focus-auto mantine-active m_86a44da5 mantine-InputClearButton-root m_87cf2631 mantine-UnstyledButton-root',
  pills: 'mantine-MultiSelect-pillsList m_1dcfd90b mantine-PillGroup-group',
  pill: 'm_44da308b mantine-MultiSelect-pill m_7cda1cd6 mantine-Pill-root',
  pillLabel: 'm_1e0e6180 mantine-Pill-label',
  pillRemove:
    'mantine-focus-auto mantine-active m_ae386778 mantine-Pill-remove m_86a44da5 mantine-CloseButton-root m_87cf2631 mantine-UnstyledButton-root',
  field: 'mantine-MultiSelect-inputField m_45c4369d mantine-PillsInputField-field',
  numberRoot: 'm_e2f5cd4e',
  dimmed: 'mantine-focus-auto m_b6d8b162 mantine-Text-root',
} as const;

const CROSS_PATH =
  'M11.7816 4.03157C12.0062 3.80702 12.0062 3.44295 11.7816 3.2184C11.5571 2.99385 11.193 2.99385 10.9685 3.2184L7.50005 6.68682L4.03164 3.2184C3.80708 2.99385 3.44301 2.99385 3.21846 3.2184C2.99391 3.44295 2.99391 3.80702 3.21846 4.03157L6.68688 7.49999L3.21846 10.9684C2.99391 11.193 2.99391 11.557 3.21846 11.7816C3.44301 12.0061 3.80708 12.0061 4.03164 11.7816L7.50005 8.31316L10.9685 11.7816C11.193 12.0061 11.5571 12.0061 11.7816 11.7816C12.0062 11.557 12.0062 11.193 11.7816 10.9684L8.31322 7.49999L11.7816 4.03157Z';

const named = (cls: string, component: string) => cls.replace('%', component);

const CLEAR_STYLE = {
  '--cb-size': 'var(--cb-size-sm)',
  pointerEvents: 'all',
  background: 'var(--input-bg)',
} as CSSProperties;
const CROSS_STYLE = { width: 'var(--cb-icon-size, 70%)', height: 'var(--cb-icon-size, 70%)' };
const CLEAR_SECTION = { display: 'flex', gap: 2, alignItems: 'center', paddingInlineEnd: 8 } as const;
const PILL_VARS = { '--pill-fz': 'var(--pill-fz-sm)', '--pill-height': 'var(--pill-height-sm)' } as CSSProperties;

function Cross() {
  return (
    <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={CROSS_STYLE}>
      <path d={CROSS_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
    </svg>
  );
}

/** A clear or remove button: out of the tab order and hidden from assistive technology, as Mantine renders it. */
function CrossButton({ className, style, size }: { className: string; style?: CSSProperties; size?: 'sm' }) {
  return (
    <button
      style={style}
      className={className}
      data-variant="transparent"
      data-size={size}
      type="button"
      tabIndex={-1}
      aria-hidden="true"
    >
      <Cross />
    </button>
  );
}

/** The right section: the chevron, with the clear button before it when something is chosen. */
function RightSection({ component, cleared }: { component: string; cleared: boolean }) {
  return (
    <div data-position="right" className={named(INPUT_LOOK_CLASSES.section, component)}>
      {cleared ? (
        <Chevron />
      ) : (
        <div data-combined-clear-section="true" style={CLEAR_SECTION}>
          <CrossButton className={INPUT_LOOK_CLASSES.clear} style={CLEAR_STYLE} size="sm" />
          <Chevron />
        </div>
      )}
    </div>
  );
}

/** Mantine's InputWrapper root and Input wrapper of the field `component` around its input and sections. */
function Frame({
  component,
  vars,
  multiline = false,
  rootClass = '',
  rootStyle,
  children,
}: {
  component: string;
  vars: CSSProperties;
  multiline?: boolean;
  rootClass?: string;
  rootStyle?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div style={rootStyle} className={`${rootClass}${named(INPUT_LOOK_CLASSES.root, component)}`} data-size="sm">
      <div
        style={vars}
        className={named(INPUT_LOOK_CLASSES.wrapper, component)}
        data-variant="default"
        data-size="sm"
        data-multiline={multiline ? 'true' : undefined}
        data-with-right-section="true"
      >
        {children}
      </div>
    </div>
  );
}

const SELECT_WRAPPER_VARS = {
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
  '--input-right-section-pointer-events': 'none',
} as CSSProperties;

export interface SelectLookProps {
  label: string;
  placeholder: string;
  /** The chosen option's value and label, or null. */
  chosen: { value: string; label: string } | null;
  /** The field's id (Mantine's `useId` on the server; a stable one keeps hydration happy). */
  id: string;
}

/** A closed, searchable, clearable Mantine `<Select>` of size `sm`. */
export function SelectLook({ label, placeholder, chosen, id }: SelectLookProps) {
  return (
    <>
      <Frame component="Select" vars={SELECT_WRAPPER_VARS}>
        <input
          className={named(INPUT_LOOK_CLASSES.input, 'Select')}
          data-variant="default"
          aria-label={label}
          placeholder={placeholder}
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded="false"
          autoComplete="off"
          id={id}
          value={chosen?.label ?? ''}
          readOnly
        />
        <RightSection component="Select" cleared={chosen === null} />
      </Frame>
      <input type="hidden" value={chosen?.value ?? ''} />
    </>
  );
}

const MULTI_WRAPPER_VARS = {
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
  '--input-padding-y': 'var(--input-padding-y-sm)',
  '--input-right-section-pointer-events': 'none',
} as CSSProperties;
const PILLS_VARS = { '--pg-gap': 'var(--pg-gap-sm)', paddingInlineEnd: 50 } as CSSProperties;
const EMPTY_PILLS_VARS = { '--pg-gap': 'var(--pg-gap-sm)' } as CSSProperties;

export interface MultiSelectLookProps {
  label: string;
  /** Shown while nothing is chosen. */
  placeholder: string;
  /** The chosen options, in the order chosen. */
  chosen: { value: string; label: string }[];
  id: string;
}

/** A closed, searchable, clearable Mantine `<MultiSelect>` of size `sm`: the chosen values as pills. */
export function MultiSelectLook({ label, placeholder, chosen, id }: MultiSelectLookProps) {
  const empty = chosen.length === 0;
  return (
    <>
      <Frame component="MultiSelect" vars={MULTI_WRAPPER_VARS} multiline>
        <div className={named(INPUT_LOOK_CLASSES.input, 'MultiSelect')} data-variant="default" data-no-overflow="true">
          <div style={empty ? EMPTY_PILLS_VARS : PILLS_VARS} className={INPUT_LOOK_CLASSES.pills} data-size="sm">
            {chosen.map((c) => (
              <span
                key={c.value}
                style={PILL_VARS}
                className={INPUT_LOOK_CLASSES.pill}
                data-variant="default"
                data-size="sm"
                data-with-remove="true"
              >
                <span className={INPUT_LOOK_CLASSES.pillLabel}>{c.label}</span>
                <CrossButton className={INPUT_LOOK_CLASSES.pillRemove} />
              </span>
            ))}
            <input
              className={INPUT_LOOK_CLASSES.field}
              data-type="visible"
              aria-label={label}
              placeholder={empty ? placeholder : undefined}
              role="combobox"
              aria-haspopup="listbox"
              aria-expanded="false"
              autoComplete="off"
              id={id}
              aria-invalid="false"
              type="text"
              value=""
              readOnly
            />
          </div>
        </div>
        <RightSection component="MultiSelect" cleared={empty} />
      </Frame>
      <input type="hidden" value={chosen.map((c) => c.value).join(',')} />
    </>
  );
}

const NUMBER_WRAPPER_VARS = {
  '--input-height': 'var(--input-height-sm)',
  '--input-fz': 'var(--mantine-font-size-sm)',
  '--input-right-section-width': 'var(--ni-right-section-width-sm)',
} as CSSProperties;
const DIMMED = { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-sm)' };

/** Digits grouped by thousands with a space, as the price field shows them (`150 000`). */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export interface PriceInputLookProps {
  label: string;
  /** Whole rubles as typed (digits), or '' for none. */
  value: string;
  id: string;
  style?: CSSProperties;
}

/** Mantine's `<NumberInput>` (size `sm`, no controls, space-grouped) with «₽» on the right. */
export function PriceInputLook({ label, value, id, style }: PriceInputLookProps) {
  return (
    <Frame
      component="NumberInput"
      vars={NUMBER_WRAPPER_VARS}
      rootClass={`${INPUT_LOOK_CLASSES.numberRoot} `}
      rootStyle={style}
    >
      <input
        inputMode="decimal"
        className={named(INPUT_LOOK_CLASSES.input, 'NumberInput')}
        data-variant="default"
        aria-label={label}
        placeholder={label}
        id={id}
        type="text"
        value={groupThousands(value)}
        readOnly
      />
      <div data-position="right" className={named(INPUT_LOOK_CLASSES.section, 'NumberInput')}>
        <p style={DIMMED} className={INPUT_LOOK_CLASSES.dimmed}>
          ₽
        </p>
      </div>
    </Frame>
  );
}
