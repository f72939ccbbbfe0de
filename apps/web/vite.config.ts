import { reactRouter } from '@react-router/dev/vite';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin } from 'vite';
import { theme } from './app/shared/ui/theme';

/**
 * `virtual:mantine-theme.css`: the theme's CSS variables and Mantine's global classes, which
 * MantineProvider would otherwise write as a `<style>` (~11 KB) into every page. Generated at build
 * time by rendering MantineProvider with our theme (so it is exactly what Mantine writes) and bundled
 * into the root stylesheet — a static, cacheable file. root.tsx imports it and provides the theme with
 * ThemeProvider (shared/ui/theme-provider.tsx), which writes no `<style>`.
 */
function mantineThemeCss(): Plugin {
  const id = 'virtual:mantine-theme.css';
  const resolved = `\0${id}`;
  return {
    name: 'vitrina:mantine-theme-css',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loaded) {
      if (loaded !== resolved) return undefined;
      const html = renderToStaticMarkup(createElement(MantineProvider, { theme, forceColorScheme: 'light' }));
      return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
    },
  };
}

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [mantineThemeCss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { sourcemap: false },
  // The production server bundle carries its own React, React Router and Mantine, with React's production
  // builds chosen at build time: `npm start` does not set NODE_ENV=production (demo providers stay on), and
  // React's development builds render pages several times slower. web.ts takes createRequestHandler from
  // this bundle (entry.server re-exports it), so the whole SSR path uses one copy of React Router.
  ...(isSsrBuild && command === 'build'
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
}));
