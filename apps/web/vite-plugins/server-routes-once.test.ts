import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rememberServerRoutes } from './server-routes-once';

/** React Router's bundled modules (both builds) that define `createServerRoutes`. */
function reactRouterModules(): string[] {
  const dist = path.dirname(path.dirname(createRequire(import.meta.url).resolve('react-router')));
  return ['development', 'production'].flatMap((kind) =>
    readdirSync(path.join(dist, kind))
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => path.join(dist, kind, f))
      .filter((f) => readFileSync(f, 'utf8').includes('function createServerRoutes(')),
  );
}

/** A module of the same shape as React Router's: counts how often a tree is built and converted. */
const SHAPED = `
let built = 0, converted = 0;
const mapRouteProperties = () => ({});
function convertRoutesToDataRoutes(routes, map, parent, manifest) {
  converted++;
  for (const r of routes) manifest[r.id] = r;
  return routes.map((r) => ({ ...r }));
}
function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "", routesByParentId = undefined) {
  if (parentId === "") built++;
  return Object.keys(manifest).filter((id) => (manifest[id].parentId ?? "") === parentId).map((id) => ({
    id, children: createServerRoutes(manifest, routeModules, future, isSpaMode, id, routesByParentId),
  }));
}
function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest);
  return { dataRoutes, manifest, location: context.location };
}
return { createServerRoutes, createStaticRouter, counts: () => ({ built, converted }) };
`;

describe('server-routes-once', () => {
  it('rewrites the React Router this project runs (an upgrade that changes the code fails here and in the build)', () => {
    const modules = reactRouterModules();
    expect(modules.length).toBeGreaterThan(0);
    // The ES modules the server build bundles have both functions in one module.
    const esm = modules.filter((f) => f.endsWith('.mjs'));
    expect(esm.length).toBeGreaterThan(0);
    for (const file of esm)
      expect(rememberServerRoutes(readFileSync(file, 'utf8'), file)).toMatchObject({
        serverRoutes: true,
        staticRouter: true,
      });
    for (const file of modules) {
      const out = rememberServerRoutes(readFileSync(file, 'utf8'), file)!;
      expect(out.code, file).toContain('createServerRoutesEach(');
      if (out.staticRouter) expect(out.code, file).toContain('__vtDataRoutes.get(routes)');
    }
  });

  it('builds a manifest’s tree once and converts a tree once, children included', () => {
    const out = rememberServerRoutes(SHAPED, 'shaped.js')!;
    const m = new Function(out.code)() as {
      createServerRoutes: (...a: unknown[]) => { id: string; children: { id: string }[] }[];
      createStaticRouter: (r: unknown, c: { location: string }) => { dataRoutes: unknown; location: string };
      counts: () => { built: number; converted: number };
    };
    const manifest = { root: {}, a: { parentId: 'root' }, b: { parentId: 'root' } };
    const first = m.createServerRoutes(manifest, {}, {}, false);
    expect(first).toEqual([
      {
        id: 'root',
        children: [
          { id: 'a', children: [] },
          { id: 'b', children: [] },
        ],
      },
    ]);
    expect(m.createServerRoutes(manifest, {}, {}, false)).toBe(first);
    const router1 = m.createStaticRouter(first, { location: '/x' });
    const router2 = m.createStaticRouter(first, { location: '/y' });
    expect(router2.dataRoutes).toBe(router1.dataRoutes);
    // What belongs to the request is still its own.
    expect([router1.location, router2.location]).toEqual(['/x', '/y']);
    expect(m.counts()).toEqual({ built: 1, converted: 1 });
    // Another build (another manifest) gets a tree of its own.
    const other = m.createServerRoutes({ root: {} }, {}, {}, false);
    expect(other).not.toBe(first);
    expect(m.counts().built).toBe(2);
  });

  it('leaves other modules alone and refuses a changed shape', () => {
    expect(rememberServerRoutes('export const x = 1;', 'x.js')).toBeNull();
    expect(() =>
      rememberServerRoutes('function createServerRoutes(a) {}\nfunction createStaticRouter(routes) {}', 'changed.js'),
    ).toThrow(/no longer has the expected/);
  });
});
