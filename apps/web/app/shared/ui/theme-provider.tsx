/**
 * Mantine's context and theme for the whole app without MantineProvider's runtime CSS work: our theme's
 * CSS variables and global classes come from a static stylesheet generated at build time (see
 * vite.config.ts), and the colour scheme is always light (set on `<html>` by `mantineHtmlProps` and
 * ColorSchemeScript). So the code that computes the variables, writes them into a `<style>` and manages
 * the colour scheme stays out of every page's JavaScript. The context value is what MantineProvider
 * (Mantine 9) provides with `forceColorScheme="light"` and its defaults.
 */
import {
  DEFAULT_THEME,
  MantineContext,
  MantineThemeContext,
  mergeMantineTheme,
  type MantineTheme,
  type MantineThemeOverride,
} from '@mantine/core';
import type { ReactNode } from 'react';

const noop = () => undefined;

const CONTEXT = {
  colorScheme: 'light',
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
  deduplicateInlineStyles: false,
} as const;

/**
 * Our theme merged into Mantine's defaults, once per theme object. MantineThemeProvider merges them in a
 * `useMemo`, which on the server runs again for every page (a deep merge of the whole theme: ~0.4 % of a cold
 * page's Node CPU); the merged theme never changes.
 */
const merged = new WeakMap<MantineThemeOverride, MantineTheme>();

/** Provides Mantine's context and `theme` (merged into Mantine's defaults) to `children` (use once, at the root). */
export function ThemeProvider({ theme, children }: { theme: MantineThemeOverride; children: ReactNode }) {
  let value = merged.get(theme);
  if (!value) merged.set(theme, (value = mergeMantineTheme(DEFAULT_THEME, theme)));
  return (
    <MantineContext value={CONTEXT}>
      <MantineThemeContext value={value}>{children}</MantineThemeContext>
    </MantineContext>
  );
}
