import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route table in one cached module (assets/manifest-*.js) instead of a `/__manifest` request per page
  // for the routes its links lead to, and the re-render of the page when its answer is patched in
  // (docs/decisions/0185-route-manifest-at-start.md).
  routeDiscovery: { mode: 'initial' },
  future: {
    // Loaders get the request as it came (React Router 8's default) instead of two fresh `Request`s per loader
    // with `.data`, `index` and `_routes` taken out of the URL. Our loaders read only
    // their own query parameters (`q`, `page`, the filters), never the path.
    v8_passThroughRequests: true,
    // The other React Router 8 changes stay off until the upgrade (docs/decisions/0050-quiet-first-start.md):
    // no route middleware is used (opting in changes every loader's `context`); route modules stay whole (the
    // JS budget is measured on today's chunks); `.data` requests keep their current URLs (the server's page
    // cache and the tests read them); the Vite plugin keeps its current build API.
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_trailingSlashAwareDataRequests: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
