/**
 * What the API server hands the web's loaders as React Router's `context` (apps/api/src/web.ts builds it,
 * apps/web/app/shared/lib/load-context.ts reads it). The one definition, and the one augmentation of React Router's
 * `AppLoadContext`: every loader's `context` and the server's `createRequestHandler(build)(request, context)` are
 * typed by it, without casts.
 */

// The module this file augments (below).
import type {} from 'react-router';

/** What of the configuration the browser may know. */
export interface PublicConfig {
  /** Base URL of the API (`PUBLIC_API_URL`); empty for the page's own origin. */
  apiUrl: string;
}

/** A GET answered in-process during SSR: the route's status and its answer as parsed JSON. */
export interface PublicRead {
  status: number;
  data: unknown;
}

/** The SSR loaders' `context`. */
export interface WebLoadContext {
  /** The nonce of this render's inline scripts (then allowed by their hashes). */
  cspNonce: string;
  /** Calls the API in-process (`app.inject`, no network hop) during SSR. */
  apiFetch: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
  /**
   * The hot public GETs (listing by slug, listing pages, filter counts, reference data) answered in-process, without
   * a request and a JSON round trip; `null` for any other path (then `apiFetch`). Absent in tests: everything goes
   * through `apiFetch`.
   */
  apiRead?: (path: string) => Promise<PublicRead> | null;
  /** The site's public origin (canonical links, sitemap). */
  publicUrl: string;
  yandexMapsApiKey?: string;
  /** The shop's contact addresses (`SUPPORT_EMAIL`, `JOBS_EMAIL`); unset ones are not shown. */
  contacts?: { support?: string; jobs?: string };
  /**
   * This request's route data values by their JSON text (apps/web/app/shared/lib/json-text.ts): a loader notes the
   * value it sends as text, and the server's render reads it back instead of parsing the text. One map per request.
   */
  jsonValues?: Map<string, unknown>;
  /** The web build's version. */
  buildId: string;
  /** The public configuration handed to the browser (a whitelist: nothing else of the config goes out). */
  publicConfig?: PublicConfig;
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface merge is how React Router's docs type the context
  interface AppLoadContext extends WebLoadContext {}
}
