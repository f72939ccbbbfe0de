/**
 * One chunk for the code every page runs at start (performance: e2e/site/js-budget.test.ts; decision 0125).
 *
 * Every page of the site renders inside `root.tsx` and `layouts/default.tsx` (app/routes.ts), so the modules they
 * import statically — Mantine's core, the header, the stores, shared helpers — are fetched by every page before it
 * starts. Left to the bundler's automatic splitting, that code came as 40-odd files of 0.1–9 KB, each compressed on
 * its own and each with its own import list: about 10 KB gzip more than the same code as one file. This plugin
 * collects those modules once the module graph is built and gives them one chunk group, `start`; React, React DOM
 * and React Router get a group of their own, `framework`, which changes only on an upgrade and so stays in the
 * browser's cache across deployments.
 *
 * Which modules: the static imports from the two files, followed name by name through re-exporting index files
 * (`@mantine/core`, `@tabler/icons-react`, a feature's `index.ts`), the way the bundler's tree-shaking keeps only the
 * re-exports used. Dynamic `import()`s are not followed: what a layout loads later (the footer, the drawers, the
 * search suggestions) keeps its own chunk, and a route's own modules stay in the route's chunks. The grouping only
 * decides which file a module lands in: a module it misses falls back to the automatic splitting, one it takes in
 * needlessly only makes `start` larger (measured by the JS budget test), and the code runs the same either way.
 */
import type { Plugin, UserConfig } from 'vite';

/** Modules of the framework group: the libraries every page needs that change only on an upgrade. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/** The files every page imports: their static imports make the start group. */
const ROOTS = ['/app/root.tsx', '/app/layouts/default.tsx'];

/** A module's static imports and re-exports, by name. `'*'` stands for a whole namespace or `export *`. */
interface Links {
  /** Whether the module only imports and re-exports (an index file): then only the names asked for are followed. */
  barrel: boolean;
  /** source → imported names (a side-effect import has none). */
  imports: Map<string, Set<string>>;
  /** exported name → where it comes from (`export … from` or an imported binding exported again). */
  reexports: Map<string, { source: string; name: string }>;
  /** sources of `export * from`. */
  stars: string[];
}

type Node = { type: string } & Record<string, unknown>;
const nameOf = (n: unknown) => {
  const node = n as { type: string; name?: string; value?: string };
  return node.type === 'Identifier' ? node.name! : String(node.value);
};

function links(program: { body: Node[] }): Links {
  const out: Links = { barrel: true, imports: new Map(), reexports: new Map(), stars: [] };
  const locals = new Map<string, { source: string; name: string }>();
  const add = (source: string, name?: string) => {
    const names = out.imports.get(source) ?? new Set<string>();
    if (name) names.add(name);
    out.imports.set(source, names);
  };
  for (const st of program.body) {
    if (st.type === 'ImportDeclaration') {
      const source = (st.source as { value: string }).value;
      add(source);
      for (const s of st.specifiers as Node[]) {
        const name =
          s.type === 'ImportSpecifier' ? nameOf(s.imported) : s.type === 'ImportDefaultSpecifier' ? 'default' : '*';
        add(source, name);
        locals.set((s.local as { name: string }).name, { source, name });
      }
    } else if (st.type === 'ExportAllDeclaration') {
      const source = (st.source as { value: string }).value;
      if (st.exported) out.reexports.set(nameOf(st.exported), { source, name: '*' });
      else out.stars.push(source);
    } else if (st.type === 'ExportNamedDeclaration' && !st.declaration) {
      const source = (st.source as { value: string } | null)?.value;
      for (const s of st.specifiers as Node[]) {
        const local = nameOf(s.local);
        const from = source ? { source, name: local } : locals.get(local);
        if (from) out.reexports.set(nameOf(s.exported), from);
        else out.barrel = false;
      }
    } else out.barrel = false;
  }
  return out;
}

/**
 * @returns the plugin for the browser build (it sets the client bundle's chunk groups; leave it out of the server
 *   build).
 */
export function startChunk(): Plugin {
  const start = new Set<string>();
  return {
    name: 'vitrina:start-chunk',
    apply: 'build',
    config(): UserConfig {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: FRAMEWORK, priority: 2 },
                  { name: 'start', test: (id) => start.has(id), priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    async buildEnd() {
      const roots = [...this.getModuleIds()].filter((id) => ROOTS.some((r) => id.endsWith(r)));
      if (roots.length !== ROOTS.length) this.error(`start-chunk: expected ${ROOTS.join(', ')} in the build`);
      const parsed = new Map<string, Links | null>();
      const read = (id: string) => {
        if (!parsed.has(id)) {
          const code = this.getModuleInfo(id)?.code;
          let l: Links | null = null;
          try {
            if (code != null) l = links(this.parse(code) as unknown as { body: Node[] });
          } catch {
            l = null; // not JavaScript (a stylesheet): nothing to follow
          }
          parsed.set(id, l);
        }
        return parsed.get(id)!;
      };
      const resolved = new Map<string, string | null>();
      const resolve = async (source: string, importer: string) => {
        const key = `${importer}\0${source}`;
        if (!resolved.has(key)) resolved.set(key, (await this.resolve(source, importer))?.id ?? null);
        return resolved.get(key)!;
      };
      // Names asked of each module so far ('*' = all of it); a module enters `start` when first reached.
      const asked = new Map<string, Set<string>>();
      const followed = new Set<string>();
      const queue: [string, string[]][] = roots.map((id) => [id, ['*']]);
      while (queue.length) {
        const [id, names] = queue.pop()!;
        if (FRAMEWORK.test(id)) continue;
        const seen = asked.get(id) ?? new Set<string>();
        const fresh = names.filter((n) => !seen.has(n) && !seen.has('*'));
        if (asked.has(id) && !fresh.length) continue;
        fresh.forEach((n) => seen.add(n));
        asked.set(id, seen);
        start.add(id);
        const l = read(id);
        if (!l) continue;
        if (!l.barrel) {
          if (followed.has(id)) continue; // the whole module is in: its imports are followed once
          followed.add(id);
          for (const [source, imported] of l.imports) {
            const to = await resolve(source, id);
            if (to) queue.push([to, [...imported]]);
          }
          continue;
        }
        const all = fresh.includes('*');
        for (const [exported, from] of l.reexports) {
          if (!all && !fresh.includes(exported)) continue;
          const to = await resolve(from.source, id);
          if (to) queue.push([to, [from.name]]);
        }
        for (const source of l.stars) {
          const to = await resolve(source, id);
          if (to) queue.push([to, all ? ['*'] : fresh]);
        }
      }
    },
  };
}
