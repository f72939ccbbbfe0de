/**
 * React Router builds the same route tree again for every page it renders on the server (issue 17, cold render):
 * its `<ServerRouter>` calls `createServerRoutes` (a route object, a component wrapper and an error element for
 * each of our ~30 routes) and `createStaticRouter` converts that tree to data routes, both per request, although
 * their input — the build's route manifest and modules — never changes while the build runs. This plugin, for the
 * server bundle only, makes both calls remember their answer per input object (a `WeakMap`, so a new build in
 * development starts afresh): a cold catalog page −0.45…0.9 ms, a product page −0.4 ms of Node CPU (one process,
 * old build against new, on the 2-core machine of 2026-11-28; docs/performance.md).
 *
 * The static router's tree is read-only on the server (its `patchRoutes` throws, and route `lazy` is used only in
 * SPA mode, which the shop does not use), so one tree can serve every request. The rewrite is textual: when React
 * Router's code no longer has the expected shape (an upgrade), {@link rememberServerRoutes} throws and the build
 * fails, rather than silently rendering without it.
 */
import type { Plugin } from 'vite';

/** The definition of `createServerRoutes` in React Router's bundled code. */
const SERVER_ROUTES = /\bfunction createServerRoutes\(/g;
/** The first lines of `createStaticRouter`: a fresh manifest and a fresh conversion to data routes. */
const STATIC_ROUTER =
  /function createStaticRouter\(routes, context, opts = \{\}\) \{\s*let manifest = \{\};\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest,?\s*\);/g;

const REMEMBERED_SERVER_ROUTES = `const __vtServerRoutes = new WeakMap();
/* vitrina: the route tree of a build's manifest, made once (apps/web/vite-plugins/server-routes-once.ts). */
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
\tif (rest.length) return createServerRoutesEach(manifest, routeModules, future, isSpaMode, ...rest);
\tlet routes = __vtServerRoutes.get(manifest);
\tif (!routes) {
\t\troutes = createServerRoutesEach(manifest, routeModules, future, isSpaMode);
\t\t__vtServerRoutes.set(manifest, routes);
\t}
\treturn routes;
}
function createServerRoutesEach(`;

const REMEMBERED_STATIC_ROUTER = `const __vtDataRoutes = new WeakMap();
/* vitrina: the data routes of a route tree, converted once (apps/web/vite-plugins/server-routes-once.ts). */
function createStaticRouter(routes, context, opts = {}) {
\tlet converted = __vtDataRoutes.get(routes);
\tif (!converted) {
\t\tlet manifest = {};
\t\tconverted = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };
\t\t__vtDataRoutes.set(routes, converted);
\t}
\tlet { manifest, dataRoutes } = converted;`;

/** Which of the two functions a module of React Router defines and had rewritten. */
export type Rewritten = { code: string; serverRoutes: boolean; staticRouter: boolean };

/**
 * Rewrites one module of React Router's code: `createServerRoutes` and `createStaticRouter`, where the module
 * defines them, remember their answers (see the module's description).
 * @param code the module's text
 * @param id its file, for the error message
 * @returns the rewritten text and which functions it had, or `null` when it defines neither
 * @throws Error when the module defines either function in another form than the expected one
 */
export function rememberServerRoutes(code: string, id: string): Rewritten | null {
  const serverRoutes = code.match(SERVER_ROUTES)?.length ?? 0;
  const staticRouters = code.match(/\bfunction createStaticRouter\(/g)?.length ?? 0;
  if (serverRoutes === 0 && staticRouters === 0) return null;
  const expected = code.match(STATIC_ROUTER)?.length ?? 0;
  if (serverRoutes > 1 || staticRouters > 1 || expected !== staticRouters)
    throw new Error(
      `server-routes-once: React Router's ${id} no longer has the expected createServerRoutes/createStaticRouter; ` +
        'see apps/web/vite-plugins/server-routes-once.ts',
    );
  // The function's own recursive calls (with a parent id) reach the wrapper and go on to the original.
  return {
    code: code.replace(SERVER_ROUTES, REMEMBERED_SERVER_ROUTES).replace(STATIC_ROUTER, REMEMBERED_STATIC_ROUTER),
    serverRoutes: serverRoutes === 1,
    staticRouter: staticRouters === 1,
  };
}

/**
 * The Vite plugin: {@link rememberServerRoutes} on React Router's modules in the server build. The build fails
 * when it did not rewrite both functions.
 */
export function serverRoutesOnce(): Plugin {
  let serverRoutes = false;
  let staticRouter = false;
  return {
    name: 'vitrina:server-routes-once',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const out = rememberServerRoutes(code, id);
      if (!out) return null;
      serverRoutes ||= out.serverRoutes;
      staticRouter ||= out.staticRouter;
      return { code: out.code, map: null };
    },
    buildEnd(error) {
      if (!error && !(serverRoutes && staticRouter))
        this.error(
          'server-routes-once: the server build has no React Router createServerRoutes/createStaticRouter to rewrite',
        );
    },
  };
}
