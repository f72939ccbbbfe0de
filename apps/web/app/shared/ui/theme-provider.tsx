/**
 * Mantine's context and theme for the whole app without MantineProvider's runtime CSS work: our theme's
 * CSS variables and global classes come from a static stylesheet generated at build time (see
 * vite.config.ts), and the colour scheme is always light (set on `<html>` by `mantineHtmlProps` and
 * ColorSchemeScript). So the code that computes the variables, writes them into a `<style>` and manages
 * the colour scheme stays out of every page's JavaScript. The context value is what MantineProvider
 * (Mantine 9) provides with `forceColorScheme="light"` and its defaults.
 */
import { MantineContext, MantineThemeProvider, type MantineThemeOverride } from '@mantine/core';
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

/** Provides Mantine's context and `theme` to `children` (use once, at the root). */
export function ThemeProvider({ theme, children }: { theme: MantineThemeOverride; children: ReactNode }) {
  return (
    <MantineContext value={CONTEXT}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
