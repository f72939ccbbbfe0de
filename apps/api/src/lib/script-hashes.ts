/**
 * A rendered page's inline scripts allowed by their hashes instead of the render's nonce, so that the page's bytes
 * and its `Content-Security-Policy` are the same on every render and every process: a cached page, its compressed
 * copies and its ETag serve every visitor, and a `304` stays valid (docs/decisions/0010-render-on-public-paths.md).
 *
 * The render gives every script it means to run a fresh random nonce (the page's own scripts, React Router's and
 * React's). Here each `<script>` carrying that nonce gets its content's `'sha256-…'` in the CSP in place of the
 * nonce, and the nonce attribute is taken out of the page. A script that does not carry the nonce — one put into
 * the page by its content — gets no hash, and the browser does not run it. A page this does not fully understand
 * (a script without the nonce and without `src`, a script left open, the nonce anywhere else) is left as it is,
 * with its nonce and the CSP naming it: it works, only its bytes differ from render to render.
 */
import { createHash } from 'node:crypto';

const SCRIPT_START = Buffer.from('<script');
const SCRIPT_END = Buffer.from('</script');

/** A page with its inline scripts' hashes in its CSP, or the page as it was. */
export interface HashedPage {
  html: Buffer;
  csp: string;
  /** False when the page was left as it was (see the module's description). */
  hashed: boolean;
}

/** Whether the `type` of a script tag makes it a data block the browser never runs (JSON-LD, JSON). */
function isDataBlock(tag: string): boolean {
  const type = /\stype="([^"]*)"/.exec(tag)?.[1]?.toLowerCase();
  return type !== undefined && type.endsWith('json');
}

/**
 * Replaces `'nonce-<nonce>'` in `csp` by the `'sha256-…'` hashes of the inline scripts of `html` that carry
 * `nonce`, and takes every ` nonce="<nonce>"` attribute out of `html` (see the module's description).
 * @param html the rendered page, UTF-8
 * @param csp the page's `Content-Security-Policy` header ('' when none)
 * @param nonce the render's nonce, as its scripts and `csp` carry it
 */
export function hashInlineScripts(html: Buffer, csp: string, nonce: string): HashedPage {
  const asIs: HashedPage = { html, csp, hashed: false };
  const source = `'nonce-${nonce}'`;
  if (!nonce || !csp.includes(source)) return asIs;
  const attribute = Buffer.from(` nonce="${nonce}"`);
  const hashes = new Set<string>();
  for (let at = html.indexOf(SCRIPT_START); at >= 0; at = html.indexOf(SCRIPT_START, at + 1)) {
    const next = html[at + SCRIPT_START.length];
    if (next !== 0x20 && next !== 0x3e) continue; // not `<script ` nor `<script>`
    const tagEnd = html.indexOf(0x3e, at); // '>'
    if (tagEnd < 0) return asIs;
    const tag = html.toString('utf8', at, tagEnd + 1);
    const end = html.indexOf(SCRIPT_END, tagEnd);
    if (end < 0) return asIs;
    if (/\ssrc=/.test(tag)) continue; // an external script: allowed by its origin
    if (!tag.includes(attribute.toString())) return asIs;
    if (!isDataBlock(tag))
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(html.subarray(tagEnd + 1, end))
          .digest('base64')}'`,
      );
    at = end;
  }
  const parts: Buffer[] = [];
  let pos = 0;
  for (let at = html.indexOf(attribute); at >= 0; at = html.indexOf(attribute, pos)) {
    parts.push(html.subarray(pos, at));
    pos = at + attribute.length;
  }
  parts.push(html.subarray(pos));
  const out = parts.length === 1 ? html : Buffer.concat(parts);
  // The nonce anywhere but in a script's attribute: the page is not what this function knows.
  if (out.includes(nonce)) return asIs;
  return { html: out, csp: csp.split(source).join([...hashes].join(' ')), hashed: true };
}
