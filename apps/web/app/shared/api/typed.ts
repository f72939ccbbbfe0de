/**
 * The browser's typed API client: openapi-fetch bound to `paths`, the types generated from the server's OpenAPI
 * document (./schema.d.ts, by scripts/openapi-types.ts). A path the server does not publish, a wrong path or query
 * parameter, a wrong body and a misread answer are compile errors (docs/decisions/0063-typed-api-client.md).
 *
 * It never throws (spec §8): every call answers `{ ok: true, data, status }` or
 * `{ ok: false, error }` with the same `ApiErrorInfo` (a network failure is status 0), sends the token as
 * `Authorization: Token <key>` (unless `auth: false`) and reports a 401 to the token's provider.
 *
 * @example
 *   const res = await apiClient.GET('/v1/orders/{id}/', { params: { path: { id } } });
 *   if (res.ok) res.data.status; // typed from the route's response schema
 */
import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './schema';
import { apiBase, authToken, firstMessage, reportUnauthorized, type ApiResult } from './client';

/**
 * What every typed call takes besides openapi-fetch's `params` / `body`: `auth: false` skips the token; `token` sends
 * that token instead of the current one (signing out revokes the token the page has already forgotten); `form` is a
 * multipart body for the routes that read one themselves (listings, delivery points, cards — their document has no
 * JSON body to type), sent as is with the browser's own `Content-Type` boundary.
 */
export interface CallOptions {
  auth?: boolean;
  token?: string;
  signal?: AbortSignal;
  form?: FormData;
}

/** The optional or required second argument of a call (required when the path has parameters or a body). */
export type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & CallOptions)?] : [Init & CallOptions];

/** The data of an operation's successful answer (its 2xx JSON schema), as openapi-fetch reads it. */
export type Data<Operation, Init> =
  Operation extends Record<string | number, unknown>
    ? NonNullable<FetchResponse<Operation, Init, 'application/json'>['data']>
    : never;

type TypedMethod<Method extends HttpMethod> = <
  Path extends PathsWithMethod<paths, Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<ApiResult<Data<paths[Path][Method], Init>>>;

// `fetch` is looked up per call (not captured once), so a test's or a page's replacement is used.
const client = createClient<paths>({ fetch: (request) => globalThis.fetch(request) });

/** One call through openapi-fetch, turned into the never-throwing `ApiResult`. */
async function send(method: Uppercase<HttpMethod>, url: string, init: (CallOptions & object) | undefined) {
  const { auth, form, token: given, ...rest } = init ?? {};
  const token = auth === false ? null : (given ?? authToken());
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Token ${token}`;
  let answer: { data?: unknown; error?: unknown; response: Response };
  try {
    // The path is one of `paths` (checked by the typed signature below); openapi-fetch's own generic cannot follow it here.
    const options = { ...rest, ...(form ? { body: form } : {}), baseUrl: apiBase() || undefined, headers };
    answer = await client.request(method.toLowerCase() as 'get', url as never, options as never);
  } catch {
    return { ok: false as const, error: { status: 0, ...firstMessage(null, 0) } };
  }
  const { response } = answer;
  if (response.ok) return { ok: true as const, data: answer.data ?? null, status: response.status };
  // A 401 signs out the token in use only, not one that has replaced (or forgotten) the token this call sent.
  if (response.status === 401 && token && token === authToken()) reportUnauthorized();
  const body = typeof answer.error === 'string' ? null : (answer.error ?? null);
  const retry = Number(response.headers.get('retry-after'));
  return {
    ok: false as const,
    error: {
      status: response.status,
      ...firstMessage(body, response.status),
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
      body,
    },
  };
}

const method =
  <M extends HttpMethod>(m: M): TypedMethod<M> =>
  (url, ...init) =>
    send(m.toUpperCase() as Uppercase<HttpMethod>, url, init[0]) as never;

/** The typed API: `apiClient.GET(path, { params: { path, query } })`, `.POST(path, { body })`, … */
export const apiClient = {
  GET: method('get'),
  POST: method('post'),
  PUT: method('put'),
  PATCH: method('patch'),
  DELETE: method('delete'),
};
