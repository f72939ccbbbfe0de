import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [reactRouter()],
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
