/**
 * Mantine's Burger and Indicator looks without their code, for the header every page renders: the same markup,
 * static classes and CSS variables as `<Burger size="sm" hiddenFrom="md">` and `<Indicator size={18} offset={4}>`
 * render with our theme, styled by @mantine/core/styles.css. Each Mantine component resolves its props, styles and
 * variables on every render — about a tenth of a millisecond each on a cold page (issue 17, cold render).
 * light-marks.test.tsx renders both ways and compares the HTML.
 */
import type { CSSProperties, MouseEventHandler, PointerEventHandler, ReactNode } from 'react';

/** Mantine's own class names for Burger and Indicator, as in @mantine/core 9. */
export const MARK_CLASSES = {
  burger:
    'mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-md',
  burgerLines: 'm_d4fb9cad mantine-Burger-burger',
  indicator: 'm_e5262200 mantine-Indicator-root',
  indicatorLabel: 'm_760d1fb1 mantine-Indicator-indicator',
} as const;

/**
 * The phone menu's burger (`<Burger size="sm" hiddenFrom="md">`): three lines that turn into a cross when `opened`.
 * @param style the button's own style, after the burger's size
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
      style={{ '--burger-size': 'var(--burger-size-sm)', ...style } as CSSProperties}
      className={MARK_CLASSES.burger}
      data-size="sm"
      type="button"
      aria-label={label}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
    >
      <div className={MARK_CLASSES.burgerLines} data-reduce-motion="true" data-opened={opened || undefined} />
    </button>
  );
}

const INDICATOR_VARS = {
  '--indicator-size': 'calc(1.125rem * var(--mantine-scale))',
  '--indicator-z-index': 2,
  '--indicator-top': 'calc(0.25rem * var(--mantine-scale))',
  '--indicator-right': 'calc(0.25rem * var(--mantine-scale))',
  '--indicator-translate-x': '50%',
  '--indicator-translate-y': '-50%',
};

/**
 * A count on the corner of `children` (`<Indicator size={18} offset={4} zIndex={2}>` with a bold 11 px label);
 * nothing over it at 0.
 * @param color a theme colour's CSS variable, e.g. `var(--mantine-color-coral-7)`
 */
export function CountMark({ count, color, children }: { count: number; color: string; children: ReactNode }) {
  return (
    <div style={{ '--indicator-color': color, ...INDICATOR_VARS } as CSSProperties} className={MARK_CLASSES.indicator}>
      {count !== 0 && (
        <div style={{ fontWeight: 700, fontSize: 11 }} className={MARK_CLASSES.indicatorLabel} data-with-label="true">
          {count}
        </div>
      )}
      {children}
    </div>
  );
}
