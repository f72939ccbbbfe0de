/**
 * Sending a multipart form with upload progress (XMLHttpRequest, since fetch has none): the sell form, a claim
 * with photos. Never throws — the answer is an {@link ApiResult}, as every call of the client (spec §8).
 */
import { apiBase, authToken, reportUnauthorized, type ApiResult } from './client';

/**
 * @param method `POST` | `PATCH`
 * @param path the API path, e.g. `/v1/products/`
 * @param opts.onProgress 0…1 of the request body sent
 * @param opts.failMessage what a refusal without a message says (Russian)
 */
export function sendForm<T>(
  method: 'POST' | 'PATCH',
  path: string,
  form: FormData,
  opts: { onProgress?: (part: number) => void; failMessage: string },
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${apiBase()}${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = authToken();
    if (token) xhr.setRequestHeader('authorization', `Token ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () =>
      resolve({
        ok: false,
        error: {
          status: 0,
          message: 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз.',
          fields: {},
        },
      });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, data: body as T, status: xhr.status });
        return;
      }
      const fields: Record<string, string[]> = {};
      let message =
        xhr.status === 413
          ? 'Файл больше 15 МБ.'
          : xhr.status >= 500
            ? 'Сервер временно недоступен. Попробуйте ещё раз.'
            : opts.failMessage;
      if (body && typeof body === 'object') {
        const b = body as Record<string, unknown>;
        if (typeof b.detail === 'string') message = b.detail;
        for (const [k, v] of Object.entries(b)) if (Array.isArray(v)) fields[k] = v.map(String);
        const first = Object.values(fields)[0]?.[0];
        if (first && typeof b.detail !== 'string') message = first;
      }
      if (xhr.status === 401 && token) reportUnauthorized();
      resolve({ ok: false, error: { status: xhr.status, message, fields } });
    };
    xhr.send(form);
  });
}
