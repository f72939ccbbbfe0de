/** The Mantine theme: brand colours, type and radii from design/brand.md, in one place. */
import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: 9,
  colors: { ink, coral },
  black: '#111111',
  white: '#ffffff',
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  headings: {
    fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
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
  },
});
