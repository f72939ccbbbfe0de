/**
 * The shop's own light buttons, drawn like Mantine's Button and ActionIcon by a CSS module on Mantine's public
 * CSS variables (light-button.module.css), without Mantine's Button code (which brings its Loader along). Used where
 * the first page load needs a button (header, home hero, 404) to keep the home page under 150 KB of gzipped
 * JavaScript (e2e/site/js-budget.test.ts); e2e/catalog/catalog.test.ts checks their computed look.
 */
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { ShopLink } from './shop-link';
import classes from './light-button.module.css';

/** Mantine's global focus ring and press shift (documented global classes, not hashed ones). */
const FOCUS = 'mantine-focus-auto mantine-active';

/** The class of a variant (`filled` is the module's default). */
const VARIANTS = {
  filled: undefined,
  default: classes.default,
  outline: classes.outline,
  subtle: classes.subtle,
  lightCoral: classes.lightCoral,
};

/** The class of a size (`sm` is the module's default). */
const SIZES = { xs: classes.xs, sm: undefined, md: classes.md, lg: classes.lg, 'compact-sm': classes.compactSm };

const RADII = { md: undefined, xl: classes.radiusXl };

export interface LightButtonProps {
  children: ReactNode;
  /** A link (a shop link, prefetched on intent unless `prefetch="none"`) when set; a `<button type="button">` otherwise. */
  to?: string;
  prefetch?: 'intent' | 'none';
  /** A link's click may be `preventDefault()`ed (e.g. a guest asked to sign in first). */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onTouchStart?: () => void;
  /** An icon before the label (Mantine's `leftSection`). */
  leftSection?: ReactNode;
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Full width of the container (Mantine's `fullWidth`). */
  fullWidth?: boolean;
  /** Theme radius (`md` by default, as our theme sets for Button). */
  radius?: 'md' | 'xl';
  'aria-current'?: 'page';
  /** A disabled `<button>` (Mantine's grey disabled look); not for links. */
  disabled?: boolean;
  /** A `<button>` busy with its action: Mantine's loader over it, not pressable (Mantine's `loading`). */
  loading?: boolean;
  /** -1 keeps a duplicate control (a sticky bar's) out of the keyboard path. */
  tabIndex?: number;
  /** Mantine's `visibleFrom` breakpoint. */
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Mantine's `hiddenFrom` breakpoint. */
  hiddenFrom?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** A class of one's own, added to Mantine's. */
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

export function LightButton({
  children,
  to,
  prefetch = 'intent',
  onClick,
  variant = 'filled',
  size = 'sm',
  radius = 'md',
  fullWidth,
  visibleFrom,
  hiddenFrom,
  leftSection,
  className: own,
  style,
  loading,
  disabled,
  ...rest
}: LightButtonProps) {
  const className = [
    FOCUS,
    classes.button,
    VARIANTS[variant],
    SIZES[size],
    RADII[radius],
    visibleFrom && `mantine-visible-from-${visibleFrom}`,
    hiddenFrom && `mantine-hidden-from-${hiddenFrom}`,
    own,
  ];
  const props = {
    className: className.filter(Boolean).join(' '),
    'data-block': fullWidth ? true : undefined,
    'data-with-left-section': leftSection ? true : undefined,
    'data-loading': loading || undefined,
    disabled: disabled || loading || undefined,
    style,
    onClick,
    ...rest,
  };
  const inner = (
    <span className={classes.inner}>
      {leftSection && <span className={classes.section}>{leftSection}</span>}
      <span className={classes.label}>{children}</span>
    </span>
  );
  if (to !== undefined)
    return (
      <ShopLink to={to} prefetch={prefetch} {...props}>
        {inner}
      </ShopLink>
    );
  return (
    <button type="button" {...props}>
      {inner}
    </button>
  );
}

export interface LightIconButtonProps {
  /** The icon. */
  children: ReactNode;
  'aria-label': string;
  /** A link (a shop link, prefetched on intent) when set; a `<button type="button">` otherwise. */
  to?: string;
  onClick?: () => void;
  onPointerEnter?: () => void;
  /** Mantine's `hiddenFrom` breakpoint. */
  hiddenFrom?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  'data-testid'?: string;
}

/** A subtle icon button (header icons, 40 px; 44 px on phones) in Mantine's ActionIcon look. */
export function LightIconButton({ children, to, onClick, hiddenFrom, ...rest }: LightIconButtonProps) {
  // Mantine's `<ActionIcon variant="subtle" color="ink.9">` look, 40 px (44 px on phones).
  const root = `${FOCUS} ${classes.icon}`;
  const props = {
    className: hiddenFrom ? `${root} mantine-hidden-from-${hiddenFrom}` : root,
    onClick,
    ...rest,
  };
  const icon = children;
  if (to !== undefined)
    return (
      <ShopLink to={to} {...props}>
        {icon}
      </ShopLink>
    );
  return (
    <button type="button" {...props}>
      {icon}
    </button>
  );
}
