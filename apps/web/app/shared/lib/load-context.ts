/**
 * What the Fastify server passes to loaders as `context` (mirrors `WebLoadContext` in apps/api/src/web.ts).
 * `apiFetch` calls the API in-process (no network hop) during SSR.
 */
export interface LoadContext {
  cspNonce: string;
  apiFetch: (
    path: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
  /**
   * The hot public GETs (listing by slug, listing pages, filter counts, reference data) answered in-process: the
   * route's status and its answer as parsed JSON, without a request and a JSON round trip; `null` for any other
   * path (then `apiFetch`). Absent in older servers and tests: everything goes through `apiFetch`.
   */
  apiRead?: (path: string) => Promise<{ status: number; data: unknown }> | null;
  publicUrl: string;
  yandexMapsApiKey?: string;
  /** The shop's contact addresses (`SUPPORT_EMAIL`, `JOBS_EMAIL`); unset ones are not shown. */
  contacts?: { support?: string; jobs?: string };
  buildId: string;
  /** The public configuration handed to the browser (spec §7: a whitelist), e.g. the API's base URL. */
  publicConfig?: PublicConfig;
}

/** What of the configuration the browser may know. */
export interface PublicConfig {
  /** Base URL of the API (`PUBLIC_API_URL`); empty for the page's own origin. */
  apiUrl: string;
}

/**
 * GET a public API path during SSR and return its JSON (in-process through `apiRead` when the server answers that
 * path so, otherwise through `apiFetch`; the same answer either way — «cold render»).
 * @throws Response 404 when the API answers 404 (renders the route's 404 boundary), Error otherwise
 */
export async function apiLoad<T>(context: unknown, path: string): Promise<T> {
  const ctx = context as LoadContext;
  const read = ctx.apiRead?.(path);
  const { status, data } = read ? await read : await fetched(ctx, path);
  if (status === 404) throw new Response('Страница не найдена', { status: 404 });
  if (status < 200 || status >= 300) throw new Error(`API ${path} → ${status}`);
  return data as T;
}

/** A GET through `apiFetch`: its status, and its JSON when it succeeded. */
async function fetched(ctx: LoadContext, path: string): Promise<{ status: number; data: unknown }> {
  const res = await ctx.apiFetch(path);
  return { status: res.status, data: res.ok ? await res.json() : null };
}
