/**
 * Server entry: renders the whole page, then hands it over as one buffer, with the request's CSP nonce on every
 * inline script React Router emits; its module scripts start after the first paint.
 *
 * Not a stream: the server sends a page only once it has all of it (apps/api/src/web.ts — its ETag, its pinned
 * nonce, the micro-cache and the compression need the whole page).
 *
 * One pass (issue 17, cold render): React Router's route data is encoded first, in full, and handed to its
 * `<Scripts>` as already read; nothing on a page then waits, so React renders it with `renderToString`, into one
 * string. The streaming renderer wrote the same page as ~50 chunks of bytes, encoded piece by piece (~12 % of a
 * cold catalog page's CPU). Should anything still wait — a lazy part whose module is not loaded yet — or fail, the
 * one pass throws (outside any Suspense boundary) or leaves React's client-render marker (inside one), and the page
 * is rendered again by {@link renderStreamed}, which waits for everything as before.
 */
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { NonceContext } from './shared/lib/nonce';
import { deferScripts } from './shared/lib/deferred-scripts.server';
import { ServerScriptsContext } from './shared/lib/page-scripts';
import { finishPage, ServerScripts, serverScriptsFit } from './shared/lib/page-scripts.server';
import { PageReuse } from './shared/lib/reused-html.server';
import { verifyReused } from './shared/lib/reused-html';
import type { LoadContext } from './shared/lib/load-context';

export const streamTimeout = 5_000;

const DOCTYPE = Buffer.from('<!DOCTYPE html>');
/** React's marker of a Suspense boundary left to the browser (`renderToString` gives it for a boundary that waits). */
const CLIENT_RENDERED = '<!--$!';

/**
 * Reads React Router's route data stream (turbo-stream; it ends once every deferred value has settled, or at
 * `streamTimeout`) to its end. Where `<Scripts>` looks for what it has read (`renderMeta.streamCache`) it then finds
 * an empty first chunk and the end: React renders the stream's `close()` script, and {@link finishPage} puts the
 * data in one `enqueue` before it — the scripts React Router writes when it reads the stream itself, without the
 * data passing through React. With React Router's own `<Scripts>` (`withData`: a build {@link serverScriptsFit}
 * does not cover) the first chunk is the data, and React renders it.
 * @returns the data's text; null when the context has no data stream (nothing to hand over)
 */
async function readRouteData(context: EntryContext, withData: boolean): Promise<string | null> {
  const stream = context.serverHandoffStream;
  const meta = context.renderMeta;
  if (!stream || !meta) return null;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  const read = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });
  meta.streamCache = { 0: read(false, withData ? text : ''), 1: read(true, '') };
  return text;
}

/** How a page is rendered: its nonce, and whether its scripts are {@link ServerScripts} (else React Router's). */
interface Rendering {
  nonce: string | undefined;
  serverScripts: boolean;
  /** The route data read by {@link readRouteData}, for {@link finishPage}; '' when none. */
  routeData: string;
  /** The server reads the page through {@link pageBytes}: the answer has no body (`LoadContext.takesPageBytes`). */
  takesPageBytes: boolean;
}

function pageOf(routerContext: EntryContext, request: Request, r: Rendering, reuse?: PageReuse): ReactNode {
  const page = (
    <NonceContext.Provider value={r.nonce}>
      <ServerScriptsContext.Provider value={r.serverScripts ? ServerScripts : null}>
        <ServerRouter context={routerContext} url={request.url} nonce={r.nonce} />
      </ServerScriptsContext.Provider>
    </NonceContext.Provider>
  );
  return reuse ? reuse.provide(page) : page;
}

/**
 * The finished page as React Router's answer: its scripts completed ({@link finishPage}) or, from React Router's
 * `<Scripts>`, made inert until the first paint; the stylesheet named in `Link`.
 */
function answer(html: Buffer, status: number, headers: Headers, routerContext: EntryContext, r: Rendering): Response {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // The stylesheet is the page's one render-blocking request, but React puts the route modules' ~40
  // modulepreload links before it in <head>: on a phone's connection it queued behind them, and the first
  // paint with it (Lighthouse, issue 16). Named in the headers, it is asked for first.
  const css = routerContext.manifest.routes.root?.css ?? [];
  if (css.length) headers.append('Link', css.map((href) => `<${href}>; rel=preload; as=style`).join(', '));
  // The route modules load after the first paint (shared/lib/deferred-scripts.ts).
  const page = r.serverScripts ? finishPage(html, routerContext, r.nonce, r.routeData) : deferScripts(html);
  const body = r.takesPageBytes ? null : new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.byteLength);
  const response = new Response(body, { headers, status });
  answered.set(response, page);
  return response;
}

