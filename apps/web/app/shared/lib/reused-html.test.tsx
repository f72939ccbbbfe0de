import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Reused } from './reused-html';
import { PageReuse } from './reused-html.server';

/** Renders `page` as the entry does with a session on `build`: React's output, spliced. */
function render(page: ReactNode, build: object, verify = false): string {
  const reuse = new PageReuse(build, verify);
  return reuse.splice(Buffer.from(renderToString(reuse.provide(page)))).toString();
}

let renders = 0;
let shown = 'один';
function Part({ text = shown }: { text?: string }) {
  renders++;
  return (
    <footer className="f">
      <a href="/about">{text}</a>
      <span>{'<vt-put k="0"></vt-put>'}</span>
    </footer>
  );
}

function Page({ q = '', dep }: { q?: string; dep?: object }) {
  return (
    <main>
      текст
      <Reused name="part" deps={[q, dep]}>
        <Part />
      </Reused>
      ещё текст
      <Reused name="other">
        <p>другая</p>
      </Reused>
    </main>
  );
}

describe('reused parts of a page', () => {
  it('renders a part once per build and deps, and gives the bytes of a render in place', () => {
    const build = {};
    const inPlace = renderToString(<Page />);
    renders = 0;
    expect(render(<Page />, build)).toBe(inPlace);
    expect(renders).toBe(1);
    expect(render(<Page />, build)).toBe(inPlace);
    expect(render(<Page />, build)).toBe(inPlace);
    expect(renders).toBe(1);
    // The marks' look-alike in the part's text is escaped by React, and passes through as text.
    expect(inPlace).toContain('&lt;vt-put k=&quot;0&quot;&gt;');
    expect(inPlace).not.toMatch(/<vt-/);
  });

  it('renders the part again for other deps: strings by value, objects by identity', () => {
    const build = {};
    const a = { menu: 1 };
    renders = 0;
    render(<Page q="куртка" dep={a} />, build);
    render(<Page q="куртка" dep={a} />, build);
    expect(renders).toBe(1);
    render(<Page q="платье" dep={a} />, build);
    expect(renders).toBe(2);
    render(<Page q="куртка" dep={{ menu: 1 }} />, build);
    expect(renders).toBe(3);
    // Another build keeps its own parts.
    render(<Page q="куртка" dep={a} />, {});
    expect(renders).toBe(4);
  });

  it('tells apart lists of deps that look alike: a NUL in a string, a number and its digits, null and "null"', () => {
    const build = {};
    const Many = ({ deps }: { deps: unknown[] }) => (
      <Reused name="many" deps={deps}>
        <Part />
      </Reused>
    );
    const lists: unknown[][] = [
      ['a', 'b'],
      ['a\u0000sb'],
      ['a\u0000', 'sb'],
      [1],
      ['1'],
      [null],
      ['null'],
      [undefined],
      [],
      [true],
      ['true'],
      [1n],
    ];
    renders = 0;
    for (const deps of lists) render(<Many deps={deps} />, build);
    expect(renders).toBe(lists.length);
    for (const deps of lists) render(<Many deps={deps} />, build);
    expect(renders).toBe(lists.length);
  });

  it('renders a part inside a part as part of it', () => {
    const page = (
      <div>
        <Reused name="outer">
          <section>
            <Reused name="inner">
              <Part text="внутри" />
            </Reused>
          </section>
        </Reused>
      </div>
    );
    const build = {};
    const inPlace = renderToString(page);
    expect(render(page, build)).toBe(inPlace);
    expect(render(page, build)).toBe(inPlace);
  });

  it('without a session (the browser, development) is its children', () => {
    expect(renderToString(<Page />)).toBe(renderToString(<Page />));
    expect(renderToString(<Page />)).toContain('<footer class="f">');
  });

  it('with verify, renders every part in place and fails a page whose part changed beyond its deps', () => {
    const build = {};
    shown = 'один';
    render(<Page />, build);
    renders = 0;
    expect(render(<Page />, build, true)).toBe(renderToString(<Page />));
    expect(renders).toBe(2); // in place, and for the comparison above
    shown = 'два';
    expect(() => render(<Page />, build, true)).toThrow(/«part»/);
    shown = 'один';
  });
});
