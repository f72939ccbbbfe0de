/**
 * How much JavaScript a page makes the browser fetch first: the scripts and modulepreloads its HTML
 * references, as files of the web build, summed raw and gzipped at level 9. Used by the bench (home page)
 * and by the browser tests' budget of 150 KB per page (e2e/site/js-budget.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Files, bytes and gzipped bytes of a page's first scripts; `list` names each file with its gzipped size. */
export interface PageJs {
  files: number;
  raw: number;
  gz: number;
  /**
   * Of `gz`, React Router's route manifest (`assets/manifest-*.js`): the route table, one file for every page,
   * data rather than code (docs/decisions/0185-route-manifest-at-start.md).
   */
  manifestGz: number;
  list: { file: string; gz: number }[];
}

/**
 * @param base the running shop, e.g. `http://127.0.0.1:3000`
 * @param pagePath the page, e.g. `/seller/1`
 * @param clientDir the web build's client folder (`apps/web/build/client`) the server serves
 */
export async function pageJs(base: string, pagePath: string, clientDir: string): Promise<PageJs> {
  const html = await (await fetch(base + pagePath)).text();
  const refs = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="([^"]+\.js)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*["']([^"']+\.js)["']/g)) refs.add(m[1]!);
  const out: PageJs = { files: 0, raw: 0, gz: 0, manifestGz: 0, list: [] };
  for (const ref of refs) {
    const rel = new URL(ref, base).pathname.replace(/^\//, '');
    const file = path.join(clientDir, rel);
    if (!existsSync(file)) continue;
    const buf = readFileSync(file);
    const gz = gzipSync(buf, { level: 9 }).length;
    out.raw += buf.length;
    out.gz += gz;
    out.files++;
    if (/^assets\/manifest-[\w-]+\.js$/.test(rel)) out.manifestGz += gz;
    out.list.push({ file: rel, gz });
  }
  return out;
}
