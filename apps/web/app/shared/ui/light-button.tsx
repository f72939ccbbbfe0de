/**
 * Mantine's Button look without Mantine's Button code (which brings its Loader along): the same markup and
 * static classes as `<Button>` renders, styled by @mantine/core/styles.css; the CSS variables Mantine writes
 * inline for a variant, size and radius come from classes (light-button.module.css). Used where
 * the first page load needs a button (header, home hero, 404) to keep the home page under 150 KB of
 * gzipped JavaScript (issue 2). light-button.test.ts checks the classes still exist in Mantine's CSS.
 */
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { ShopLink } from './shop-link';
import classes from './light-button.module.css';

/** Mantine's own class names for Button (root, inner, label), as in @mantine/core 9. */
export const BUTTON_CLASSES = {
  root: 'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
  inner: 'm_80f1301b mantine-Button-inner',
  label: 'm_811560b9 mantine-Button-label',
  section: 'm_a74036a mantine-Button-section',
} as const;

/** The classes of a variant (light-button.module.css: the variables Mantine's variant resolver gives our theme). */
const VARIANTS = { filled: undefined, default: classes.default, outline: classes.outline, subtle: classes.subtle };

/** The classes of a size (Mantine's size variables; `sm` is the stylesheet's default and needs none). */
const SIZES = { sm: undefined, md: classes.md, lg: classes.lg, 'compact-sm': classes.compactSm };

const RADII = { md: classes.radiusMd, xl: classes.radiusXl };

export interface LightButtonProps {
  children: ReactNode;
  /** A link (a shop link, prefetched on intent unless `prefetch="none"`) when set; a `<button type="button">` otherwise. */
  to?: string;
  prefetch?: 'intent' | 'none';
  /** A link's click may be `preventDefault()`ed (e.g. a guest asked to sign in first). */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  /** An icon before the label (Mantine's `leftSection`). */
  leftSection?: ReactNode;
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Full width of the container (Mantine's `fullWidth`). */
  fullWidth?: boolean;
  /** Theme radius (`md` by default, as our theme sets for Button). */
  radius?: 'md' | 'xl';
  'aria-current'?: 'page';
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
  ...rest
}: LightButtonProps) {
  const className = [
    BUTTON_CLASSES.root,
    VARIANTS[variant],
    SIZES[size],
    RADII[radius],
    visibleFrom && `mantine-visible-from-${visibleFrom}`,
    hiddenFrom && `mantine-hidden-from-${hiddenFrom}`,
    own,
  ];
  const props = {
    className: className.filter(Boolean).join(' '),
    'data-variant': variant === 'filled' ? undefined : variant,
    'data-size': size === 'sm' ? undefined : size,
    'data-block': fullWidth ? true : undefined,
    'data-with-left-section': leftSection ? true : undefined,
    style,
    onClick,
    ...rest,
  };
  const inner = (
    <span className={BUTTON_CLASSES.inner}>
      {leftSection && (
        <span className={BUTTON_CLASSES.section} data-position="left">
          {leftSection}
        </span>
      )}
      <span className={BUTTON_CLASSES.label}>{children}</span>
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

/** Mantine's own class names for ActionIcon (root, icon), as in @mantine/core 9. */
export const ACTION_ICON_CLASSES = {
  root: 'mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root',
  icon: 'm_8d3afb97 mantine-ActionIcon-icon',
} as const;

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

/** Mantine's subtle ActionIcon look (header icons, 40 px) without ActionIcon's code. */
export function LightIconButton({ children, to, onClick, hiddenFrom, ...rest }: LightIconButtonProps) {
  // `variant="subtle" color="ink.9"` (light-button.module.css); the size (40 px) comes from `.vt-icon-button`.
  const root = `${ACTION_ICON_CLASSES.root} ${classes.iconSubtle} vt-icon-button`;
  const props = {
    className: hiddenFrom ? `${root} mantine-hidden-from-${hiddenFrom}` : root,
    'data-variant': 'subtle',
    onClick,
    ...rest,
  };
  const icon = <span className={ACTION_ICON_CLASSES.icon}>{children}</span>;
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
