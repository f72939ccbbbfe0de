/**
 * React's two streaming writers render the same page (shared/lib/page-text.server.ts): the server renders with the
 * string writer of `react-dom/server.bun` where react-dom has one, and this test fails on a React upgrade that makes
 * it differ from the Node writer of `react-dom/server` — or drops it.
 */
import { lazy, Suspense, use } from 'react';
import * as nodeRenderer from 'react-dom/server';
import * as stringRenderer from 'react-dom/server.bun';
import { describe, expect, it } from 'vitest';
import { PageText, renderToPipeableStream } from './page-text.server';

type Render = typeof nodeRenderer.renderToPipeableStream;

/** A page with what the shop's pages have: Suspense resolved later, lazy parts, Cyrillic past a 4 KB view, attributes. */
function Page({ data }: { data: Promise<string> }) {
  const Part = lazy(async () => ({ default: () => <p className="part">Ленивая часть — «готова»</p> }));
  const long = 'Чёрный пуховик на молнии, 12 990 ₽. '.repeat(200);
  return (
    <html lang="ru">
      <head>
        <title>Витрина</title>
        <script nonce="n" dangerouslySetInnerHTML={{ __html: `window.x = ${JSON.stringify(long)};` }} />
      </head>
      <body>
        <a href="/product/1" data-shop-link="intent" aria-label='Товар "1"' style={{ gridColumn: 2 }}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 20.3 4.7 13.2z" />
          </svg>
          {long}
        </a>
        <Suspense fallback={<span>Загрузка…</span>}>
          <Data data={data} />
          <Part />
        </Suspense>
        {['S', 'M', 'L'].map((s, i) => (
          <button key={s} type="button" aria-pressed={i === 1}>
            {s} {i}
          </button>
        ))}
      </body>
    </html>
  );
}

function Data({ data }: { data: Promise<string> }) {
  return <div>{use(data)}</div>;
}

/** Renders {@link Page} with `render` as entry.server does: the whole page after `onAllReady`. */
function renderPage(render: Render): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const data = new Promise<string>((r) => setTimeout(() => r('Данные загрузчика: <script>&"'), 5));
    const { pipe } = render(<Page data={data} />, {
      nonce: 'n',
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(new PageText(resolve)),
      onShellError: reject,
    });
  });
}

describe('the page writer', () => {
  it('renders with the string writer, and it writes the bytes React’s Node writer does', async () => {
    expect(typeof stringRenderer.renderToPipeableStream).toBe('function');
    expect(renderToPipeableStream).toBe(stringRenderer.renderToPipeableStream);
    const [bytes, text] = await Promise.all([
      renderPage(nodeRenderer.renderToPipeableStream),
      renderPage(stringRenderer.renderToPipeableStream),
    ]);
    const html = text.toString('utf8');
    expect(html).toContain('Данные загрузчика: &lt;script&gt;&amp;&quot;');
    expect(html).toContain('Ленивая часть — «готова»');
    expect(html).not.toContain('Загрузка…');
    expect(bytes.length).toBeGreaterThan(4 * 4096);
    expect(text.equals(bytes)).toBe(true);
  });

  it('joins text and byte chunks into one UTF-8 page, once', () => {
    const pages: string[] = [];
    const page = new PageText((b) => pages.push(b.toString('utf8')));
    expect(page.write('<p>Витрина')).toBe(true);
    page.write(Buffer.from(' — 12 990 ₽'));
    page.write('</p>');
    page.end();
    page.end();
    expect(pages).toEqual(['<p>Витрина — 12 990 ₽</p>']);
  });
});
