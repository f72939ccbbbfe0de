/**
 * Where the server render writes a page (apps/web/app/entry.server.tsx), and which of React's streaming renderers
 * writes it. Why: docs/decisions/0010-render-on-public-paths.md («React's string writer»).
 *
 * React ships its streaming renderer (`renderToPipeableStream`) in builds that differ only in how they hand over the
 * page: `react-dom/server` for Node copies every chunk into 4 KB byte views (`TextEncoder.encodeInto` for text,
 * `Uint8Array.set` for its fixed parts), `react-dom/server.bun` writes the chunks as strings. Both are public entry
 * points of react-dom (its `exports`, typed in `@types/react-dom`) and render the same bytes; a cold catalog page is
 * ~9 400 chunks, and on Node 20 the byte copies cost 115–190 ns each (1.1–1.8 ms a page, about a seventh of its cold
 * render). The string build is used while it exports `renderToPipeableStream`, the Node build otherwise; the unit test
 * page-text.test.tsx fails when the two stop rendering the same bytes.
 */
import { EventEmitter } from 'node:events';
import * as nodeRenderer from 'react-dom/server';
import * as stringRenderer from 'react-dom/server.bun';

/** React's streaming renderer with a string writer when react-dom has one, its Node renderer otherwise. */
export const renderToPipeableStream: typeof nodeRenderer.renderToPipeableStream =
  typeof stringRenderer.renderToPipeableStream === 'function'
    ? stringRenderer.renderToPipeableStream
    : nodeRenderer.renderToPipeableStream;

/**
 * A Node `WritableStream` that keeps a page's chunks (strings from React's string writer, bytes from its Node one) and
 * hands the page to `done` as one buffer when React ends it. No backpressure: the page is in memory anyway (the
 * server's ETag, micro-cache and script hashes need all of it), and a write costs an array push, not a stream's
 * bookkeeping.
 */
export class PageText extends EventEmitter implements NodeJS.WritableStream {
  writable = true;
  private readonly parts: (string | Uint8Array)[] = [];
  private allText = true;

  /** @param done called once with the whole page (UTF-8) when the renderer ends the stream */
  constructor(private readonly done: (page: Buffer) => void) {
    super();
  }

  /** Keeps one chunk. @returns true: write on, no `drain` to wait for */
  write(chunk: string | Uint8Array): boolean {
    if (typeof chunk !== 'string') this.allText = false;
    this.parts.push(chunk);
    return true;
  }

  /** The page is complete: hands it to `done`. */
  end(): this {
    if (!this.writable) return this;
    this.writable = false;
    const parts = this.parts;
    this.done(
      this.allText
        ? Buffer.from((parts as string[]).join(''))
        : Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))),
    );
    return this;
  }
}
