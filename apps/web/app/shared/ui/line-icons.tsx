/**
 * The outline icons of Tabler (@tabler/icons-react, MIT) the header, the listing and the product pages draw on every render, each as
 * one `<svg>` with one `<path>`: the icon's paths joined into one outline (every one starts with an absolute move and
 * none is filled, so the drawing is the same) and the stroke's look in a class (line-icons.module.css). Tabler's
 * component renders a `<path>` per stroke and ten attributes: a cold page renders these on every request. Decorative
 * (`aria-hidden`): the control around an icon carries the name.
 */
import classes from './line-icons.module.css';

/** The outlines, as Tabler 3 draws them on a 24 × 24 grid. */
const PATHS = {
  heart: 'M19.5 12.572l-7.5 7.428l-7.5 -7.428a5 5 0 1 1 7.5 -6.566a5 5 0 1 1 7.5 6.572',
  shoppingBag:
    'M6.331 8h11.339a2 2 0 0 1 1.977 2.304l-1.255 8.152a3 3 0 0 1 -2.966 2.544h-6.852a3 3 0 0 1 -2.965 -2.544l-1.255 -8.152a2 2 0 0 1 1.977 -2.304M9 11v-5a3 3 0 0 1 6 0v5',
  userCircle:
    'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M9 10a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M6.168 18.849a4 4 0 0 1 3.832 -2.849h4a4 4 0 0 1 3.834 2.855',
  search: 'M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0M21 21l-6 -6',
  chevronDown: 'M6 9l6 6l6 -6',
  message2: 'M8 9h8M8 13h6M9 18h-3a3 3 0 0 1 -3 -3v-8a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v8a3 3 0 0 1 -3 3h-3l-3 3l-3 -3',
  adjustmentsHorizontal:
    'M12 6a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 6l8 0M16 6l4 0M6 12a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 12l2 0M10 12l10 0M15 18a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 18l11 0M19 18l1 0',
} as const;

/** An icon's name. */
export type LineIconName = keyof typeof PATHS;

/**
 * @param name which icon
 * @param size width and height, px (24, as Tabler's)
 * @param stroke the stroke's width (2, as Tabler's)
 */
export function LineIcon({ name, size = 24, stroke = 2 }: { name: LineIconName; size?: number; stroke?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" strokeWidth={stroke} className={classes.icon} aria-hidden>
      <path d={PATHS[name]} />
    </svg>
  );
}
