/**
 * Server entry (React Router's documented `entry.server`): React's streaming renderer waits for the whole page
 * (`onAllReady`), which is then handed over as one buffer — the server's ETag, micro-cache, compression and CSP
 * script hashes need the whole page (apps/api/src/web.ts). React Router renders its own `<Scripts>`, `<Links>` and
 * `<Meta>` (root.tsx); every inline script carries the render's nonce, which the server turns into hashes
 * (apps/api/src/lib/script-hashes.ts). The one rewrite of the bytes makes the module scripts start after the first
 * paint (shared/lib/deferred-scripts.server.ts; it leaves a page it does not recognise as it is). Why the page is
 * rendered so: docs/decisions/0010-render-on-public-paths.md.
 */
import { Writable } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from './shared/lib/nonce';
import { deferScripts } from './shared/lib/deferred-scripts.server';
import { renderWithJsonValues } from './shared/lib/json-text';

/** How long React Router waits for deferred loader data, ms (its documented export). */
export const streamTimeout = 5_000;

/**
 * How long a render may take before it is aborted, ms: a last guard against a page that never finishes (deferred data
 * is already settled by React Router at {@link streamTimeout}). Generous, as a render on a busy machine (a cold start
 * loading its lazy parts under load) can take seconds, and an aborted render is a 500.
 */
const RENDER_LIMIT_MS = 30_000;

/**
 * Renders a page for React Router (its `handleDocumentRequest`), waiting for every Suspense boundary.
 * @returns the whole page, `text/html`, with `responseStatusCode` (500 after an error inside a boundary)
 * @throws the error of a page whose shell could not render (React Router then renders its error boundary)
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // `?.`: a render without the server's context (tests of the entry alone) has no nonce.
  const nonce = loadContext?.cspNonce;
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
      clearTimeout(timer);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      // The stylesheet is the page's one render-blocking request, but React puts the route modules' ~40
      // modulepreload links before it in <head>: on a phone's connection it queued behind them, and the first
      // paint with it. Named in the headers, it is asked for first.
      const css = routerContext.manifest.routes.root?.css ?? [];
      if (css.length) responseHeaders.append('Link', css.map((href) => `<${href}>; rel=preload; as=style`).join(', '));
      // The route modules load after the first paint (shared/lib/deferred-scripts.ts).
      const html = deferScripts(Buffer.concat(chunks));
      const body = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    });
    // The render reads the loaders' values, not their JSON texts parsed again (shared/lib/json-text.ts).
    const { pipe, abort } = renderWithJsonValues(loadContext?.jsonValues, () =>
      renderToPipeableStream(
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
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
          onError(error: unknown) {
            responseStatusCode = 500;
            if (shellRendered) console.error(error);
          },
        },
      ),
    );
    // React calls back only after this (its work starts on a later turn), so the timer is set before it is cleared.
    const timer = setTimeout(abort, RENDER_LIMIT_MS);
  });
}

/** The request handler from the React Router copy bundled with this build (used by apps/api/src/web.ts). */
export { createRequestHandler } from 'react-router';
