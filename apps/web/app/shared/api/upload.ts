/**
 * Uploads with progress: a multipart form sent through XMLHttpRequest (fetch cannot report the upload's progress), for
 * the chunks that send photos (the profile, the sell form, messages) — kept out of `client.ts`, which every page loads.
 */
import { authToken, firstMessage, reportUnauthorized, apiBase, type ApiResult } from './client';

const hasDetail = (body: unknown) =>
  Boolean(body && typeof body === 'object' && typeof (body as { detail?: unknown }).detail === 'string');

/**
 * Sends a multipart form through XMLHttpRequest, so the upload's progress can be shown (fetch cannot report it).
 * Like `api()` it never throws, sends the token, and reports a 401 to the token's provider.
 * @param onProgress the share of the body sent, 0…1
 * @param fallback the message for a failure whose answer names none (by HTTP status; default as `api()`)
 */
export function apiUpload<T>(
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  form: FormData,
  opts: { onProgress?: (part: number) => void; fallback?: (status: number) => string | undefined } = {},
): Promise<ApiResult<T>> {
  const token = authToken();
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiBase() + path);
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
        resolve({ ok: true, data: parsed as T, status: xhr.status });
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
