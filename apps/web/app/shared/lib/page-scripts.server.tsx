/**
 * The page's React Router scripts on the server, without their bulk passing through React (issue 17 «cold render»).
 *
 * React Router's `<Scripts>` renders ~40 module preload links, the route modules' script (with the page's part of
 * the route manifest, ~6 KB) and, through its stream transfer, the route data (~10–25 KB). React's `renderToString`
 * strings every piece onto one rope, which is then made flat to be encoded. A flat two-byte string (a Russian page)
 * above 128 KB is a large object to V8, and one such page costs ~0.8 ms more to make flat than one just under it —
 * a catalog page's whole text was ~190 KB. Here React renders the page without that bulk: {@link ServerScripts}
 * gives the two inline scripts of `<Scripts>` with the route modules' text as a mark, and {@link finishPage} puts
 * the preloads, that text and the route data into the page's bytes. The preloads and the route modules' text are
 * the same for every page of the same routes, and are kept ({@link SCRIPTS_KEPT}).
 *
 * The bytes are those of React Router's `<Scripts>` with the rewrite of `deferred-scripts.server.ts` (the module
 * script and the preloads inert until the first paint), but for where the preloads stand in `<head>`: at its end
 * here, among React's hoisted tags there (apps/api/test/ssr-one-pass.test.ts compares the two). A build this does
 * not cover (development's hot reload, subresource integrity, a route discovery other than `lazy`, SPA mode) keeps
 * React Router's `<Scripts>` ({@link serverScriptsFit}).
 */
import { LRUCache } from 'lru-cache';
import { matchRoutes, UNSAFE_FrameworkContext, type EntryContext, type RouteObject } from 'react-router';
import { use } from 'react';
import { DEFERRED_MODULE, DEFERRED_PRELOAD } from './deferred-scripts';

/** How many sets of route scripts (routes matched and the page's parent path) are kept. */
export const SCRIPTS_KEPT = 500;

/** What {@link ServerScripts} renders in place of the route modules' text; {@link finishPage} replaces it. */
const MODULES_MARK = '/*vt-route-modules*/';

const enc = (s: string) => Buffer.from(s);
const MODULES_AT = enc(`type="${DEFERRED_MODULE}">${MODULES_MARK}</script>`);
const HEAD_END = enc('</head>');
/** React Router's stream transfer after an empty first chunk: a Suspense boundary with the stream's end. */
const CLOSE_SCRIPT = 'window.__reactRouterContext.streamController.close();</script>';

/** Whether {@link ServerScripts} renders this page's scripts exactly as React Router's `<Scripts>` would. */
export function serverScriptsFit(context: EntryContext): boolean {
  const { manifest } = context;
  return (
    !manifest.hmr &&
    manifest.sri === undefined &&
    !context.isSpaMode &&
    context.ssr &&
    context.routeDiscovery.mode === 'lazy' &&
    !!context.renderMeta
  );
}

/**
 * `<Scripts>` on the server: its two inline scripts — React Router's context, then the route modules' module script
 * (inert: `deferred-scripts.ts`) with a mark for its text — and no preloads; {@link finishPage} adds the rest.
 */
export function ServerScripts({ nonce }: { nonce?: string }) {
  const framework = use(UNSAFE_FrameworkContext)!;
  // React Router's stream transfer renders the data's scripts only after `<Scripts>` has rendered.
  framework.renderMeta!.didRenderScripts = true;
  const n = nonce ?? framework.nonce;
  const context =
    `window.__reactRouterContext = ${framework.serverHandoffString};` +
    'window.__reactRouterContext.stream = new ReadableStream({start(controller){' +
    'window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());';
  return (
    <>
      <script nonce={n} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: context }} />
      <script
        nonce={n}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: MODULES_MARK }}
        type={DEFERRED_MODULE}
      />
    </>
  );
}

interface RouteScripts {
  /** The modules to preload, in `<Scripts>`' order. */
  preloads: string[];
  /** The route modules' script text. */
  modules: string;
}

const kept = new WeakMap<EntryContext['manifest'], LRUCache<string, RouteScripts>>();
const trees = new WeakMap<EntryContext['manifest'], RouteObject[]>();

