/** The Mantine theme: brand colours, type and radii from design/brand.md, in one place. */
import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

const ink: MantineColorsTuple = [
  '#f4f4f2',
  '#e5e5e2',
  '#c9c9c5',
  '#a8a8a3',
  '#7a7a75',
  '#5a5a56',
  '#3a3a37',
  '#262624',
  '#1a1a19',
  '#111111',
];
const coral: MantineColorsTuple = [
  '#fdeee9',
  '#f9d6cb',
  '#f3b09c',
  '#ee886b',
  '#e96a47',
  '#e4572e',
  '#d04a23',
  '#b23e1c',
  '#943316',
  '#772810',
];

/**
 * Mantine's palettes with shade 9 darkened where it failed WCAG AA: shade 9 is the text of the `light`
 * variant (status badges, alerts, light buttons) on shade 1 or 2, and the `filled` background under white
 * text (our primary shade is 9). Each value below has at least 4.5:1 against shades 1 and 2 of its palette
 * (Mantine's orange 9 on orange 1, the «Ожидает оплаты» badge, was 3.6:1).
 */
const DARK_9: Record<string, string> = {
  red: '#ad2424',
  grape: '#832d99',
  violet: '#5738b4',
  indigo: '#3147b3',
  blue: '#155896',
  cyan: '#0a6778',
  teal: '#076d4e',
  green: '#226e32',
  lime: '#46700a',
  yellow: '#a15300',
  orange: '#a9380c',
};
const accessible: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DARK_9).map(([name, nine]): [string, MantineColorsTuple] => {
    const [c0, c1, c2, c3, c4, c5, c6, c7, c8] = DEFAULT_THEME.colors[name]!;
    return [name, [c0, c1, c2, c3, c4, c5, c6, c7, c8, nine]];
  }),
);

/** Close buttons of dialogs, drawers, alerts and toasts: an icon (✕), named in Russian. */
const CLOSE = { 'aria-label': 'Закрыть' };

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: 9,
  colors: { ...accessible, ink, coral },
  black: '#111111',
  white: '#ffffff',
  fontFamily:
    "'Inter Variable', 'Inter Fallback', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  headings: {
    fontFamily:
      "'Inter Variable', 'Inter Fallback', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    fontWeight: '700',
    sizes: { h1: { fontSize: '36px' }, h2: { fontSize: '28px' }, h3: { fontSize: '22px' } },
  },
  defaultRadius: 'md',
  fontSizes: { xs: '12px', sm: '14px', md: '15px', lg: '17px', xl: '20px' },
  focusRing: 'auto',
  other: {
    mist: '#F4F4F2',
    line: '#E5E5E2',
    accent: '#E4572E',
    success: '#2F9E44',
    warning: '#F08C00',
    error: '#E03131',
  },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // The dialogs' title bar is a `<header>`, which outside article/section is a second `banner` landmark on the
    // page (axe landmark-no-duplicate-banner): it is only the dialog's title and close button.
    Modal: { defaultProps: { closeButtonProps: CLOSE, attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { closeButtonProps: CLOSE, attributes: { header: { role: 'none' } } } },
    Alert: { defaultProps: { closeButtonLabel: 'Закрыть' } },
    // Mantine's grey description (#868e96) is 3.3:1 on white.
    Notification: {
      defaultProps: { closeButtonProps: CLOSE },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Without the focus placeholder, a `<div tabindex>` that is not a menu item inside role="menu".
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});
