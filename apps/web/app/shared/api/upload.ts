/**
 * Uploads with progress: a multipart form sent through XMLHttpRequest (fetch cannot report the upload's progress), for
 * the chunks that send photos (the profile, the sell form, messages, claims, covers) — kept out of `client.ts`, which
 * every page loads. The path, its path parameters and the answer's type come from the server's OpenAPI document
 * (`paths`, ./schema.d.ts), as with `apiClient` (docs/decisions/0063-typed-api-client.md).
 */
import type { PathsWithMethod, SuccessResponseJSON } from 'openapi-typescript-helpers';
import { authToken, firstMessage, reportUnauthorized, apiBase, type ApiResult } from './client';
import type { paths } from './schema';

const hasDetail = (body: unknown) =>
  Boolean(body && typeof body === 'object' && typeof (body as { detail?: unknown }).detail === 'string');

type UploadMethod = 'POST' | 'PUT' | 'PATCH';

/** The path parameters an operation requires (`never` when its path has none). */
type PathParams<Operation> = Operation extends { parameters: { path: infer A } } ? A : never;

/** `{ path: {...} }` for a path with parameters (`/v1/chats/{id}/messages/`), nothing for one without. */
type PathArg<Operation> = [PathParams<Operation>] extends [never] ? { path?: never } : { path: PathParams<Operation> };

/** The operation `method` of `path` in the document. */
type Op<M extends UploadMethod, P> = P extends keyof paths
  ? Lowercase<M> extends keyof paths[P]
    ? paths[P][Lowercase<M>]
    : never
  : never;

/** The JSON of an upload's successful (2xx) answer, as the document declares it. */
export type UploadAnswer<M extends UploadMethod, P extends PathsWithMethod<paths, Lowercase<M>>> =
  Op<M, P> extends Record<string | number, unknown> ? SuccessResponseJSON<Op<M, P>> : never;

export interface UploadOptions {
  /** The share of the body sent, 0…1. */
  onProgress?: (part: number) => void;
  /** The message for a failure whose answer names none (by HTTP status; default as `apiClient`). */
  fallback?: (status: number) => string | undefined;
}

/**
 * `/v1/chats/{id}/messages/` with `{ id: 7 }` → `/v1/chats/7/messages/` (each value URI-encoded). A parameter without
 * a value (the types of {@link apiUpload} rule it out) stays as written, and the server answers 404.
 */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = params?.[name];
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}

/**
 * Sends a multipart form through XMLHttpRequest, so the upload's progress can be shown (fetch cannot report it).
 * Like `apiClient` it never throws, sends the token, and reports a 401 to the token's provider.
 * @param method `POST`, `PUT` or `PATCH` — one the document declares for `path`
 * @param path a path of the document, e.g. `/v1/chats/{id}/messages/`; `opts.path` fills its parameters
 * @returns `{ ok: true, data }` with the path's 2xx JSON as the document types it, or `{ ok: false, error }`
 */
export function apiUpload<M extends UploadMethod, P extends PathsWithMethod<paths, Lowercase<M>>>(
  method: M,
  path: P,
  form: FormData,
  opts: UploadOptions & PathArg<Op<M, P>>,
): Promise<ApiResult<UploadAnswer<M, P>>> {
  const token = authToken();
  const url = apiBase() + fillPath(path, opts.path as Record<string, string | number> | undefined);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Token ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ ok: false, error: { status: 0, ...firstMessage(null, 0) } });
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        // The server answers what the route's response schema says (the document is generated from it).
        resolve({ ok: true, data: parsed as UploadAnswer<M, P>, status: xhr.status });
        return;
      }
      if (xhr.status === 401 && token) reportUnauthorized();
      const named = firstMessage(parsed, xhr.status);
      // The answer's own words first (its `detail` or a field's message); else the caller's wording for the status.
      const answered = Boolean(named.fields && Object.keys(named.fields).length) || hasDetail(parsed);
      const message = answered ? named.message : (opts.fallback?.(xhr.status) ?? named.message);
      const retry = Number(xhr.getResponseHeader('retry-after'));
      resolve({
        ok: false,
        error: { status: xhr.status, message, fields: named.fields, retryAfter: retry > 0 ? retry : undefined },
      });
    };
    xhr.send(form);
  });
}
