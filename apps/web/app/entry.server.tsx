/**
 * Server entry: renders the whole page, then hands it over as one buffer, with the request's CSP nonce on every
 * inline script React Router emits; its module scripts start after the first paint.
 *
 * Not a stream: the server sends a page only once it has all of it (apps/api/src/web.ts — its ETag, its pinned
 * nonce, the micro-cache and the compression need the whole page), so streaming saved nothing there, while the
 * chain React → rewriting Transform → web stream → `Response` cost ~5 % of a cold render's CPU in per-chunk work
 * (issue 17). React still renders through `renderToPipeableStream` — React Router's data travels in Suspense
 * boundaries that `renderToString` cannot wait for — into a Writable that only collects the chunks.
 */
import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './shared/lib/nonce';
import { deferScripts } from './shared/lib/deferred-scripts.server';
import type { LoadContext } from './shared/lib/load-context';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = (loadContext as unknown as LoadContext | undefined)?.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    page.on('finish', () => {
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      // The stylesheet is the page's one render-blocking request, but React puts the route modules' ~40
      // modulepreload links before it in <head>: on a phone's connection it queued behind them, and the first
      // paint with it (Lighthouse, issue 16). Named in the headers, it is asked for first.
      const css = routerContext.manifest.routes.root?.css ?? [];
      if (css.length) responseHeaders.append('Link', css.map((href) => `<${href}>; rel=preload; as=style`).join(', '));
      // The route modules load after the first paint (shared/lib/deferred-scripts.ts).
      const html = deferScripts(Buffer.concat(chunks));
      const body = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
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
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
    page.once('finish', () => clearTimeout(timer));
  });
}

/** The request handler from the React Router copy bundled with this build (used by apps/api/src/web.ts). */
export { createRequestHandler } from 'react-router';