/** The bytes of the pages answered, by their answer (see {@link pageBytes}). */
const answered = new WeakMap<Response, Buffer>();

/**
 * The bytes of a page this entry answered, as they are: apps/api/src/web.ts takes them without reading the answer's
 * body through its stream (~0.1 ms a page: the stream's reader, chunks and copy). When the load context says so
 * (`takesPageBytes`), the answer is made without a body at all: undici makes a stream for any body (~0.1 ms more).
 * @returns undefined for an answer this entry did not make (React Router's own: a HEAD request's, an error's)
 */
export function pageBytes(response: Response): Buffer | undefined {
  return answered.get(response);
}

/**
 * Renders a page for React Router (its `handleDocumentRequest`): in one pass, or streamed when something on the
 * page waits (see the module comment).
 * @returns the whole page, `text/html`, with `responseStatusCode` (500 after an error inside a boundary)
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const context = loadContext as unknown as LoadContext | undefined;
  const nonce = context?.cspNonce;
  const serverScripts = serverScriptsFit(routerContext);
  const routeData = await readRouteData(routerContext, !serverScripts);
  const r: Rendering = {
    nonce,
    serverScripts,
    routeData: routeData ?? '',
    takesPageBytes: context?.takesPageBytes === true,
  };
  if (routeData !== null) {
    let html: string | null = null;
    // Parts the same on every page are rendered once (shared/lib/reused-html.tsx): in the one pass only, whose
    // output is whole when accepted (a part of the streamed render may have waited, leaving a placeholder).
    const reuse = serverScripts ? new PageReuse(routerContext.manifest, verifyReused()) : undefined;
    try {
      html = renderToString(pageOf(routerContext, request, r, reuse));
    } catch {
      // Something outside any Suspense boundary waits (`renderToString` cannot), or the page fails: the streaming
      // renderer waits, or gives the error to React Router.
    }
    if (html !== null && !html.includes(CLIENT_RENDERED)) {
      const page = Buffer.from(html);
      const body = Buffer.concat([DOCTYPE, reuse ? reuse.splice(page) : page]);
      return answer(body, responseStatusCode, responseHeaders, routerContext, r);
    }
  }
  if (routerContext.renderMeta?.streamCache) {
    // The one pass took the data stream's reader (React Router takes one on every render, even with the data
    // already read): the second render gets a stand-in, as the data comes from `streamCache`.
    routerContext.serverHandoffStream = new ReadableStream({ start: (c) => c.close() });
  }
  return renderStreamed(request, responseStatusCode, responseHeaders, routerContext, r);
}

/**
 * The page rendered by React's streaming renderer, which waits for every Suspense boundary (`onAllReady`) and
 * collects the chunks. For a page on which something suspends in the one pass; an error inside a boundary makes
 * the answer a 500, as an error of the page itself does.
 */
function renderStreamed(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  r: Rendering,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    page.on('finish', () =>
      resolve(answer(Buffer.concat(chunks), responseStatusCode, responseHeaders, routerContext, r)),
    );
    const { pipe, abort } = renderToPipeableStream(pageOf(routerContext, request, r), {
      nonce: r.nonce,
      // Lazy parts (shared/lib/lazy.tsx) render at once on the server, inside Suspense boundaries. React would
      // still move a finished boundary out of place — hidden, revealed by a script — once the page before it
      // passes 12.8 KB: the filter sidebar would pop in. Keep finished boundaries in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(page);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    const timer = setTimeout(abort, streamTimeout + 1000);
    page.once('finish', () => clearTimeout(timer));
  });
}

/**
 * The page as React Router renders it alone: streamed, React Router reading its data stream and rendering its own
 * `<Scripts>` (made inert as in development). The reference {@link handleRequest} is compared with, byte for byte
 * but for where the module preloads stand in `<head>` (apps/api/test/ssr-one-pass.test.ts).
 */
export function handleRequestStreamed(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const context = loadContext as unknown as LoadContext | undefined;
  return renderStreamed(request, responseStatusCode, responseHeaders, routerContext, {
    nonce: context?.cspNonce,
    serverScripts: false,
    routeData: '',
    takesPageBytes: context?.takesPageBytes === true,
  });
}

/** The request handler from the React Router copy bundled with this build (used by apps/api/src/web.ts). */
export { createRequestHandler } from 'react-router';
