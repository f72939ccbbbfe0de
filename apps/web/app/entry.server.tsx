/**
 * Server entry: streams the HTML (all of it at once for bots), with the request's CSP nonce on every
 * inline script React Router emits; its module scripts start after the first paint.
 */
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
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
    const userAgent = request.headers.get('user-agent');
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const readyOption = waitForAll ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Lazy parts (shared/lib/lazy.tsx) render at once on the server, inside Suspense boundaries. React
        // would still move a finished boundary out of place — hidden, revealed by a script a frame or up to
        // 300 ms later — once the page before it passes 12.8 KB: the filter sidebar would pop in. Keep
        // finished boundaries in place; only boundaries that really wait stream later.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The route modules load after the first paint (shared/lib/deferred-scripts.ts).
          const body = deferScripts();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // The stylesheet is the page's one render-blocking request, but React puts the route modules'
          // ~40 modulepreload links before it in <head>: on a phone's connection it queued behind them, and
          // the first paint with it (Lighthouse, issue 16). Named in the headers, it is asked for first.
          const css = routerContext.manifest.routes.root?.css ?? [];
          if (css.length)
            responseHeaders.append('Link', css.map((href) => `<${href}>; rel=preload; as=style`).join(', '));
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
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
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** The request handler from the React Router copy bundled with this build (used by apps/api/src/web.ts). */
export { createRequestHandler } from 'react-router';
