import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { deferScripts } from './deferred-scripts.server';

/** Streams `chunks` through the rewrite and returns the output text. */
async function through(chunks: (string | Buffer)[]): Promise<string> {
  const out: Buffer[] = [];
  const t = Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).pipe(deferScripts());
  for await (const c of t) out.push(c as Buffer);
  return Buffer.concat(out).toString('utf8');
}

const PAGE =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Цена 12 990 ₽</p>' +
  '<script nonce="n">window.x = 1;</script><script nonce="n" type="module" async="">import "/a.js";</script></body>';
const DEFERRED = PAGE.replaceAll('rel="modulepreload"', 'data-rel="modulepreload"').replace(
  'type="module" async=""',
  'type="text/vt-deferred-module"',
);

describe('deferScripts', () => {
  it('makes the module preloads and the module script inert, leaving the rest of the page as it was', async () => {
    expect(await through([PAGE])).toBe(DEFERRED);
  });

  it('finds a pattern cut between chunks at any byte, and letters cut in two survive', async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++)
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(DEFERRED);
  });

  it('does not hold back a chunk that cannot start a pattern', async () => {
    const t = deferScripts();
    const first = new Promise<string>((resolve) => t.once('data', (c: Buffer) => resolve(c.toString())));
    t.write(Buffer.from('<div>товар</div>'));
    expect(await first).toBe('<div>товар</div>');
    t.end();
  });

  it('keeps text that only looks like the start of a pattern', async () => {
    expect(await through(['<p>rel="mod', 'ule" type="module"</p>'])).toBe('<p>rel="module" type="module"</p>');
  });
});