/**
 * Completes a page rendered with {@link ServerScripts}: the module preloads at the end of `<head>`, the route
 * modules' text in its script, and the route data (`routeData`, React Router's turbo-stream text, read in full by
 * the entry) before the stream's `close()`, handed to the stream in one `enqueue` as React Router's stream transfer
 * does ({@link routeDataScripts}).
 * @param html the page as rendered, UTF-8
 * @param nonce the page's CSP nonce, as given to `<Scripts>`
 * @returns the page's bytes; `html` itself when it has no mark (an error before the scripts rendered)
 */
export function finishPage(html: Buffer, context: EntryContext, nonce: string | undefined, routeData: string): Buffer {
  const at = html.lastIndexOf(MODULES_AT);
  if (at < 0) return html;
  const scripts = routeScripts(context);
  const nonceAttr = nonce === undefined ? '' : ` nonce="${escapeAttr(nonce)}"`;
  const parts: Buffer[] = [];
  const head = html.indexOf(HEAD_END);
  let pos = 0;
  if (head >= 0 && head < at) {
    const links = scripts.preloads.map(
      (href) => `<link ${DEFERRED_PRELOAD}="modulepreload" href="${escapeAttr(href)}"${nonceAttr}/>`,
    );
    parts.push(html.subarray(0, head), enc(links.join('')));
    pos = head;
  }
  const marked = at + MODULES_AT.length - MODULES_MARK.length - '</script>'.length;
  parts.push(html.subarray(pos, marked), enc(scripts.modules));
  pos = marked + MODULES_MARK.length;
  if (routeData) {
    const close = html.lastIndexOf(enc(`<!--$--><script${nonceAttr}>${CLOSE_SCRIPT}`));
    if (close > pos) {
      parts.push(html.subarray(pos, close), enc(routeDataScripts(routeData, nonceAttr)));
      pos = close;
    } else {
      // React Router no longer writes its stream's end as expected: the page works without its code, unhydrated.
      console.error('finishPage: нет скрипта close() потока данных — страница уйдёт без данных маршрутов');
    }
  }
  parts.push(html.subarray(pos));
  return Buffer.concat(parts);
}

/** The preloads and the route modules' text of the page's routes, made once per routes and parent path. */
function routeScripts(context: EntryContext): RouteScripts {
  const { manifest } = context;
  let cache = kept.get(manifest);
  if (!cache) kept.set(manifest, (cache = new LRUCache({ max: SCRIPTS_KEPT })));
  const matches = context.staticHandlerContext.matches.map((m) => m.route.id);
  const pathname = context.staticHandlerContext.location.pathname;
  const key = `${matches.join('\n')}\n\n${pathname.slice(0, pathname.lastIndexOf('/'))}`;
  let scripts = cache.get(key);
  if (!scripts) {
    scripts = { preloads: preloadHrefs(manifest, matches), modules: modulesScript(context, matches) };
    cache.set(key, scripts);
  }
  return scripts;
}

/** The module preloads of `<Scripts>`: the entry module, then its imports and the routes' modules, each once. */
function preloadHrefs(manifest: EntryContext['manifest'], matches: string[]): string[] {
  const hrefs = new Set(manifest.entry.imports);
  for (const id of matches) {
    const route = manifest.routes[id];
    if (!route) continue;
    const own = [route.module, route.clientActionModule, route.clientLoaderModule, route.hydrateFallbackModule];
    for (const href of [...own, ...(route.imports ?? [])]) if (href) hrefs.add(href);
  }
  return [manifest.entry.module, ...hrefs];
}

