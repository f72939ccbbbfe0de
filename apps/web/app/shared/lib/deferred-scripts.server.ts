/**
 * Server side of `deferred-scripts.ts`: rewrites the rendered page so that React Router's module preloads
 * (`rel="modulepreload"`) and its module script (`type="module" async=""`) stay inert until the page's inline start
 * script turns them on after the first paint. `<Scripts>` has no option for either, hence the rewrite of its output.
 * Page content cannot produce these byte sequences: React escapes quotes in text and attributes, and the route data
 * travels as escaped JavaScript strings.
 *
 * Safe on an upgrade: a page in which React Router writes these tags otherwise passes unchanged (its modules then
 * load at once, as React Router intends), and apps/api/test/web/ssr-render.test.ts fails on every kind of public page.
 */
import { DEFERRED_MODULE, DEFERRED_PRELOAD } from './deferred-scripts';

const REWRITES: [Buffer, Buffer][] = [
  // The tag's start, not the attribute alone: the start script's own selector holds `rel="modulepreload"` too.
  [Buffer.from('<link rel="modulepreload"'), Buffer.from(`<link ${DEFERRED_PRELOAD}="modulepreload"`)],
  [Buffer.from('type="module" async=""'), Buffer.from(`type="${DEFERRED_MODULE}"`)],
];

/**
 * The whole page with the module preloads and the module script made inert (the page is rendered in full before it
 * is sent: entry.server.tsx), as bytes.
 * @param html the rendered page, UTF-8
 */
export function deferScripts(html: Buffer): Buffer {
  // Where each pattern next occurs (-1: no more); a pattern is searched again only once passed, so the page is
  // scanned about once per pattern, not once per match.
  const next = REWRITES.map(([from]) => html.indexOf(from));
  const parts: Buffer[] = [];
  let pos = 0;
  for (;;) {
    let i = -1;
    for (let k = 0; k < next.length; k++) if (next[k]! !== -1 && (i === -1 || next[k]! < next[i]!)) i = k;
    if (i === -1) break;
    const [from, to] = REWRITES[i]!;
    parts.push(html.subarray(pos, next[i]), to);
    pos = next[i]! + from.length;
    for (let k = 0; k < next.length; k++)
      if (next[k]! !== -1 && next[k]! < pos) next[k] = html.indexOf(REWRITES[k]![0], pos);
  }
  if (!parts.length) return html;
  parts.push(html.subarray(pos));
  return Buffer.concat(parts);
}
