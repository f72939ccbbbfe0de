/**
 * Server side of `deferred-scripts.ts`: a byte stream over the rendered HTML that makes React Router's module
 * preloads (`rel="modulepreload"`) and its module script (`type="module" async=""`) inert until the page's
 * inline start script turns them on after the first paint. `<Scripts>` has no option for either, hence the
 * rewrite of its output. Page content cannot produce these byte sequences: React escapes quotes in text and
 * attributes, and the route data travels as escaped JavaScript strings.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { DEFERRED_MODULE, DEFERRED_PRELOAD } from './deferred-scripts';

const REWRITES: [Buffer, Buffer][] = [
  [Buffer.from('rel="modulepreload"'), Buffer.from(`${DEFERRED_PRELOAD}="modulepreload"`)],
  [Buffer.from('type="module" async=""'), Buffer.from(`type="${DEFERRED_MODULE}"`)],
];
const LONGEST = Math.max(...REWRITES.map(([from]) => from.length));

/** The first rewrite found in `buf` from `start`: its offset and pair, or null. */
function nextMatch(buf: Buffer, start: number): { at: number; from: Buffer; to: Buffer } | null {
  let best: { at: number; from: Buffer; to: Buffer } | null = null;
  for (const [from, to] of REWRITES) {
    const at = buf.indexOf(from, start);
    if (at !== -1 && (!best || at < best.at)) best = { at, from, to };
  }
  return best;
}

/** How many bytes at the end of `buf` could begin a pattern cut between two chunks. */
function partialTail(buf: Buffer): number {
  for (let n = Math.min(LONGEST - 1, buf.length); n > 0; n--) {
    const tail = buf.subarray(buf.length - n);
    if (REWRITES.some(([from]) => from.length > n && tail.equals(from.subarray(0, n)))) return n;
  }
  return 0;
}

/**
 * The rewriting stream: every chunk passes at once, except the few bytes at its end that could start a pattern
 * cut in two (held until the next chunk or the end).
 */
export function deferScripts(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback) {
      const buf = Buffer.concat([carry, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      const parts: Buffer[] = [];
      let pos = 0;
      for (let m = nextMatch(buf, 0); m; m = nextMatch(buf, pos)) {
        parts.push(buf.subarray(pos, m.at), m.to);
        pos = m.at + m.from.length;
      }
      const rest = buf.subarray(pos);
      const keep = partialTail(rest);
      carry = Buffer.from(rest.subarray(rest.length - keep));
      parts.push(rest.subarray(0, rest.length - keep));
      done(null, Buffer.concat(parts));
    },
    flush(done: TransformCallback) {
      done(null, carry);
    },
  });
}