/** The route modules' script of `<Scripts>`: their imports, the page's part of the route manifest, the entry. */
function modulesScript(context: EntryContext, matches: string[]): string {
  const { manifest } = context;
  const imports = matches
    .map((id, i) => {
      const route = manifest.routes[id]!;
      const name = `route${i}`;
      const chunks = [
        ...(route.clientActionModule ? [{ module: route.clientActionModule, name: `${name}_clientAction` }] : []),
        ...(route.clientLoaderModule ? [{ module: route.clientLoaderModule, name: `${name}_clientLoader` }] : []),
        ...(route.clientMiddlewareModule
          ? [{ module: route.clientMiddlewareModule, name: `${name}_clientMiddleware` }]
          : []),
        ...(route.hydrateFallbackModule
          ? [{ module: route.hydrateFallbackModule, name: `${name}_HydrateFallback` }]
          : []),
        { module: route.module, name: `${name}_main` },
      ];
      if (chunks.length === 1) return `import * as ${name} from ${JSON.stringify(route.module)};`;
      return [
        chunks.map((c) => `import * as ${c.name} from "${c.module}";`).join('\n'),
        `const ${name} = {${chunks.map((c) => `...${c.name}`).join(',')}};`,
      ].join('\n');
    })
    .join('\n');
  return `;
${imports}
  window.__reactRouterManifest = ${JSON.stringify(partialManifest(context, matches), null, 2)};
  window.__reactRouterRouteModules = {${matches.map((id, i) => `${JSON.stringify(id)}:route${i}`).join(',')}};

import(${JSON.stringify(manifest.entry.module)});`;
}

/** The routes of the page and of its parent paths (React Router's lazy route discovery starts from them). */
function partialManifest(context: EntryContext, matches: string[]) {
  const { sri, ...manifest } = context.manifest;
  const ids = new Set(matches);
  const segments = context.staticHandlerContext.location.pathname.split('/').filter(Boolean);
  const paths = ['/'];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join('/')}`);
    segments.pop();
  }
  const tree = routeTree(context.manifest);
  const basename = context.staticHandlerContext.basename || '/';
  for (const path of paths) for (const m of matchRoutes(tree, path, basename) ?? []) ids.add(m.route.id!);
  const routes: Record<string, unknown> = {};
  for (const id of ids) routes[id] = manifest.routes[id];
  return { ...manifest, routes, sri: sri ? true : undefined };
}

/** The routes as a tree for `matchRoutes`, in the manifest's order (as React Router builds its own). */
function routeTree(manifest: EntryContext['manifest']): RouteObject[] {
  let tree = trees.get(manifest);
  if (!tree) {
    const all = Object.values(manifest.routes);
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      all
        .filter((r) => r!.parentId === parentId)
        .map((r) =>
          r!.index
            ? { id: r!.id, index: true, path: r!.path, caseSensitive: r!.caseSensitive }
            : { id: r!.id, path: r!.path, caseSensitive: r!.caseSensitive, children: childrenOf(r!.id) },
        );
    trees.set(manifest, (tree = childrenOf(undefined)));
  }
  return tree;
}

/** The id of the inert script that carries the route data (see {@link routeDataScripts}). */
const ROUTE_DATA_ID = 'vt-route-data';

/**
 * The route data's two scripts: its text in an inert JSON script, and the script that hands that text to React
 * Router's stream (what React Router writes as one script, the text a JS string literal). As the literal, the text
 * was escaped a third time — every quote of the JSON text inside turbo-stream's strings became `\\\"` — and
 * stringifying, escaping and encoding it cost ~0.2 ms a catalog page; as a script's text it needs one escape:
 * `<` as `\u003c`, so nothing in it closes the script or opens a comment. turbo-stream's text has `<` only inside
 * its JSON strings, where `\u003c` reads back as `<`.
 * @param nonceAttr the page's ` nonce="…"` ('' without one)
 */
function routeDataScripts(routeData: string, nonceAttr: string): string {
  return (
    `<script type="application/json" id="${ROUTE_DATA_ID}"${nonceAttr}>${routeData.replace(/</g, '\\u003c')}</script>` +
    `<script${nonceAttr}>window.__reactRouterContext.streamController.enqueue(` +
    `document.getElementById("${ROUTE_DATA_ID}").textContent);</script>`
  );
}

const ATTR_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** An attribute value as React writes it (apostrophe included, unlike the sitemap's XML escape). */
function escapeAttr(s: string): string {
  return s.replace(/[&"'<>]/g, (c) => ATTR_ESCAPES[c]!);
}
