/**
 * The header's burger and count mark, drawn like Mantine's `<Burger size="sm" hiddenFrom="md">` and
 * `<Indicator size={18} offset={4}>` by a CSS module on Mantine's public CSS variables (light-marks.module.css),
 * without those components' code: the header is on every page's first load.
 */
import type { CSSProperties, MouseEventHandler, PointerEventHandler, ReactNode } from 'react';
import classes from './light-marks.module.css';

/**
 * The phone menu's burger: three lines that turn into a cross when `opened`; hidden from the `md` breakpoint on.
 * @param style the button's own style
 */
export function LightBurger({
  opened,
  onClick,
  onPointerEnter,
  label,
  style,
}: {
  opened: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  onPointerEnter?: PointerEventHandler<HTMLButtonElement>;
  label: string;
  style?: CSSProperties;
}) {
  return (
    <button
      style={style}
      className={`mantine-focus-auto mantine-hidden-from-md ${classes.burger}`}
      type="button"
      aria-label={label}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
    >
      <div className={classes.lines} data-opened={opened || undefined} />
    </button>
  );
}

/**
 * A count on the corner of `children` (18 px, bold 11 px label); nothing over it at 0.
 * @param color the mark's colour, e.g. `var(--mantine-color-coral-7)`
 */
export function CountMark({ count, color, children }: { count: number; color: string; children: ReactNode }) {
  return (
    <div style={{ '--mark-color': color } as CSSProperties} className={classes.mark}>
      {count !== 0 && <div className={classes.count}>{count}</div>}
      {children}
    </div>
  );
}
