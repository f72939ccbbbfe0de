import { describe, expect, it } from 'vitest';
import { deferScripts } from './deferred-scripts.server';
import { START_SCRIPTS } from './deferred-scripts';

const PAGE =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/s.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Цена 12 990 ₽</p>' +
  '<script nonce="n">window.x = 1;</script><script nonce="n" type="module" async="">import "/a.js";</script></body>';
const DEFERRED = PAGE.replaceAll('<link rel="modulepreload"', '<link data-rel="modulepreload"').replace(
  'type="module" async=""',
  'type="text/vt-deferred-module"',
);
const rewrite = (html: string) => deferScripts(Buffer.from(html)).toString('utf8');

describe('deferScripts', () => {
  it('makes the module preloads and the module script inert, leaving the rest of the page as it was', () => {
    expect(rewrite(PAGE)).toBe(DEFERRED);
  });

  it('keeps text that only looks like a pattern, and a page without any as the same bytes', () => {
    expect(rewrite('<p>rel="module" type="module"</p>')).toBe('<p>rel="module" type="module"</p>');
    const plain = Buffer.from('<div>товар</div>');
    expect(deferScripts(plain)).toBe(plain);
  });

  it('leaves the start script, whose selector names the inert preloads, as it is', () => {
    const script = `<script nonce="n">${START_SCRIPTS}</script>`;
    expect(START_SCRIPTS).toContain('link[data-rel="modulepreload"]');
    expect(rewrite(script)).toBe(script);
  });

  it('rewrites a pattern at the very start and at the very end', () => {
    expect(rewrite('<link rel="modulepreload"')).toBe('<link data-rel="modulepreload"');
    expect(rewrite('<script type="module" async="">')).toBe('<script type="text/vt-deferred-module">');
  });
});
